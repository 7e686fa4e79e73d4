import type { ExtensionCredentials } from '@consig/shared';
import { ApiFailure } from '@consig/shared/query';
import { expiryOf } from './extension';

/**
 * The least time between two reads of the credentials. Their expiry is the server's clock and the schedule the
 * browser's: a browser clock far ahead would find them always past half their life and ask in a loop.
 */
export const MIN_RENEWAL_GAP_MS = 15_000;

/** The part of the credentials query's state the schedule reads (React Query's QueryState has it). */
export interface RenewalState {
  data: ExtensionCredentials | null | undefined;
  dataUpdatedAt: number;
  error: unknown;
  errorUpdatedAt: number;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * A renewal the API refused (401: the session is over; 403): the person keeps no extension, and asking again
 * would not change that. 'Usuário não tem ramal.' is not a failure: it answers null credentials.
 */
export const renewalRefused = (error: unknown) => error instanceof ApiFailure && (error.status === 401 || error.status === 403);

/**
 * In how many ms to read GET /atendente/ramal again, or false for not at all: halfway between the last attempt
 * and the credentials' expiry (at least MIN_RENEWAL_GAP_MS after it). After a success that is half their new life;
 * after a failure (the query's own retries spent), half of what is left, so the attempts come closer together as
 * the expiry nears, and once they are expired every MIN_RENEWAL_GAP_MS. Not while a read is under way (nor
 * paused offline: it resumes by itself), nor for credentials without an expiry, no extension or a refusal.
 *
 * It gives the same moment whenever it is asked (React Query asks on every render and state change), so a render
 * never pushes the renewal later.
 */
export function renewalDelay(state: RenewalState, now = Date.now()): number | false {
  if (state.fetchStatus !== 'idle' || renewalRefused(state.error)) return false;
  const expiry = state.data ? expiryOf(state.data) : null;
  if (expiry === null) return false;
  const lastAttempt = Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
  const at = Math.max(lastAttempt + (expiry - lastAttempt) / 2, lastAttempt + MIN_RENEWAL_GAP_MS);
  // At least 1 ms: React Query reads 0 as "no interval".
  return Math.max(1, Math.round(at - now));
}
