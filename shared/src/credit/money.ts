import { fraction, multiply, parseDecimal, roundHalfUp } from './rational';

/**
 * Money in and out of the credit module is a whole number of centavos (a safe integer). Reais appear only at
 * the edges: decimal text for the database's numeric(14,2) and the API ('1234.56'), pt-BR text for people.
 */
export type Cents = number;

/** Throws unless `value` is a whole number of cents (≥ 0 unless `allowNegative`). For programming errors. */
export function assertCents(value: number, label: string, allowNegative = false): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a whole number of cents, got ${value}.`);
  if (!allowNegative && value < 0) throw new RangeError(`${label} cannot be negative, got ${value}.`);
}

/**
 * Reais → cents, exactly: '1234.56', '1234,56' or 1234.56 → 123456. More than two decimals round half-up
 * (1.005 → 101), which `Math.round(1.005 * 100)` gets wrong (it gives 100).
 */
export function toCents(reais: string | number): Cents {
  return Number(roundHalfUp(multiply(parseDecimal(reais), fraction(100n))));
}

/** Cents → the decimal text PostgreSQL reads into numeric(14,2) and the API sends: 123456 → '1234.56'. */
export function centsToDecimalText(cents: Cents): string {
  assertCents(cents, 'Amount', true);
  const digits = Math.abs(cents).toString().padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents → 'R$ 1.234,56' (negative: '-R$ 1.234,56'), the same text as format/formatBRL, without floats. */
export function formatCents(cents: Cents): string {
  assertCents(cents, 'Amount', true);
  const digits = Math.abs(cents).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${whole},${digits.slice(-2)}`;
}
