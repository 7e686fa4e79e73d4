import { bus, session } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * 'Sair' (product-spec §2, §4 "Realtime channel"): the logout event tells the telephony remote to stop
 * its agent and the realtime socket to close; then token, user and extension are cleared, cached server
 * data is dropped (the next user must not see it) and the user lands on the sign-in page.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    bus.publish('session.logout@1', {});
    session.signOut();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate]);
}
