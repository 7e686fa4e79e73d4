import { basicClientResponse } from '@consig/shared';
import { apiGet, clientKeys, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/cliente/basicoPorID/{id}: the client of /atendimento?clientId=… (digits only, see clientId.ts). */
export const getClient = (clientId: string, config?: RequestConfig) =>
  apiGet(`/crm/cliente/basicoPorID/${encodeURIComponent(clientId)}`, basicClientResponse, config).then(({ cliente }) => cliente);

export const getClientQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: clientKeys.detail(clientId), queryFn: ({ signal }) => getClient(clientId, { signal }) });
