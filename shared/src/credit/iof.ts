import { addMonths, daysBetween, type CalendarDate } from './calendar';
import { assertCents, type Cents } from './money';
import { amortizationShares, type PriceTerms } from './price';
import { percentRate } from './rate';
import { add, divide, floor, fraction, multiply, roundHalfUp, subtract, ONE, type Fraction } from './rational';
import { iofRatesOn } from './ratesInForce';

export interface IofTerms extends PriceTerms {
  /** São Paulo calendar day the credit is released (see calendar.ts `saoPauloDate`). */
  readonly contractDate: CalendarDate;
  /** First due date; by default one month after the contract date. Later ones follow monthly from it. */
  readonly firstDueDate?: CalendarDate;
}

/**
 * Due dates of the installments: monthly from the contract date (k months after it for installment k), or
 * from an explicit first due date; the same day of the month, or the month's last day when a month is
 * shorter (contract 31/01 → 28/02, 31/03, 30/04).
 */
export function dueDates({ contractDate, firstDueDate, term }: IofTerms): CalendarDate[] {
  if (firstDueDate === undefined) return Array.from({ length: term }, (_, index) => addMonths(contractDate, index + 1));
  if (daysBetween(contractDate, firstDueDate) < 0) {
    throw new RangeError(`The first due date ${firstDueDate} is before the contract date ${contractDate}.`);
  }
  return Array.from({ length: term }, (_, index) => addMonths(firstDueDate, index));
}

/**
 * The IOF on the financed amount as an exact fraction of it (individuals, Decreto 6.306/2007 art. 7, rates in
 * force on the contract date — ratesInForce.ts):
 *
 *   r = 0.38% + 0.0082% · Σ_k share_k · min(days to due date k, 365)
 *
 * where share_k is the part of the principal installment k amortises in the price table (price.ts). The
 * principal of each installment is proportional to the amount financed, so the IOF is too: IOF = G · r.
 */
export function iofShare(terms: IofTerms): Fraction {
  const rates = iofRatesOn(terms.contractDate);
  const daily = percentRate(rates.dailyPercent);
  const shares = amortizationShares(terms);
  // The shares have one common denominator, so the weighted sum is a sum of numerators over it.
  let weightedNumerator = 0n;
  dueDates(terms).forEach((due, index) => {
    const days = Math.min(daysBetween(terms.contractDate, due), rates.maxDays);
    weightedNumerator += shares[index].numerator * BigInt(days);
  });
  const weightedDays = fraction(weightedNumerator, shares[0].denominator);
  return add(percentRate(rates.additionalPercent), multiply(daily, weightedDays));
}

/**
 * IOF levied on a financed amount `gross`: G · r, rounded once, half-up to the cent (one amount for the whole
 * contract, as the tax is collected once at release; per-installment rounding would add up to n/2 cents).
 */
export function iofOn({ gross, ...terms }: IofTerms & { readonly gross: Cents }): Cents {
  assertCents(gross, 'Gross value');
  return Number(roundHalfUp(multiply(fraction(BigInt(gross)), iofShare(terms))));
}

/**
 * IOF financed in the gross value: the amount financed G includes the IOF it generates, so G solves
 *
 *   G − IOF(G) = released      (released = what reaches the client: VL_Liquido + VL_SaldoDevedor)
 *
 * Solved exactly rather than by iterating G ← released + IOF(G) (which creeps up a few cents at a time and
 * can oscillate between two cents): G ≈ released / (1 − r), then the neighbouring cents are checked so the
 * answer is the smallest whole G with G − IOF(G) = released exactly. Such a G always exists: as G grows by
 * one cent, IOF(G) grows by 0 or 1 cent (r < 1), so G − IOF(G) takes every whole value.
 */
export function grossWithIof({ released, ...terms }: IofTerms & { readonly released: Cents }): { gross: Cents; iof: Cents } {
  assertCents(released, 'Released value');
  const share = iofShare(terms);
  const iofFor = (gross: bigint) => roundHalfUp(multiply(fraction(gross), share));
  const target = BigInt(released);
  let gross = floor(divide(fraction(target), subtract(ONE, share)));
  // ⌊released / (1 − r)⌋ is within a cent or two of the answer; step to the smallest G that reaches it.
  while (gross > 0n && gross - 1n - iofFor(gross - 1n) >= target) gross -= 1n;
  while (gross - iofFor(gross) < target) gross += 1n;
  return { gross: Number(gross), iof: Number(iofFor(gross)) };
}
