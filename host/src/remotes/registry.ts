import { registerRemotes } from '@module-federation/enhanced/runtime';
import * as z from 'zod/mini';
import { providedVersions, unmetRequirements, type UnmetRequirement } from './compatibility';
import { remoteManifestSchema, type RemoteManifest } from './manifest';

/**
 * remotes.json, served beside the host: federation name → the remote's entry (URL of its remoteEntry.js or
 * mf-manifest.json), either as a plain URL or as { entry, manifest } with the remote's consig-remote.json
 * inlined (what `npm start` serves: the routes stay known while a remote's server is down).
 */
const remoteEntry = z.union([
  z.string().check(z.minLength(1)),
  z.object({ entry: z.string().check(z.minLength(1)), manifest: z.optional(z.unknown()) }),
]);
const remotesFile = z.record(z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/)), remoteEntry);

export type RemoteName = string;

interface RemoteRecord {
  entry: string;
  manifest: RemoteManifest | null;
}

let remotes: Record<string, RemoteRecord> = {};

/** The manifest beside a remote's entry (a remote served without one has no screens of its own). */
async function fetchManifest(entry: string): Promise<unknown> {
  try {
    const response = await fetch(new URL('consig-remote.json', new URL(entry, window.location.href)), { cache: 'no-cache' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

async function readRemotesFile(url: string): Promise<Record<string, RemoteRecord>> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const listed = Object.entries(remotesFile.parse(await response.json()));
  const records = await Promise.all(
    listed.map(async ([name, value]) => {
      const entry = typeof value === 'string' ? value : value.entry;
      const raw = typeof value === 'string' || value.manifest === undefined ? await fetchManifest(entry) : value.manifest;
      const parsed = remoteManifestSchema.safeParse(raw);
      if (raw && !parsed.success) console.error(`[host] manifesto inválido do remoto ${name}`, parsed.error);
      return [name, { entry, manifest: parsed.success ? parsed.data : null }] as const;
    }),
  );
  return Object.fromEntries(records);
}

let remotesUrl = '/remotes.json';

/**
 * Reads remotes.json and the manifests it lists, and registers every remote with the Module Federation
 * runtime (no remote code is fetched yet). A running page keeps these until its next full load (a reload
 * or the next sign-in page load): that is when a newly deployed version of a remote is picked up.
 */
export async function registerRemotesFrom(url = '/remotes.json') {
  remotesUrl = url;
  remotes = await readRemotesFile(url);
  registerRemotes(Object.entries(remotes).map(([name, { entry }]) => ({ name, entry })));
}

let registration: Promise<void> | undefined;

/**
 * Registers the remotes once per page load, when the first signed-in screen needs them: the sign-in page
 * never reads remotes.json, its manifests or this code (its JavaScript budget, docs/architecture.md). A
 * failed read is tried again on the next call.
 */
export function registerRemotesOnce(url = '/remotes.json'): Promise<void> {
  registration ??= registerRemotesFrom(url).catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

/** The manifests of the remotes listed in remotes.json, in its order. */
export function remoteManifests(): (RemoteManifest & { remote: RemoteName })[] {
  return Object.entries(remotes).flatMap(([remote, { manifest }]) => (manifest ? [{ ...manifest, remote }] : []));
}

/** Sets what remotes.json would have given (unit tests; no fetch, no registration). */
export function setRemotesForTests(records: Record<string, RemoteRecord>) {
  remotes = records;
  registration = Promise.resolve();
}

/** What a remote needs that this host does not provide; empty when it can run here. */
export function unmetRequirementsOf(name: RemoteName): UnmetRequirement[] {
  const requires = remotes[name]?.manifest?.requires;
  return requires && providedVersions ? unmetRequirements(requires, providedVersions) : [];
}

/**
 * Reads the remote's entry and manifest again and registers it anew, dropping what the runtime cached for
 * it, so a retry after the remote's server came back (or after a rollback) loads it afresh.
 */
export async function reRegisterRemote(name: RemoteName) {
  const fresh = await readRemotesFile(remotesUrl).catch(() => null);
  const record = fresh?.[name];
  if (record) remotes = { ...remotes, [name]: { entry: record.entry, manifest: record.manifest ?? remotes[name]?.manifest ?? null } };
  const entry = remotes[name]?.entry;
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
