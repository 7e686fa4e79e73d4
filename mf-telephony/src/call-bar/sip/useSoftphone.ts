import { bus, type Person, type ExtensionCredentials } from '@consig/shared';
import { useEffect } from 'react';
import { configuredIceServers } from './telephonyConfig';
import type { Softphone } from './softphone';

/**
 * Runs the SIP agent while the signed-in user has telephony on (SN_Telefonia 1) and an extension: it
 * registers after sign-in and stops on 'session.logout@1' and on every other end of the session (the
 * extension leaves the session with it: expired token, a 401, 'Sair'), and when the extension goes. Renewed
 * credentials (every few minutes) reach the running agent without restarting it (softphone.ts).
 */
export function useSoftphone(softphone: Softphone, user: Person | null, credentials: ExtensionCredentials | null | undefined) {
  const telephonyOn = user?.SN_Telefonia === 1;
  const running = telephonyOn && !!credentials;

  useEffect(() => {
    if (telephonyOn && credentials) softphone.use(credentials, configuredIceServers());
  }, [softphone, telephonyOn, credentials]);

  // Keyed by whether an agent should run at all: the extension going (or telephony off) stops it here, while a
  // renewal re-runs only the effect above.
  useEffect(() => {
    if (!running) return;
    const stopOnLogout = bus.subscribe('session.logout@1', softphone.stop);
    return () => {
      stopOnLogout();
      softphone.stop();
    };
  }, [softphone, running]);
}
