/**
 * '@consig/shared/query': cached reads (the one QueryClient of the page, useApiQuery) and the providers
 * around them. A Module Federation singleton of its own, apart from '@consig/shared', so the sign-in page
 * does not load react-query. It reaches the core through the package name, never a relative path, so
 * the session and the API client stay single instances.
 */
export * from './query';
export * from './AppProviders';
