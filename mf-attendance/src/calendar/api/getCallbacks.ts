import { callbacksResponse, type CallbacksQuery } from '@consig/shared';
import { apiGet, callbackKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /crm/retornos?inicio=&fim=[&ID_Atendente=]: the callbacks still waiting that fall due on those São Paulo days,
 * in due order (an attendant's own; a supervisor's team, or one attendant's).
 */
export const getCallbacks = (query: CallbacksQuery, config?: RequestConfig) =>
  apiGet('/crm/retornos', callbacksResponse, { ...config, search: query });

export const getCallbacksQueryOptions = (query: CallbacksQuery) =>
  queryOptions({ queryKey: callbackKeys.list(query), queryFn: ({ signal }) => getCallbacks(query, { signal }) });

export const useCallbacks = (query: CallbacksQuery) => useApiQuery(getCallbacksQueryOptions(query));
