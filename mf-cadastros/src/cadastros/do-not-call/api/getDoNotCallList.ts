import { doNotDisturbListResponse } from '@consig/shared';
import { apiGet, doNotCallKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * GET /cadastro/naoperturbe?busca= (supervisors and managers): the company's numbers nobody calls, newest first (at
 * most 200), and how many match in all; `busca` is part of a number, digits only.
 */
export const getDoNotCallList = (search: string, config?: RequestConfig) =>
  apiGet('/cadastro/naoperturbe', doNotDisturbListResponse, { ...config, search: { busca: search } });

export const getDoNotCallListQueryOptions = (search: string) =>
  queryOptions({
    queryKey: doNotCallKeys.list({ busca: search }),
    queryFn: ({ signal }) => getDoNotCallList(search, { signal }),
    // Typing in the search keeps the last list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useDoNotCallList = (search: string) => useApiQuery(getDoNotCallListQueryOptions(search));
