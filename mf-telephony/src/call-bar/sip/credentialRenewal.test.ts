import { ApiFailure } from '@consig/shared/query';
import { EXTENSION_CREDENTIALS } from '../../testing';
import { MIN_RENEWAL_GAP_MS, renewalDelay, renewalRefused, type RenewalState } from './credentialRenewal';

const T0 = Date.UTC(2026, 0, 1, 8, 0, 0);
const SECOND = 1000;
/** Credentials as GET /atendente/ramal hands them out at T0, valid `seconds`. */
const handedOut = (seconds: number) => ({ ...EXTENSION_CREDENTIALS, User: `${T0 / 1000 + seconds}:1001`, Ramal: '1001' });
/** The query's state after a successful read at `at`. */
const read = (seconds: number, at = T0): RenewalState => ({
  data: handedOut(seconds),
  dataUpdatedAt: at,
  error: null,
  errorUpdatedAt: 0,
  fetchStatus: 'idle',
});

describe('when the softphone reads its SIP credentials again', () => {
  test('at half their life after a read, whenever it is asked (a render never pushes it later)', () => {
    expect(renewalDelay(read(600), T0)).toBe(300 * SECOND);
    expect(renewalDelay(read(600), T0 + 100 * SECOND)).toBe(200 * SECOND);
    expect(renewalDelay(read(600), T0 + 299.5 * SECOND)).toBe(0.5 * SECOND);
    expect(renewalDelay(read(60), T0)).toBe(30 * SECOND);
  });

  test('after a failed renewal, at half of what is left, then every MIN_RENEWAL_GAP_MS once that is shorter', () => {
    const attempts = [T0 + 300 * SECOND];
    for (let i = 0; i < 6; i += 1) {
      const failedAt = attempts.at(-1)!;
      const state = { ...read(600), error: new Error('Network Error'), errorUpdatedAt: failedAt };
      attempts.push(failedAt + (renewalDelay(state, failedAt) as number));
    }
    expect(attempts.map((at) => (at - T0) / SECOND)).toEqual([300, 450, 525, 562.5, 581.25, 596.25, 611.25]);
    expect(MIN_RENEWAL_GAP_MS).toBe(15 * SECOND);
  });

  test('a success after failures starts from the new credentials', () => {
    const state = { ...read(600, T0 + 450 * SECOND), data: handedOut(1050), error: null, errorUpdatedAt: T0 + 300 * SECOND };
    expect(renewalDelay(state, T0 + 450 * SECOND)).toBe(300 * SECOND);
  });

  test('a browser clock far ahead of the server’s asks every MIN_RENEWAL_GAP_MS, not in a loop', () => {
    // Read at what the browser thinks is T0 + 20 min: the credentials look expired on arrival.
    expect(renewalDelay(read(600, T0 + 1200 * SECOND), T0 + 1200 * SECOND)).toBe(MIN_RENEWAL_GAP_MS);
  });

  test('a moment already past (a sleeping tab) is now, never 0, which would mean "no interval"', () => {
    expect(renewalDelay(read(600), T0 + 900 * SECOND)).toBe(1);
  });

  test('not while a read is under way or paused offline, nor without credentials, an expiry, or after a refusal', () => {
    const refused = (status: number) => ({
      ...read(600),
      error: new ApiFailure('Acesso negado.', status),
      errorUpdatedAt: T0 + 300 * SECOND,
    });
    expect([
      renewalDelay({ ...read(600), fetchStatus: 'fetching' }, T0),
      renewalDelay({ ...read(600), fetchStatus: 'paused' }, T0),
      renewalDelay({ ...read(600), data: null }, T0),
      renewalDelay({ ...read(600), data: undefined }, T0),
      renewalDelay({ ...read(600), data: EXTENSION_CREDENTIALS }, T0),
      renewalDelay(refused(401), T0),
      renewalDelay(refused(403), T0),
    ]).toEqual([false, false, false, false, false, false, false]);
    // A server failure is not a refusal: the schedule goes on.
    expect(renewalDelay(refused(503), T0 + 300 * SECOND)).toBe(150 * SECOND);
  });

  test('only 401 and 403 from the API are refusals', () => {
    expect([401, 403, 404, 429, 500].map((status) => renewalRefused(new ApiFailure('x', status)))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(renewalRefused(new Error('Network Error'))).toBe(false);
    expect(renewalRefused(null)).toBe(false);
  });
});
