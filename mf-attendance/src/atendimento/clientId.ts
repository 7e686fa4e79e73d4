/**
 * The clientId of /atendimento?clientId=…: a client is loaded only when it holds digits and nothing else
 * (product-spec §5 "Loading by clientId"). Anything else (absent, empty, a caller's display name) means
 * "no client". Kept as a string so the digits reach the API exactly as written.
 */
export function parseClientId(value: string | null | undefined): string | null {
  return value != null && /^\d+$/.test(value) ? value : null;
}
