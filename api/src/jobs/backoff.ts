export interface Backoff {
  /** Delay before the second attempt. */
  baseMs: number;
  /** No delay grows beyond this. */
  maxMs: number;
}

/**
 * How long to wait after failed attempt number `attempt` (1 = the first run) before the next one:
 * base, 2×base, 4×base, … capped at maxMs. Deterministic on purpose: retries are spread out anyway
 * by when each job failed, and an operator can read the next run time off the row.
 */
export function retryDelayMs(attempt: number, { baseMs, maxMs }: Backoff): number {
  const exponent = Math.max(0, attempt - 1);
  // 2 ** 1024 is Infinity, which Math.min handles; the cap keeps the result finite.
  return Math.min(baseMs * 2 ** exponent, maxMs);
}
