import { compare, divide, fraction, parseDecimal, reduce, roundHalfUp, type Fraction } from './rational';

/**
 * An interest rate per period (a month, a day) as an exact fraction: 1.79% a.m. is 179/10000.
 *
 * Rates enter as the decimal text of a percent, the way rate tables, the database's numeric columns and
 * norms write them ('1.79', '0.0082'), and are never turned into binary floats on the way to money: see
 * rational.ts for why. Build one with `percentRate`.
 */
export type Rate = Fraction;

/** '1.79' (or '1,79', or the number 1.79) percent → the exact rate 179/10000. Refuses negatives. */
export function percentRate(percent: string | number): Rate {
  const value = reduce(divide(parseDecimal(percent), fraction(100n)));
  if (value.numerator < 0n) throw new RangeError(`A rate cannot be negative: ${String(percent)}%.`);
  return value;
}

/** The rate as a percent text with `decimals` places, rounded half-up: 179/10000 → '1.79'. */
export function percentText(rate: Rate, decimals = 2): string {
  const scaled = roundHalfUp(fraction(rate.numerator * 100n * 10n ** BigInt(decimals), rate.denominator));
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return scaled < 0n ? `-${text}` : text;
}

/** True when `rate` is above `limit` (equal is allowed: a cap is inclusive). */
export function isAbove(rate: Rate, limit: Rate): boolean {
  return compare(rate, limit) > 0;
}
