import { operacoesResponse } from '@consig/shared';
import { apiGet, operationKeys } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/cliente/operacoes/{id}: one operation card per credit type, with the server's figures. */
export const getOperations = (clientId: string) => apiGet(`/crm/cliente/operacoes/${encodeURIComponent(clientId)}`, operacoesResponse);

export const getOperationsQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: operationKeys.list({ clientId }), queryFn: () => getOperations(clientId) });
