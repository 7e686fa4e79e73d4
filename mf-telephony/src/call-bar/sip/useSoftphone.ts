import { bus, type Person, type ExtensionCredentials } from '@consig/shared';
import { useEffect } from 'react';
import { configuredIceServers } from './telephonyConfig';
import type { Softphone } from './softphone';

/**
 * Runs the SIP agent while the signed-in user has telephony on (SN_Telefonia 1) and an extension: it
 * registers after sign-in and stops on 'session.logout@1' and on every other end of the session (the
 * extension leaves the session with it: expired token, a 401, 'Sair').
 */
export function useSoftphone(softphone: Softphone, user: Person | null, credentials: ExtensionCredentials | null | undefined) {
  const telephonyOn = user?.SN_Telefonia === 1;
  useEffect(() => {
    if (!telephonyOn || !credentials) return;
    softphone.start(credentials, configuredIceServers());
    const stopOnLogout = bus.subscribe('session.logout@1', softphone.stop);
    return () => {
      stopOnLogout();
      softphone.stop();
    };
  }, [softphone, telephonyOn, credentials]);
}
