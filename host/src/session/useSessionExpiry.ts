import { decodeToken, session } from '@consig/shared';
import { useEffect } from 'react';

/** setTimeout fires at once above this delay (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** Ends the session when the token expires, so an open tab does not keep calling the API with a dead token. */
export function useSessionExpiry(token: string | null) {
  useEffect(() => {
    const payload = token ? decodeToken(token) : null;
    if (!payload) return;
    const remaining = payload.exp * 1000 - Date.now();
    if (remaining > MAX_TIMER_MS) return;
    const timer = setTimeout(() => session.signOut(), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [token]);
}
