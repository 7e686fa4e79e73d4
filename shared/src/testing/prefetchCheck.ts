import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { prefetchQueryOptions, type PrefetchRead } from '@consig/shared/query';
import { fakeApi } from './fakeApi';

/** A screen's own read, as its `api/` file builds it, and the `data` of an answer its contract accepts. */
export interface ScreenRead {
  options: { queryKey: QueryKey; queryFn?: unknown };
  data: unknown;
}

/** A remote's manifest as far as its routes' reads go (its public/consig-remote.json). */
interface ManifestReads {
  routes: { prefetch?: (PrefetchRead & { at: string })[] }[];
}

/** What a read asks the API for and what it caches, against a server that answers `data`. */
async function outcome(options: ScreenRead['options'], data: unknown) {
  const server = fakeApi(() => ({ body: { success: true, text: '', data } }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const cached = await client
      .fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0])
      .catch((error: unknown) => `falha: ${String(error)}`);
    return { requests: server.requests, cached };
  } finally {
    server.restore();
    client.clear();
  }
}

/**
 * Each `prefetch` entry of a remote's manifest checked against the screen's read of the same key: the host caches,
 * under that key, what the screen would (the same request, parsed by the same contract). Returns what does not hold,
 * one line per entry; a manifest whose path, key or contract name drifted from the screen's code gives one.
 */
export async function prefetchMismatches(manifest: ManifestReads, reads: readonly ScreenRead[]): Promise<string[]> {
  const mismatches: string[] = [];
  for (const entry of manifest.routes.flatMap((route) => route.prefetch ?? [])) {
    const read = reads.find(({ options }) => hashKey(options.queryKey) === hashKey(entry.queryKey));
    const prefetch = prefetchQueryOptions(entry);
    if (!read) mismatches.push(`${entry.at} ${entry.get}: nenhuma leitura da tela tem a chave ${JSON.stringify(entry.queryKey)}`);
    else if (!prefetch) mismatches.push(`${entry.at} ${entry.get}: o contrato "${entry.response}" não é um export de @consig/shared`);
    else {
      const [screen, host] = [await outcome(read.options, read.data), await outcome(prefetch, read.data)];
      if (JSON.stringify(screen) !== JSON.stringify(host)) {
        mismatches.push(`${entry.at} ${entry.get}: a tela ${JSON.stringify(screen)}, o prefetch ${JSON.stringify(host)}`);
      }
    }
  }
  return mismatches;
}
