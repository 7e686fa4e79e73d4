import { bus, getRuntimeConfig, useSession } from '@consig/shared';
import { useEffect } from 'react';
import { connectRealtime } from './realtimeConnection';

/**
 * Keeps one realtime connection while there is a token (the authenticated layout calls it once). The
 * socket closes cleanly on logout and whenever the token goes away (sign-out, a 401, expiry); a new
 * token opens a new connection.
 */
export function useRealtimeSocket() {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const connection = connectRealtime(getRuntimeConfig().wsUrl, token);
    const stopListening = bus.subscribe('session.logout@1', connection.close);
    return () => {
      stopListening();
      connection.close();
    };
  }, [token]);
}
