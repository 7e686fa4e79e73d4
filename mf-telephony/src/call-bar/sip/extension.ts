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

/**
 * When the credentials stop opening registrations and calls, in ms since the epoch: the `<expiry>` of User, in
 * unix seconds (auth_ephemeral). Null for a User without one.
 */
export function expiryOf(credentials: ExtensionCredentials): number | null {
  const expiry = /^(\d+):/.exec(credentials.User);
  return expiry ? Number(expiry[1]) * 1000 : null;
}

/**
 * Whether two answers are the same line: extension, realm and SIP server. Then only User and Pass differ (a
 * renewal), which the running agent takes in place; anything else is another registration.
 */
export const sameLine = (a: ExtensionCredentials, b: ExtensionCredentials) =>
  extensionOf(a) === extensionOf(b) && a.Realm === b.Realm && a.WSServer === b.WSServer;
