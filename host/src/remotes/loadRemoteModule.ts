import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { unmetRequirementsOf, type RemoteName } from './registry';
import { remoteModuleId } from './remoteModuleId';

/** What a remote exposes for a slot or a route: a component taking the slot's props. */
export type RemoteComponent = ComponentType<Record<string, unknown>>;

/** Loads of this page, done or under way, by module id. A failed one is forgotten, so a retry loads again. */
const loads = new Map<string, Promise<RemoteComponent>>();
/** The loaded ones, readable without waiting: a preloaded or revisited screen renders in its first render. */
const loaded = new Map<string, RemoteComponent>();

/** The module when this page has loaded it already (RemoteSlot, the preloads), else undefined. */
export const loadedRemoteModule = (remote: RemoteName, module: string) => loaded.get(remoteModuleId(remote, module));

/**
 * Loads one exposed module, once per page whoever asks (a screen, the idle preload, the first screen's
 * preload during sign-in). A remote built against a @consig/shared or React this host cannot give it is never
 * loaded: it would run against the wrong library or bring a second React (docs/architecture.md
 * "Independent deployment").
 */
export function loadRemoteModule(remote: RemoteName, module: string): Promise<RemoteComponent> {
  const id = remoteModuleId(remote, module);
  let load = loads.get(id);
  if (!load) {
    load = (async () => {
      const unmet = unmetRequirementsOf(remote);
      if (unmet.length > 0) {
        throw new Error(
          `${remote} incompatível: ${unmet.map(({ name, range, provided }) => `${name} ${range} (host: ${provided ?? 'nenhum'})`).join(', ')}`,
        );
      }
      const exported = await loadRemote<{ default: RemoteComponent }>(id);
      if (!exported?.default) throw new Error(`${remote}/${module} não encontrado`);
      loaded.set(id, exported.default);
      return exported.default;
    })();
    loads.set(id, load);
    load.catch(() => loads.delete(id));
  }
  return load;
}

/** Tests: every page starts with nothing loaded. */
export function forgetLoadedRemoteModules() {
  loads.clear();
  loaded.clear();
}
