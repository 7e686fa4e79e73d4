/**
 * '@consig/shared/query': typed reads, writes and downloads (parsed with the contracts' schemas), the one
 * QueryClient of the page with the cached-read rules of product-spec §9, every query key, the reference reads
 * every remote shares (lookups), a manifest's prefetch as query options, and the providers around them.
 * A Module Federation singleton of its own, apart from '@consig/shared', so the sign-in page does not load
 * react-query. It reaches the core through the package name, never a relative path, so the session and the
 * API client stay single instances.
 */
export * from './request';
export * from './queryClient';
export * from './keys';
export * from './lookups';
export * from './prefetch';
export * from './useApiQuery';
export * from './useApiMutation';
export * from './QueryLoading';
export * from './AppProviders';
