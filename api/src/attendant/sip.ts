import { createHmac } from 'node:crypto';
import type { ExtensionCredentials } from '@consig/shared/contracts';
import type { Config } from '../config';

/**
 * Kamailio auth_ephemeral credentials: User is `<expiry unix seconds>:<extension>` and Pass is
 * base64(HMAC-SHA1(secret, User)). Kamailio recomputes the HMAC with the same shared secret, so the
 * SIP server needs no user table and the credentials expire by themselves. Kamailio (telephony/kamailio.cfg)
 * checks the HMAC with SHA-1 (auth_ephemeral's sha_algorithm 0) and that the extension after the colon is
 * the user of the address being registered or calling, `sip:<extension>@<realm>`: hence `Ramal`.
 *
 * They live `credentialSeconds` (SIP_CREDENTIAL_SECONDS, minutes): Kamailio cannot be told to forget them,
 * so their expiry is what revokes a SIP extension. The softphone renews them while its person is signed in
 * (mf-telephony/src/call-bar/api/getExtensionCredentials.ts); a person deactivated or without telephony gets
 * none, and theirs stop opening registrations and calls within that time.
 */
export function ephemeralCredentials(
  extension: string,
  sip: Pick<Config['sip'], 'secret' | 'realm' | 'wsUrl' | 'credentialSeconds'>,
  now = Date.now(),
): ExtensionCredentials {
  const expiry = Math.floor(now / 1000) + sip.credentialSeconds;
  const user = `${expiry}:${extension}`;
  return {
    User: user,
    Pass: createHmac('sha1', sip.secret).update(user).digest('base64'),
    Realm: sip.realm,
    WSServer: sip.wsUrl,
    Ramal: extension,
  };
}
