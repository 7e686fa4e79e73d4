import { session } from '@consig/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from './api/endSession';

/**
 * 'Sair' (product-spec §2, §4 "Realtime channel"): ends the session on the server, clears token, user and
 * extension and lands on the sign-in page. What every end of a session sets off (stopping telephony and the
 * socket, dropping cached data) is in useSessionEndCleanup, so a 401 from the API does the same.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token } = session.get();
    // Not awaited: the person leaves at once. Should the API not hear it (no network), the token dies at its expiry.
    if (token) void endSession(token).catch(() => undefined);
    session.signOut();
    navigate('/', { replace: true });
  }, [navigate]);
}
