import { telefonesResponse } from '@consig/shared';
import { apiGet, phoneKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/cliente/telefones/{id}: the client's phones. */
export const getPhones = (clientId: number) => apiGet(`/crm/cliente/telefones/${clientId}`, telefonesResponse);

export const getPhonesQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: phoneKeys.list({ clientId }), queryFn: () => getPhones(clientId) });

export const usePhones = (clientId: number) => useApiQuery(getPhonesQueryOptions(clientId));
