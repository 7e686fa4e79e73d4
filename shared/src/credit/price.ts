import { assertCents, type Cents } from './money';
import type { Rate } from './rate';
import { fraction, roundHalfUp, type Fraction } from './rational';

/**
 * Price table (French amortisation, "Tabela Price"): n equal monthly installments at a fixed monthly rate i,
 * the first one month after the credit is released (docs/rules.md, "Credit arithmetic"):
 *
 *   PMT = PV · i / (1 − (1 + i)^−n)
 *
 * Rounding: every amount is rounded once, half-up to the cent, from the exact value (banks quote the same
 * way). Consequences, all tested over thousands of values:
 * - installment → gross → installment gives back the same installment (for n ≥ 2, where the annuity factor
 *   exceeds 1, so half a cent of gross moves the installment by less than half a cent);
 * - gross → installment → gross lands within half a cent times the annuity factor (1 − (1 + i)^−n)/i of
 *   the start (±R$0,22 at 96 months and 1.85% a.m.), and from there the loop is stable;
 * - so the gross value solved from a margin-sized installment is repaid by exactly that installment, never
 *   by a cent more than the margin.
 */
export interface PriceTerms {
  /** Monthly rate. */
  readonly rate: Rate;
  /** Number of monthly installments (NU_Parcelas), ≥ 1. */
  readonly term: number;
}

function assertTerm(term: number): void {
  if (!Number.isSafeInteger(term) || term < 1) throw new RangeError(`The term must be a whole number of months ≥ 1, got ${term}.`);
}

/** With i = a/b: A^n and b^n, where A = a + b, so that (1 + i)^n = A^n / b^n without any fraction of fractions. */
function growth({ rate, term }: PriceTerms) {
  assertTerm(term);
  const n = BigInt(term);
  const a = rate.numerator;
  const b = rate.denominator;
  return { a, b, grown: (a + b) ** n, base: b ** n };
}

/**
 * Installment (VL_Parcela) that repays `gross` (VL_Bruto, the amount financed) — the price-table formula,
 * half-up to the cent. Known real contract: R$2.000,00 at 1.79% a.m. over 12 months → R$186,69.
 */
export function installmentFor({ gross, ...terms }: PriceTerms & { readonly gross: Cents }): Cents {
  assertCents(gross, 'Gross value');
  const { a, b, grown, base } = growth(terms);
  if (a === 0n) return Number(roundHalfUp(fraction(BigInt(gross), BigInt(terms.term))));
  // PMT = PV · (a/b) · A^n / (A^n − b^n)
  return Number(roundHalfUp(fraction(BigInt(gross) * a * grown, b * (grown - base))));
}

/**
 * Gross value (VL_Bruto = PV) that `installment` repays over the term: the price-table formula solved for PV,
 * PV = PMT · (1 − (1 + i)^−n) / i, half-up to the cent.
 */
export function grossFor({ installment, ...terms }: PriceTerms & { readonly installment: Cents }): Cents {
  assertCents(installment, 'Installment');
  const { a, b, grown, base } = growth(terms);
  if (a === 0n) return installment * terms.term;
  // PV = PMT · b · (A^n − b^n) / (a · A^n)
  return Number(roundHalfUp(fraction(BigInt(installment) * b * (grown - base), a * grown)));
}

/**
 * Exact share of the principal that each installment amortises (k = 1..n, summing to 1): in the price table
 * installment k amortises PMT·(1 + i)^−(n−k+1), i.e. a·b^(n−k)·A^(k−1) / (A^n − b^n) of PV. IOF is levied on
 * these amounts (iof.ts). All shares are written over one common denominator, which iof.ts relies on.
 */
export function amortizationShares(terms: PriceTerms): Fraction[] {
  const { a, b, grown, base } = growth(terms);
  if (a === 0n) return Array.from({ length: terms.term }, () => fraction(1n, BigInt(terms.term)));
  // share_k = a · b^(n−k) · A^(k−1) / (A^n − b^n), walking the two powers instead of recomputing them.
  const bPowers = [1n];
  for (let k = 1; k < terms.term; k += 1) bPowers.push(bPowers[k - 1] * b);
  const shares: Fraction[] = [];
  let grownPower = 1n;
  for (let k = 1; k <= terms.term; k += 1) {
    shares.push(fraction(a * bPowers[terms.term - k] * grownPower, grown - base));
    grownPower *= a + b;
  }
  return shares;
}

/**
 * VL_Liquido = VL_Bruto − VL_SaldoDevedor: refinancing and portability settle the client's debit balance out
 * of the gross value (docs/rules.md). Without IOF financed in the gross value; see quote.ts for the offer
 * that carries IOF.
 */
export function netOf(gross: Cents, debitBalance: Cents = 0): Cents {
  assertCents(gross, 'Gross value');
  assertCents(debitBalance, 'Debit balance');
  return gross - debitBalance;
}
