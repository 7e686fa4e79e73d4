import { assertCents, type Cents } from './money';

/** Solver tolerance on the monthly rate: 1e-12, i.e. a millionth of a hundredth of a percent point. */
export const CET_TOLERANCE = 1e-12;

/** (1 + m)^k by repeated multiplication: IEEE +, ×, ÷ are exact-rounded on every engine, Math.pow is not. */
function grow(m: number, k: number): number {
  let value = 1;
  for (let step = 0; step < k; step += 1) value *= 1 + m;
  return value;
}

/**
 * Monthly internal rate of return of cash flows, one per month from month 0 (`flows[k]` at month k; the
 * client's view: money received positive, payments negative). The rate m solves Σ flows[k]·(1 + m)^−k = 0.
 *
 * Method: Newton's method from 1%, kept inside a bracket [low, high] where the sum changes sign and falling
 * back to bisection whenever a Newton step would leave it, until the step is below CET_TOLERANCE. For a loan
 * (one receipt, then payments) the sum grows with m, so the root is unique.
 */
export function monthlyIrr(flows: readonly number[]): number {
  if (flows.length < 2 || !flows.some((flow) => flow > 0) || !flows.some((flow) => flow < 0)) {
    throw new RangeError('An internal rate of return needs money both received and paid.');
  }
  const valueAt = (m: number) => {
    let sum = 0;
    let derivative = 0;
    let discount = 1; // (1 + m)^−k
    flows.forEach((flow, k) => {
      sum += flow * discount;
      derivative -= (k * flow * discount) / (1 + m);
      discount /= 1 + m;
    });
    return { sum, derivative };
  };
  const sign = Math.sign(valueAt(0).sum - valueAt(1).sum) || 1; // normalise so the function increases with m
  const f = (m: number) => {
    const { sum, derivative } = valueAt(m);
    return { sum: -sign * sum, derivative: -sign * derivative };
  };
  let low = -0.99;
  let high = 1;
  while (f(high).sum < 0) {
    high *= 2;
    if (high > 1e6) throw new RangeError('No internal rate of return below 10^8 % a month.');
  }
  let m = Math.min(Math.max(0.01, low), high);
  for (let iteration = 0; iteration < 500; iteration += 1) {
    const { sum, derivative } = f(m);
    if (sum === 0) return m;
    if (sum < 0) low = m;
    else high = m;
    const newton = derivative > 0 ? m - sum / derivative : Number.NaN;
    const next = newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - m) < CET_TOLERANCE) return next;
    m = next;
  }
  return m;
}

export interface Cet {
  /** Monthly CET as a fraction (0.0193 = 1.93% a.m.). */
  readonly monthly: number;
  /** (1 + monthly)^12 − 1. */
  readonly annual: number;
}

/** (1 + m)^12 − 1. */
export function annualise(monthly: number): number {
  return grow(monthly, 12) - 1;
}

/**
 * CET (custo efetivo total, docs/rules.md): the monthly internal rate of return of the client's cash flows —
 * `released` received at month 0, then `term` equal installments at months 1..n — and its annualisation
 * (1 + m)^12 − 1. `released` is what the credit pays out on the client's behalf: VL_Liquido plus the
 * VL_SaldoDevedor it settles (refinancing and portability), i.e. the gross value less IOF and fees. So the
 * CET exceeds the contract rate by the IOF financed (no TAC or insurance in consignado).
 *
 * Note: Res. CMN 3.517/2007 annualises over calendar days ((d_j − d_0)/365); this module follows the monthly
 * definition decided for the product, so the two can differ in the second decimal.
 */
export function cet({
  released,
  installment,
  term,
}: {
  readonly released: Cents;
  readonly installment: Cents;
  readonly term: number;
}): Cet {
  assertCents(released, 'Released value');
  assertCents(installment, 'Installment');
  if (!Number.isSafeInteger(term) || term < 1) throw new RangeError(`The term must be a whole number of months ≥ 1, got ${term}.`);
  const monthly = monthlyIrr([released, ...Array.from({ length: term }, () => -installment)]);
  return { monthly, annual: annualise(monthly) };
}
