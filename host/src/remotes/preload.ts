import { loadRemote } from '@module-federation/enhanced/runtime';
import { routeAvailableTo, type RemoteManifest } from './manifest';
import { remoteManifests, unmetRequirementsOf, type RemoteName } from './registry';
import { remoteModuleId } from './remoteModuleId';

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

/** The exposed modules a user of `roleId` can open: the routes and slots of every remote this host can run. */
export function modulesToPreload(manifests: (RemoteManifest & { remote: RemoteName })[], roleId: number | undefined) {
  return manifests
    .filter(({ remote }) => unmetRequirementsOf(remote).length === 0)
    .flatMap(({ remote, routes, navigation, slots }) => [
      ...routes.filter((route) => routeAvailableTo(route, navigation, roleId)).map(({ module }) => ({ remote, module })),
      ...slots.map(({ module }) => ({ remote, module })),
    ]);
}

/**
 * Preloads, one per idle moment, the code of every screen the user's role can open, so the first click
 * on a remote's route finds its code in memory (the federation runtime caches each loaded module, and
 * RemoteSlot's loadRemote of the same id resolves from that cache). Returns a function that stops it.
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
      loadRemote(remoteModuleId(item.remote, item.module)).catch(() => undefined).finally(next);
    });
  };
  next();
  return () => {
    stopped = true;
    cancel();
  };
}
