import { useQuery, type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CACHE } from './queryClient';

export type ApiQueryResult<TData, TError> = UseQueryResult<TData, TError> & {
  /** The first load has taken 3 s or more (product-spec §9 "loading-slow"): the screen may say so. */
  isSlow: boolean;
};

/**
 * useQuery with the page's rules (see createQueryClient: failures become a toast) plus `isSlow`.
 * Pass a feature's query options: `useApiQuery(getLeadsQueryOptions())`.
 */
export function useApiQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): ApiQueryResult<TData, TError> {
  const query = useQuery(options);
  const loading = query.isLoading; // the first load: nothing to show yet and a request under way
  const keyHash = JSON.stringify(options.queryKey);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!loading) return undefined;
    const timer = setTimeout(() => setSlow(true), CACHE.LOADING_SLOW_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [loading, keyHash]);

  // Added to the result rather than spread into a copy: spreading would read every field and defeat
  // react-query's tracking of the fields a screen uses (it re-renders only when those change).
  return Object.assign(query, { isSlow: loading && slow });
}
