import { clienteBasicoResponse } from '@consig/shared';
import { apiGet, clientKeys } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/cliente/basicoPorID/{id}: the client of /atendimento?clientId=… (digits only, see clientId.ts). */
export const getClient = (clientId: string) =>
  apiGet(`/crm/cliente/basicoPorID/${encodeURIComponent(clientId)}`, clienteBasicoResponse).then(({ cliente }) => cliente);

export const getClientQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: clientKeys.detail(clientId), queryFn: () => getClient(clientId) });
