import { getRuntimeConfig, useSession } from '@consig/shared';
import { useEffect } from 'react';
import { realtimeChannel } from './realtimeChannel';

/**
 * Keeps the tab's realtime channel connected while there is a token (the authenticated layout calls it).
 * Unmounting does not close it: the channel belongs to the tab, so a layout mounted again finds it connected
 * instead of opening a second socket. It closes when the session ends (realtimeChannel.ts).
 */
export function useRealtimeSocket() {
  const { token } = useSession();
  useEffect(() => {
    if (token) realtimeChannel.connect(getRuntimeConfig().wsUrl, token);
  }, [token]);
}
