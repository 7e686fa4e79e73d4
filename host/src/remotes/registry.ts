import { registerRemotes } from '@module-federation/enhanced/runtime';
import * as z from 'zod/mini';

/** remotes.json, served beside the host: federation name → URL of the remote's mf-manifest.json or remoteEntry.js. */
const remotesFile = z.record(z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/)), z.string().check(z.minLength(1)));

export type RemoteName = 'mf_attendance' | 'mf_campaigns' | 'mf_followup' | 'mf_telephony';

let entries: Record<string, string> = {};

/** Reads remotes.json and registers every remote with the Module Federation runtime (nothing is fetched yet). */
export async function registerRemotesFrom(url = '/remotes.json') {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  entries = remotesFile.parse(await response.json());
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

/**
 * Registers one remote again, dropping what the runtime cached for it, so a retry after the remote's
 * server came back loads it afresh.
 */
export function reRegisterRemote(name: RemoteName) {
  const entry = entries[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
