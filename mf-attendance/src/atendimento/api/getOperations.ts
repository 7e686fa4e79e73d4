import { operationsResponse } from '@consig/shared';
import { ApiFailure, apiGet, operationKeys, type RequestConfig } from '@consig/shared/query';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /crm/cliente/operacoes/{id}: one operation card per credit type, with the server's figures. An unknown client
 * (404) has none: its own read, made beside this one, already says 'Cliente não encontrado.', once.
 */
export const getOperations = (clientId: string, config?: RequestConfig) =>
  apiGet(`/crm/cliente/operacoes/${encodeURIComponent(clientId)}`, operationsResponse, config).catch((error: unknown) => {
    if (error instanceof ApiFailure && error.status === 404) return [];
    throw error;
  });

export const getOperationsQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: operationKeys.list({ clientId }), queryFn: ({ signal }) => getOperations(clientId, { signal }) });

/**
 * The client's operations, the one copy the client service screen shows (null: no client open, nothing read). Its
 * failures are the query client's toast; a write that re-prices them names this read as stale.
 */
export const useClientOperations = (clientId: string | null) =>
  useQuery({ ...getOperationsQueryOptions(clientId ?? ''), enabled: clientId !== null });
