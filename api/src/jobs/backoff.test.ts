import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles the delay after each failed attempt, up to the cap', () => {
    const backoff = { baseMs: 10_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, backoff))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('stays finite for absurd attempt numbers', () => {
    expect(retryDelayMs(5000, { baseMs: 1000, maxMs: 3_600_000 })).toBe(3_600_000);
  });
});
