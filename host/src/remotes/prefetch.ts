import { prefetchQueryOptions, queryClient } from '@consig/shared/query';
import { routeAvailableTo, type RemoteManifest, type RoutePrefetch } from './manifest';
import { unmetRequirementsOf, type RemoteName } from './registry';

/** The reads the manifests declare for `pathname` (routes' `prefetch`), of routes a user of `roleId` may open in remotes this host can run. */
export function prefetchesAt(
  manifests: (RemoteManifest & { remote: RemoteName })[],
  pathname: string,
  roleId: number | undefined,
): RoutePrefetch[] {
  return manifests
    .filter(({ remote }) => unmetRequirementsOf(remote).length === 0)
    .flatMap(({ routes, navigation }) =>
      routes.filter((route) => routeAvailableTo(route, navigation, roleId)).flatMap((route) => route.prefetch ?? []),
    )
    .filter(({ at }) => at === pathname);
}

/**
 * Starts the first reads of the screen at `pathname` into the page's QueryClient, in parallel with the
 * screen's code (docs/architecture.md "Independent deployment"): the screen's useQuery with the same key
 * finds the request in flight, or its answer, instead of starting it once its code has arrived. A read
 * still fresh is not repeated (prefetchQuery honours staleTime); a failure is the screen's, shown once.
 */
export function prefetchRouteData(manifests: (RemoteManifest & { remote: RemoteName })[], pathname: string, roleId: number | undefined) {
  for (const read of prefetchesAt(manifests, pathname, roleId)) {
    const options = prefetchQueryOptions(read);
    if (!options) {
      console.error(`[host] prefetch de ${read.get}: contrato "${read.response}" não encontrado em @consig/shared`);
      continue;
    }
    void queryClient.prefetchQuery(options);
  }
}
