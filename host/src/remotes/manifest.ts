import * as z from 'zod/mini';

/**
 * A read a screen makes as soon as it shows, started by the host when the user navigates to `at` (an exact
 * pathname) so the data is on its way while the screen's code loads (host/src/remotes/prefetch.ts): GET `get`,
 * its answer parsed with the contract `response` (an export of @consig/shared, e.g. 'campaignsResponse'),
 * cached under `queryKey`: the key the screen's own query uses (campaignKeys.list() is ["campaigns", "list"]),
 * so the screen finds the request in flight instead of making its own.
 */
const routePrefetch = z.object({
  at: z.string(),
  get: z.string(),
  queryKey: z.array(z.union([z.string(), z.number()])),
  response: z.string(),
});

/**
 * consig-remote.json, the manifest each remote ships beside its remoteEntry.js (its public/ folder, plus
 * `version` and `requires` written by the build): the screens it brings, so a new screen in a remote
 * needs no host release (docs/architecture.md "Independent deployment").
 */
export const remoteManifestSchema = z.object({
  name: z.string(),
  /** The app's version (its package.json) when built. */
  version: z.optional(z.string()),
  /**
   * Routes of the authenticated area: the path as React Router matches it, the exposed module, and the
   * reads its screen makes first (`prefetch`), which the host starts on navigation while the code loads.
   */
  routes: z.array(z.object({ path: z.string(), module: z.string(), label: z.string(), prefetch: z.optional(z.array(routePrefetch)) })),
  /**
   * Side-navigation entries. `order` places the entry among the host's own (product-spec §2 order);
   * `group`: the host's group it goes in ('supervisao'); `roles`: role ids that see it (absent: every role).
   */
  navigation: z.array(
    z.object({
      label: z.string(),
      to: z.string(),
      icon: z.optional(z.string()),
      order: z.number(),
      group: z.optional(z.string()),
      roles: z.optional(z.array(z.number())),
    }),
  ),
  /** Areas of the shell the remote fills outside the routes, e.g. the telephony call bar ('callbar'). */
  slots: z.array(z.object({ slot: z.string(), module: z.string(), label: z.string() })),
  /** Package → the range it was built against (@consig/shared and each singleton). */
  requires: z.optional(z.record(z.string(), z.string())),
});

export type RemoteManifest = z.infer<typeof remoteManifestSchema>;
export type ManifestRoute = RemoteManifest['routes'][number];
export type RoutePrefetch = z.infer<typeof routePrefetch>;
export type ManifestNavEntry = RemoteManifest['navigation'][number];
export type ManifestSlot = RemoteManifest['slots'][number];

/** What the remotes put in the shell's area `slot` ('callbar'), in the order remotes.json lists them. */
export const slotFills = <M extends Pick<RemoteManifest, 'slots'> & { remote: string }>(manifests: M[], slot: string) =>
  manifests.flatMap(({ remote, slots }) =>
    slots.filter((fill) => fill.slot === slot).map(({ module, label }) => ({ remote, module, label })),
  );

/** Whether a user of `roleId` may open what an entry with `roles` leads to. */
export const availableTo = (roles: number[] | undefined, roleId: number | undefined) =>
  !roles || (roleId !== undefined && roles.includes(roleId));

/** Whether a user of `roleId` may open a route: the roles of the remote's navigation entry that leads to it. */
export const routeAvailableTo = ({ path }: ManifestRoute, navigation: ManifestNavEntry[], roleId: number | undefined) =>
  availableTo(navigation.find(({ to }) => path === to || path.startsWith(`${to}/`))?.roles, roleId);
