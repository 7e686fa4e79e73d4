import type { CalendarDate } from './calendar';
import { assertCents, type Cents } from './money';
import { percentRate, isAbove, type Rate } from './rate';
import { floor, fraction, multiply } from './rational';
import { inssMaxTermOn, inssRateCapOn, marginSharesOn, type InssProduct, type MarginKind } from './ratesInForce';
import type { CreditRefusal } from './refusals';

export interface Margins {
  /** VL_Margem: loan share of the base less the client's current consigned discounts, never below zero. */
  readonly loan: Cents;
  /** VL_MargemCartao: cartão consignado (RMC) share of the base. */
  readonly card: Cents;
  /** Cartão consignado de benefício (RCC) share of the base (INSS; 0 for ML). */
  readonly benefitCard: Cents;
}

/** A legal ceiling is "up to" a share, so it rounds down: 35% of R$1.000,01 is R$350,00, not R$350,01. */
export const shareOf = (base: Cents, percent: string): Cents => Number(floor(multiply(fraction(BigInt(base)), percentRate(percent))));

/**
 * Margins for INSS and ML (docs/rules.md, "Credit arithmetic"): VL_Margem = 35% of VL_BaseCalculo less the
 * client's current consigned discounts; VL_MargemCartao = 5% of VL_BaseCalculo. INSS in force: 45% = 35%
 * loans + 5% RMC + 5% RCC (Lei 14.431/2022, IN PRES/INSS 138/2022); the shares are dated data
 * (ratesInForce.ts). Each share rounds DOWN to the cent, since it is a ceiling.
 */
export function marginsOf({
  kind,
  base,
  currentDiscounts = 0,
  on,
}: {
  readonly kind: MarginKind;
  /** VL_BaseCalculo in cents. */
  readonly base: Cents;
  /** Installments of the client's current consigned loans, in cents. */
  readonly currentDiscounts?: Cents;
  readonly on: CalendarDate;
}): Margins {
  assertCents(base, 'Base value');
  assertCents(currentDiscounts, 'Current discounts');
  const shares = marginSharesOn(kind, on);
  return {
    loan: Math.max(0, shareOf(base, shares.loanPercent) - currentDiscounts),
    card: shareOf(base, shares.cardPercent),
    benefitCard: shareOf(base, shares.benefitCardPercent),
  };
}

/** An installment above the free margin is refused; one equal to it fits. */
export function checkInstallmentWithinMargin(installment: Cents, freeMargin: Cents): CreditRefusal | null {
  assertCents(installment, 'Installment');
  assertCents(freeMargin, 'Free margin', true);
  return installment > freeMargin ? { code: 'installment-above-margin', installment, freeMargin } : null;
}

/**
 * A monthly rate above the INSS cap in force is refused (CNPS: 1.85% a.m. loans, 2.46% a.m. cards, from
 * 04/2025); a rate equal to the cap is allowed. No cap known for the day → no refusal.
 */
export function checkInssRate(rate: Rate, product: InssProduct, on: CalendarDate): CreditRefusal | null {
  const cap = inssRateCapOn(product, on);
  return cap && isAbove(rate, cap) ? { code: 'rate-above-cap', rate, cap } : null;
}

/** A term above the INSS maximum in force (96 months from IN PRES/INSS 181/2025) is refused. */
export function checkInssTerm(term: number, on: CalendarDate): CreditRefusal | null {
  const largestTerm = inssMaxTermOn(on);
  return largestTerm !== undefined && term > largestTerm ? { code: 'term-above-limit', term, largestTerm, unit: 'installments' } : null;
}
