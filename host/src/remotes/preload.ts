import { matchPath } from 'react-router-dom';
import { routeAvailableTo, type ManifestRoute, type RemoteManifest } from './manifest';
import { remoteManifests, unmetRequirementsOf, type RemoteName } from './registry';
import { loadRemoteModule } from './loadRemoteModule';

type IdleCallback = (run: () => void) => () => void;

/** requestIdleCallback where the browser has it (not Safari), else a short timeout. */
const whenIdle: IdleCallback = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
};

type Manifests = (RemoteManifest & { remote: RemoteName })[];

/** The exposed modules of the routes `keep` accepts and of every slot, in the remotes this host can run. */
function exposedModules(manifests: Manifests, keep: (route: ManifestRoute, manifest: RemoteManifest) => boolean) {
  return manifests
    .filter(({ remote }) => unmetRequirementsOf(remote).length === 0)
    .flatMap((manifest) => [
      ...manifest.routes.filter((route) => keep(route, manifest)).map(({ module }) => ({ remote: manifest.remote, module })),
      ...manifest.slots.map(({ module }) => ({ remote: manifest.remote, module })),
    ]);
}

/** The exposed modules a user of `roleId` can open: the routes and slots of every remote this host can run. */
export const modulesToPreload = (manifests: Manifests, roleId: number | undefined) =>
  exposedModules(manifests, (route, { navigation }) => routeAvailableTo(route, navigation, roleId));

/**
 * Preloads, one per idle moment, the code of every screen the user's role can open, so the first click
 * on a remote's route finds its code in memory and renders the screen at once (loadRemoteModule keeps each
 * loaded module for RemoteSlot). Returns a function that stops it.
 */
export function preloadRemotes(roleId: number | undefined, { idle = whenIdle, manifests = remoteManifests() } = {}) {
  const queue = modulesToPreload(manifests, roleId);
  let cancel = () => {};
  let stopped = false;
  const next = () => {
    const item = queue.shift();
    if (!item || stopped) return;
    cancel = idle(() => {
      // A failure here is not the user's concern: the screen's own load shows the message, with retry.
      loadRemoteModule(item.remote, item.module)
        .catch(() => undefined)
        .finally(next);
    });
  };
  next();
  return () => {
    stopped = true;
    cancel();
  };
}

/**
 * The exposed modules the screen at `pathname` shows first: its route's module and every slot of the shell
 * (the call bar), of the remotes this host can run. The user's role is not known yet (the sign-in is under
 * way); the route's own screen checks it.
 */
export const modulesOfFirstScreen = (manifests: Manifests, pathname: string) =>
  exposedModules(manifests, ({ path }) => matchPath(path, pathname) !== null);

/**
 * Starts loading, all at once, the code of the first screen after sign-in (`pathname`) while the sign-in
 * request is under way, so the screen does not wait for its remote's entry, shared modules and chunks one
 * after the other once the token arrives. RemoteSlot's load of the same module finds it done (loadRemoteModule).
 */
export function preloadFirstScreen(pathname: string, manifests = remoteManifests()) {
  for (const { remote, module } of modulesOfFirstScreen(manifests, pathname)) {
    // A failure here is not the user's concern: the screen's own load shows the message, with retry.
    loadRemoteModule(remote, module).catch(() => undefined);
  }
}
