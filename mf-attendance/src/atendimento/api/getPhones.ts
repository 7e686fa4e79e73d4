import { phonesResponse } from '@consig/shared';
import { apiGet, phoneKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/cliente/telefones/{id}: the client's phones. */
export const getPhones = (clientId: number, config?: RequestConfig) => apiGet(`/crm/cliente/telefones/${clientId}`, phonesResponse, config);

export const getPhonesQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: phoneKeys.list({ clientId }), queryFn: ({ signal }) => getPhones(clientId, { signal }) });

export const usePhones = (clientId: number) => useApiQuery(getPhonesQueryOptions(clientId));
