import { focusManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { errorText, isNetworkFailure } from '@consig/shared';
import { ApiFailure } from './request';

/**
 * Cached reads of product-spec §9, the figures SWR (the original's library) uses: a read is fresh for
 * 2 s (dedupe), revalidated when the window regains focus at most once every 5 s, retried after 5 s
 * (10 s on a slow network) when it failed for want of an answer, and flagged slow after 3 s.
 */
export const CACHE = {
  DEDUPE_MS: 2_000,
  FOCUS_THROTTLE_MS: 5_000,
  ERROR_RETRY_MS: 5_000,
  SLOW_NETWORK_ERROR_RETRY_MS: 10_000,
  LOADING_SLOW_MS: 3_000,
  /** SWR retries without end (with back-off); three retries at the spec's interval, then the error shows. */
  MAX_RETRIES: 3,
} as const;

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** SWR's test for a slow connection (≤ 70 kbit/s): effective type 'slow-2g' or '2g', or data saver on. */
export function onSlowNetwork(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
  return !!connection && (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g' || connection.saveData === true);
}

/** Failures that may pass by themselves: no answer at all, a server error, or "too many requests". */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiFailure) return error.status >= 500 || error.status === 429;
  return isNetworkFailure(error);
}

/**
 * Focus revalidation as SWR does it: on 'visibilitychange' (tab shown) and 'focus' (window switched to),
 * at most once per 5 s, so flipping between windows does not flood the API. React Query itself refetches
 * only reads older than the dedupe interval.
 */
function listenToFocusThrottled(onFocus: () => void) {
  if (typeof window === 'undefined' || !window.addEventListener) return undefined;
  let last = Number.NEGATIVE_INFINITY;
  const listener = () => {
    if (document.visibilityState === 'hidden') return;
    const now = Date.now();
    if (now - last < CACHE.FOCUS_THROTTLE_MS) return;
    last = now;
    onFocus();
  };
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
}

focusManager.setEventListener((handleFocus) => listenToFocusThrottled(() => handleFocus()));

/**
 * A QueryClient with the page's rules. A read that finally fails shows its text as an error toast once
 * (one toast per query, replaced rather than stacked when it fails again); a query with
 * `meta: { errorToast: false }` handles its own failures.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false) return;
        toast.error(errorText(error), { id: `query:${query.queryHash}` });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: CACHE.DEDUPE_MS,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < CACHE.MAX_RETRIES && isTransient(error),
        retryDelay: () => (onSlowNetwork() ? CACHE.SLOW_NETWORK_ERROR_RETRY_MS : CACHE.ERROR_RETRY_MS),
      },
      // A write is never repeated behind the user's back: it may not be idempotent.
      mutations: { retry: false },
    },
  });
}

/** The one QueryClient host and remotes share (the same library is not enough: it must be the same instance). */
export const queryClient = createQueryClient();

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
  }
}
