import { bus, session } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { useEffect } from 'react';

/**
 * However a session ends ('Sair', a 401 from the API, an expired token), the same cleanup follows: the
 * logout event tells the telephony agent and the realtime socket to stop, and cached server data is
 * dropped so the next person to sign in on this browser never sees it.
 */
export function useSessionEndCleanup() {
  useEffect(() => {
    let signedIn = session.get().token !== null;
    return session.subscribe(() => {
      const stillSignedIn = session.get().token !== null;
      if (signedIn && !stillSignedIn) {
        bus.publish('session.logout@1', {});
        queryClient.clear();
      }
      signedIn = stillSignedIn;
    });
  }, []);
}
