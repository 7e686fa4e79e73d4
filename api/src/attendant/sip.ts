import { createHmac } from 'node:crypto';
import type { ExtensionCredentials } from '@consig/shared/contracts';

/** How long handed-out SIP credentials stay valid (a working day). */
const SIP_CREDENTIAL_HOURS = 12;

/**
 * Kamailio auth_ephemeral credentials: User is `<expiry unix seconds>:<extension>` and Pass is
 * base64(HMAC-SHA1(secret, User)). Kamailio recomputes the HMAC with the same shared secret, so the
 * SIP server needs no user table and the credentials expire by themselves. Kamailio (telephony/kamailio.cfg)
 * checks the HMAC with SHA-1 (auth_ephemeral's sha_algorithm 0) and that the extension after the colon is
 * the user of the address being registered or calling, `sip:<extension>@<realm>`: hence `Ramal`.
 */
export function ephemeralCredentials(
  extension: string,
  sip: { secret: string; realm: string; wsUrl: string },
  now = Date.now(),
): ExtensionCredentials {
  const expiry = Math.floor(now / 1000) + SIP_CREDENTIAL_HOURS * 3600;
  const user = `${expiry}:${extension}`;
  return {
    User: user,
    Pass: createHmac('sha1', sip.secret).update(user).digest('base64'),
    Realm: sip.realm,
    WSServer: sip.wsUrl,
    Ramal: extension,
  };
}
