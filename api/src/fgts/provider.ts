import type { Cents } from '@consig/shared/credit';

/** What a balance query carries to the provider. */
export interface FgtsBalanceQuery {
  /** The worker's CPF, 11 digits. */
  readonly cpf: string;
  /** The client's phone (DDD + number) when the screen had one: real providers may ask the worker to authorise by SMS. */
  readonly phone: string | null;
  /** Aborted when the job lost its lease: stop waiting, another worker may be asking too. */
  readonly signal: AbortSignal;
}

/**
 * Where FGTS balances come from (a bank's or a data provider's FGTS API). One call per query; a rejection
 * means "not now" and the job retries it with backoff (docs/rules.md "FGTS balance").
 */
export interface FgtsBalanceProvider {
  /** The balance available to the saque-aniversário, in cents. */
  balanceOf(query: FgtsBalanceQuery): Promise<Cents>;
}

/** Built-in balances lie between these amounts (cents): a plausible spread for demonstrations. */
const LOWEST_BALANCE: Cents = 50_000;
const HIGHEST_BALANCE: Cents = 3_000_000;

/**
 * The same balance for the same CPF on every call and every instance (FNV-1a of the digits, spread over
 * R$ 500,00 to R$ 30.000,00), so a demonstration and a test can predict it.
 */
export function builtInBalanceOf(cpf: string): Cents {
  let hash = 0x811c9dc5;
  for (const char of cpf) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return LOWEST_BALANCE + (hash % (HIGHEST_BALANCE - LOWEST_BALANCE + 1));
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The built-in provider: answers `builtInBalanceOf(cpf)` after `delayMs`, as a real FGTS query takes a few
 * seconds (FGTS_PROVIDER_DELAY_MS; tests use 0).
 */
export function builtInFgtsBalanceProvider({ delayMs }: { readonly delayMs: number }): FgtsBalanceProvider {
  return {
    async balanceOf({ cpf, signal }) {
      await wait(delayMs, signal);
      return builtInBalanceOf(cpf);
    },
  };
}
