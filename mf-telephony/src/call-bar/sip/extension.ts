import type { ExtensionCredentials } from '@consig/shared';

/**
 * The bare extension number of GET /atendente/ramal's answer: its `Ramal` field, or else the part of User
 * after the colon (User is `<expiry>:<extension>`, Kamailio auth_ephemeral credentials).
 */
export function extensionOf(credentials: ExtensionCredentials): string {
  return credentials.Ramal || credentials.User.slice(credentials.User.lastIndexOf(':') + 1);
}

/**
 * The address the agent registers. product-spec §7 writes sip:{User}@{Realm}, but an auth_ephemeral User
 * holds a colon, which a SIP user part cannot: the agent registers the extension and authenticates as User.
 */
export const sipAddress = (credentials: ExtensionCredentials) => `sip:${extensionOf(credentials)}@${credentials.Realm}`;
