import { onPasswordChangeRequired, session } from '@consig/shared';
import { useSyncExternalStore } from 'react';

/**
 * Which sign-in must first replace its temporary password (POST /lnk/token answered SN_TrocarSenha: 1): the token
 * itself, kept in sessionStorage so a reload of the tab still shows the change screen, and a new sign-in (another
 * token) is never held by an old requirement. The API refuses that token everything else anyway (403).
 */
const KEY = 'consig.trocarSenha';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: the screen still shows until the page is reloaded, from `memory`
  }
}
let memory: string | null = read();

function write(token: string | null): void {
  memory = token;
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Kept in memory only.
  }
  for (const listener of listeners) listener();
}

export const passwordChange = {
  /** This sign-in's token must change its password before anything else. */
  require: (token: string) => write(token),
  /** The password was changed (or the session ended): nothing is required any more. */
  done: () => write(null),
  pendingToken: () => memory,
};

// The API's 403 'Troque sua senha temporária…' says so too, when the sign-in page could not (a remembered token in
// a new tab or a reopened browser): the current sign-in goes to the change
// screen rather than meeting that refusal on every screen. An old token's late answer holds nobody.
onPasswordChangeRequired((token) => {
  if (session.get().token === token) passwordChange.require(token);
});

/** Whether `token` must change its password before the signed-in area shows. */
export function usePasswordChangeRequired(token: string | null): boolean {
  const pending = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    passwordChange.pendingToken,
    passwordChange.pendingToken,
  );
  return !!token && pending === token;
}
