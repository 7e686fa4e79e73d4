import { session, useSession } from '@consig/shared';
import { useEffect } from 'react';
import { useExtensionCredentialsQuery } from '../api/getExtensionCredentials';
import { renewalRefused } from '../sip/credentialRenewal';

/**
 * Keeps the signed-in user's extension in the session, for users with telephony on (SN_Telefonia 1), renewed
 * credentials included. No extension is not an error here: dialing says 'Usuário não tem ramal.'. A failed read
 * shows its text as an error toast (the query client does it). Returns the answer: undefined until it arrives
 * (or with telephony off), null when the user has no extension, or no longer has one: a renewal answered 'Usuário
 * não tem ramal.' or refused (401, 403) takes it away, and the SIP agent stops with it, rather than run on
 * credentials nobody will renew.
 */
export function useExtension() {
  const { user } = useSession();
  const telephonyOn = user?.SN_Telefonia === 1;
  // Keyed by person: a sign-out or another user while the request runs never stores a stale extension.
  const { data, error } = useExtensionCredentialsQuery(user?.ID_Pessoa, telephonyOn);
  const credentials = renewalRefused(error) ? null : data;

  useEffect(() => {
    if (telephonyOn && credentials !== undefined) session.setExtension(credentials);
  }, [credentials, telephonyOn]);
  return credentials;
}
