/**
 * When the realtime channel tries again after its socket dropped (product-spec §4 "Realtime channel": an API
 * restart must never need a page reload). Pure, so the schedule is tested without a socket.
 */

/** First retry after a drop; each failure in a row doubles it, up to the maximum. */
export const RECONNECT_FIRST_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/**
 * After the API refused one more socket (close 4429: too many for this person or address) it is not asked
 * again before this: retrying sooner would only be refused again, by a server that is counting sockets.
 */
export const RECONNECT_TOO_MANY_DELAY_MS = 60_000;

/** A connection that stayed open this long was stable: the drop that ends it starts the schedule over. */
export const STABLE_CONNECTION_MS = 10_000;

/** Close code of /ws when an address or a person already holds as many sockets as the API allows (docs/architecture.md "Realtime"). */
export const WS_CLOSE_TOO_MANY = 4429;

/**
 * Milliseconds to wait before the next attempt. `failures`: drops in a row before this one (0 for the first);
 * `random`: a number in [0, 1). The jitter spreads the tabs an API restart dropped all at once, so they do not
 * come back all in the same instant: the usual delay is between half and all of its doubled base, and a 4429
 * delay between one and one and a quarter times its own.
 */
export function reconnectDelay(failures: number, closeCode: number, random: number): number {
  if (closeCode === WS_CLOSE_TOO_MANY) return Math.round(RECONNECT_TOO_MANY_DELAY_MS * (1 + random / 4));
  const base = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** Math.min(failures, 30));
  return Math.round(base * (0.5 + random / 2));
}
