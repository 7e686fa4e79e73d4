import type { ProposalRegistrationRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/**
 * POST crm/proposta/0 (product-spec §7): the client's registration and the operations; the server saves the
 * client and creates one proposal per selected operation, or refuses with its text (nothing written).
 * The screen needs only the answer's text, so its `data` (the proposals created) is not read.
 */
export const registerProposal = (request: ProposalRegistrationRequest) =>
  apiSend({ method: 'post', path: '/crm/proposta/0', body: request });
