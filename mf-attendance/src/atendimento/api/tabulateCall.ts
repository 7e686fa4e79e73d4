import { callOutcomeResponse, type CallOutcomeRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** PUT /crm/tabulacao/cliente: the outcome of the call with the client this attendant holds. */
export const tabulateCall = (request: CallOutcomeRequest) =>
  apiSend({ method: 'put', path: '/crm/tabulacao/cliente', body: request, response: callOutcomeResponse });
