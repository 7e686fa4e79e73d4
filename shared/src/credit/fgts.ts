import type { CalendarDate } from './calendar';
import { assertCents, type Cents } from './money';
import type { Rate } from './rate';
import { fraction, roundHalfUp } from './rational';
import { FGTS_MIN_YEARS, FGTS_PRODUCT_MAX_YEARS, fgtsRulesOn, largestFgtsTermOn } from './ratesInForce';
import type { CreditRefusal } from './refusals';

/**
 * The legal table of the saque-aniversário (Lei 8.036/1990, art. 20-D and annex, from Lei 13.932/2019): by
 * balance bracket, a share of the balance plus a fixed amount. Brackets in cents, upper bound inclusive.
 */
const WITHDRAWAL_TABLE: readonly { upTo: number; percent: bigint; plus: number }[] = [
  { upTo: 50_000, percent: 50n, plus: 0 },
  { upTo: 100_000, percent: 40n, plus: 5_000 },
  { upTo: 500_000, percent: 30n, plus: 15_000 },
  { upTo: 1_000_000, percent: 20n, plus: 65_000 },
  { upTo: 1_500_000, percent: 15n, plus: 115_000 },
  { upTo: 2_000_000, percent: 10n, plus: 190_000 },
  { upTo: Number.POSITIVE_INFINITY, percent: 5n, plus: 290_000 },
];

/**
 * One year's saque-aniversário on a balance (the legal table): up to R$500: 50%; 500,01–1.000: 40% + R$50;
 * 1.000,01–5.000: 30% + R$150; 5.000,01–10.000: 20% + R$650; 10.000,01–15.000: 15% + R$1.150;
 * 15.000,01–20.000: 10% + R$1.900; above 20.000: 5% + R$2.900. The share rounds half-up to the cent.
 */
export function annualWithdrawal(balance: Cents): Cents {
  assertCents(balance, 'FGTS balance');
  const row = WITHDRAWAL_TABLE.find((bracket) => balance <= bracket.upTo)!;
  return Number(roundHalfUp(fraction(BigInt(balance) * row.percent, 100n))) + row.plus;
}

export interface FgtsYear {
  /** 1 for the next saque-aniversário, 2 for the one after, … */
  readonly year: number;
  /** Balance the table is applied to: the balance left after the previous years' withdrawals. */
  readonly balanceBefore: Cents;
  /** The year's whole withdrawal by the legal table. */
  readonly tableValue: Cents;
  /** The part anticipated to the bank: the table value, capped by the rules in force (R$500 from 01/11/2025). */
  readonly anticipated: Cents;
}

export type FgtsAnticipation =
  | { readonly ok: true; readonly years: readonly FgtsYear[]; readonly gross: Cents; readonly net: Cents }
  | { readonly ok: false; readonly refusal: CreditRefusal };

/**
 * Year by year: the legal table on the balance left after the previous years. The balance falls by the WHOLE
 * table value (the worker still receives what is not anticipated), and a year whose table value is below the
 * minimum in force (R$100 from 01/11/2025; any amount above zero before) cannot be anticipated, nor can any
 * later one, since the withdrawals only shrink. Stops after `upTo` years.
 */
function projectYears(balance: Cents, upTo: number, on: CalendarDate): FgtsYear[] {
  const rules = fgtsRulesOn(on);
  const years: FgtsYear[] = [];
  let remaining = balance;
  for (let year = 1; year <= upTo; year += 1) {
    const tableValue = annualWithdrawal(remaining);
    if (tableValue < Math.max(1, rules.minPerYearCents)) break;
    const anticipated = rules.maxPerYearCents === null ? tableValue : Math.min(tableValue, rules.maxPerYearCents);
    years.push({ year, balanceBefore: remaining, tableValue, anticipated });
    remaining -= tableValue;
  }
  return years;
}

/**
 * Largest number of years that can be anticipated on a day with this balance: the rules in force (10, then
 * 5 from 01/11/2025, then 3 from 01/11/2026; see ratesInForce.ts) and the years whose table value reaches
 * the minimum in force. Below 2 the balance allows no anticipation (the product starts at 2 years).
 */
export function largestFgtsTermFor({ balance, on }: { readonly balance: Cents; readonly on: CalendarDate }): number {
  return projectYears(balance, largestFgtsTermOn(on), on).length;
}

/**
 * FGTS saque-aniversário anticipation over `years` (2 to 10) on a day (docs/rules.md):
 * - VL_Bruto = the sum of the anticipated withdrawals (each capped by the rules in force);
 * - VL_Liquido = their present value at the FGTS monthly rate, withdrawal k discounted by 12·k months,
 *   computed exactly and rounded once, half-up to the cent.
 * A term above the rules in force, or one the balance cannot fill, is refused with the largest allowed.
 */
export function fgtsAnticipation({
  balance,
  years,
  monthlyRate,
  on,
}: {
  readonly balance: Cents;
  readonly years: number;
  readonly monthlyRate: Rate;
  readonly on: CalendarDate;
}): FgtsAnticipation {
  assertCents(balance, 'FGTS balance');
  if (!Number.isInteger(years) || years < FGTS_MIN_YEARS || years > FGTS_PRODUCT_MAX_YEARS) {
    throw new RangeError(`FGTS anticipation is for ${FGTS_MIN_YEARS} to ${FGTS_PRODUCT_MAX_YEARS} years, got ${years}.`);
  }
  const legalMax = largestFgtsTermOn(on);
  if (years > legalMax) return { ok: false, refusal: { code: 'term-above-limit', term: years, largestTerm: legalMax, unit: 'years' } };
  const projected = projectYears(balance, years, on);
  if (projected.length < years) {
    return { ok: false, refusal: { code: 'fgts-balance-too-low', largestTerm: largestFgtsTermFor({ balance, on }) } };
  }
  // Σ W_k / (1 + i)^(12k) over the common denominator A^(12n), with i = a/b and A = a + b:
  // W_k · b^(12k) · A^(12(n−k)) / A^(12n), one exact fraction rounded once.
  const b = monthlyRate.denominator;
  const grown = monthlyRate.numerator + b;
  let numerator = 0n;
  for (const { year, anticipated } of projected) {
    numerator += BigInt(anticipated) * b ** BigInt(12 * year) * grown ** BigInt(12 * (years - year));
  }
  const presentValue = fraction(numerator, grown ** BigInt(12 * years));
  return {
    ok: true,
    years: projected,
    gross: projected.reduce((sum, year) => sum + year.anticipated, 0),
    net: Number(roundHalfUp(presentValue)),
  };
}
