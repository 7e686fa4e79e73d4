import { useQuery, type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CACHE } from './queryClient';

export type ApiQueryResult<TData, TError> = UseQueryResult<TData, TError> & {
  /** The first load has taken 3 s or more (product-spec §9 "loading-slow"): the screen may say so. */
  isSlow: boolean;
};

/** True once `waiting` has lasted CACHE.LOADING_SLOW_MS for the same key; false again when it stops. */
function useSlow(waiting: boolean, keyHash: string): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setSlow(true), CACHE.LOADING_SLOW_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting, keyHash]);
  return waiting && slow;
}

/**
 * useQuery with the page's rules (see createQueryClient: failures become a toast) plus `isSlow`.
 * Pass a feature's query options: `useApiQuery(getLeadsQueryOptions())`.
 */
export function useApiQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): ApiQueryResult<TData, TError> {
  const query = useQuery(options);
  // The first load: nothing to show yet and a request under way.
  const isSlow = useSlow(query.isLoading, JSON.stringify(options.queryKey));
  // Added to the result rather than spread into a copy: spreading would read every field and defeat
  // react-query's tracking of the fields a screen uses (it re-renders only when those change).
  return Object.assign(query, { isSlow });
}

/** `isSlow` here: `current` has been awaited 3 s or more. */
export type EditableQueryResult<TData, TError> = ApiQueryResult<TData, TError> & {
  /** The data as read since this screen opened, else undefined: what a form that edits it may start from. */
  current: TData | undefined;
};

/**
 * A read that a form will edit: read again whenever the form's screen opens, and offered as `current` only once
 * that read is back. A form starts from its first values; started from a copy cached at an earlier opening
 * (another person may have saved since, or this one), it would show stale values and write them back on save.
 */
export function useEditableQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): EditableQueryResult<TData, TError> {
  const query = useQuery({ ...options, refetchOnMount: 'always' });
  const current = query.isSuccess && query.isFetchedAfterMount ? query.data : undefined;
  const isSlow = useSlow(current === undefined && !query.isError, JSON.stringify(options.queryKey));
  return Object.assign(query, { current, isSlow });
}
