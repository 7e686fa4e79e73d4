import { contractsByName } from '@consig/shared';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiGet, type DataSchema } from './request';

/**
 * A read a remote's manifest declares for one of its routes (docs/architecture.md "Prefetch"): the path, the key
 * and the contract's export name as strings, since the host knows no screen. Each must be the screen's own read
 * (its query options), which every remote's prefetch test checks.
 */
export interface PrefetchRead {
  get: string;
  queryKey: QueryKey;
  response: string;
}

/** The contract a manifest names (an export of @consig/shared, the page's one copy, so the one the screen parses with). */
export function contractNamed(name: string): DataSchema | null {
  const value = contractsByName[name];
  return typeof value === 'object' && value !== null && '_zod' in value ? (value as DataSchema) : null;
}

/** The query options a manifest's read stands for, or null when the contract it names does not exist. */
export function prefetchQueryOptions({ get, queryKey, response }: PrefetchRead) {
  const schema = contractNamed(response);
  if (!schema) return null;
  return queryOptions({ queryKey, queryFn: ({ signal }) => apiGet(get, schema, { signal }) });
}
