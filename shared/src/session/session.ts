import { useSyncExternalStore } from 'react';
import type { Person, ExtensionCredentials } from '../contracts';
import { decodeToken, isExpired } from './token';

export interface Session {
  token: string | null;
  user: Person | null;
  extension: ExtensionCredentials | null;
}

const STORAGE_KEY = 'consig.token';
const signedOut: Session = { token: null, user: null, extension: null };

function restore(): Session {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  const payload = token ? decodeToken(token) : null;
  if (!token || !payload || isExpired(payload)) return signedOut;
  return { token, user: payload.pessoa, extension: null };
}

/** setTimeout fires at once above this delay (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

let state: Session = signedOut;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Session) {
  if (next.token !== state.token) scheduleExpiry(next.token);
  state = next;
  listeners.forEach((listener) => listener());
}

/** Ends the session when its token expires, so an open tab never keeps calling the API with a dead token. */
function scheduleExpiry(token: string | null) {
  clearTimeout(expiryTimer);
  const payload = token ? decodeToken(token) : null;
  if (!payload) return;
  const remaining = payload.exp * 1000 - Date.now();
  if (remaining <= MAX_TIMER_MS) expiryTimer = setTimeout(() => session.signOut(), Math.max(0, remaining));
}

/**
 * The one session of the page (the shared package is a Module Federation singleton, so host and remotes
 * read the same store). The token survives reloads in localStorage; the user is decoded from it.
 */
export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Stores a token from POST /lnk/token; returns false when it cannot be read or has expired. */
  signIn(token: string): boolean {
    const payload = decodeToken(token);
    if (!payload || isExpired(payload)) return false;
    localStorage.setItem(STORAGE_KEY, token);
    set({ token, user: payload.pessoa, extension: null });
    return true;
  },
  setExtension(credentials: ExtensionCredentials | null) {
    set({ ...state, extension: credentials });
  },
  /** Clears token, user and extension (product-spec §4 "Realtime channel": logout). */
  signOut() {
    localStorage.removeItem(STORAGE_KEY);
    if (state !== signedOut) set(signedOut);
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get, session.get);

set(restore());
