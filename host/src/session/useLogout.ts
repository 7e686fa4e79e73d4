import { session } from '@consig/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * 'Sair' (product-spec §2, §4 "Realtime channel"): clears token, user and extension and lands on the
 * sign-in page. What every end of a session sets off (stopping telephony and the socket, dropping cached
 * data) is in useSessionEndCleanup, so a 401 from the API does the same.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    session.signOut();
    navigate('/', { replace: true });
  }, [navigate]);
}
