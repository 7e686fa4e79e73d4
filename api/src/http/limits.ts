/**
 * Largest request body of the JSON routes: the biggest of them (a proposal with the client and its
 * operations, a campaign's attendant list) stays far below it once every field is bounded
 * (shared/src/contracts/fields.ts). File uploads will set their own, larger, limit per route.
 */
export const BODY_LIMIT_BYTES = 128 * 1024;

/** '128 KB', '60 MB': a body limit as the 413 text shows it. */
export function formatLimit(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`;
}
