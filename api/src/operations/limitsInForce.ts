import {
  inForce,
  INSS_RATE_CAPS,
  inssMaxTermOn,
  isAbove,
  largestFgtsTermOn,
  percentRate,
  type CalendarDate,
  type CreditRefusal,
  type Dated,
  type Rate,
} from '@consig/shared/credit';
import { CREDIT_TYPE, TERMS_BY_CREDIT_TYPE } from '@consig/shared/contracts';

/**
 * The limits of SIAPE, EGC and EGI offers, dated data like the INSS ones of @consig/shared/credit
 * (ratesInForce.ts): each entry applies from a São Paulo calendar day, with its source; append an entry to
 * follow a new norm. docs/rules.md "Rules in force" cites them. Sources were read in public summaries of the
 * norms named (researched 2026-11); re-check before a real launch. `rateCapOn` answers the rate cap in force
 * for every credit type, INSS's (from @consig/shared/credit) included.
 */

export interface RateCap extends Dated {
  /** Monthly cap, percent text; a rate equal to it is allowed. */
  readonly percent: string;
}

export interface MaxTerm extends Dated {
  readonly months: number;
}

/** SIAPE consignado (federal servants, retirees and pensioners): personal loans. */
export const SIAPE_RATE_CAPS: readonly RateCap[] = [
  {
    from: '2023-12-04',
    percent: '1.80',
    source:
      'Portaria MGI signed and published in the DOU on 29/11/2023: cap of consigned loans to federal servants cut from ' +
      '2.05% to 1.80% a.m. (cards excluded), lenders given five days to adapt.',
  },
];

export const SIAPE_MAX_TERMS: readonly MaxTerm[] = [
  {
    from: '2014-10-03',
    months: 96,
    source: 'Decreto 8.321/2014 (DOU 03/10/2014): federal payroll loans in up to 96 installments (60 before).',
  },
];

/**
 * EGC (empréstimo com garantia de carro, auto equity) and EGI (empréstimo com garantia de imóvel, home
 * equity) have no legal rate cap (free-market rates; the Lei de Usura does not bind banks, STF Súmula 596).
 * These are the company's ceilings, our decision: well above the market's usual rates (vehicle 1.5–3% a.m.,
 * property 0.7–1.5% a.m.), so a rate table typo (19.9 for 1.99) is refused instead of offered.
 */
export const SECURED_LOAN_RATE_CEILINGS: Readonly<Record<number, readonly RateCap[]>> = {
  [CREDIT_TYPE.EGC]: [{ from: '2000-01-01', percent: '3.50', source: 'Company ceiling for auto equity (docs/rules.md, our decision).' }],
  [CREDIT_TYPE.EGI]: [{ from: '2000-01-01', percent: '2.00', source: 'Company ceiling for home equity (docs/rules.md, our decision).' }],
};

/** The INSS personal-loan caps of @consig/shared/credit, as one more cap table (the cards' caps apply to no credit type here). */
const INSS_LOAN_RATE_CAPS: readonly RateCap[] = INSS_RATE_CAPS.map(({ from, loanPercent, source }) => ({
  from,
  percent: loanPercent,
  source,
}));

/** Each capped credit type's table, and who sets it in words the screens show (the tables' sources cite the norms). */
const CAPS_BY_CREDIT_TYPE: Readonly<Record<number, { readonly setBy: string; readonly table: readonly RateCap[] }>> = {
  [CREDIT_TYPE.INSS]: { setBy: 'Teto do CNPS para o empréstimo consignado do INSS', table: INSS_LOAN_RATE_CAPS },
  [CREDIT_TYPE.SIAPE]: { setBy: 'Teto do MGI para o consignado SIAPE', table: SIAPE_RATE_CAPS },
  [CREDIT_TYPE.EGC]: { setBy: 'Teto da empresa para EGC (não há teto legal)', table: SECURED_LOAN_RATE_CEILINGS[CREDIT_TYPE.EGC] },
  [CREDIT_TYPE.EGI]: { setBy: 'Teto da empresa para EGI (não há teto legal)', table: SECURED_LOAN_RATE_CEILINGS[CREDIT_TYPE.EGI] },
};

/** A cap (or the company's ceiling) in force: its rate, the entry it comes from and who sets it. */
export interface RateCapInForce extends RateCap {
  readonly rate: Rate;
  /** Who sets it, in Portuguese ('Teto do CNPS para o empréstimo consignado do INSS'). */
  readonly setBy: string;
}

/**
 * THE monthly cap in force for a credit type on a day: INSS loans (CNPS), SIAPE (MGI), EGC and EGI (the company's
 * ceilings); undefined for the types without one (ML, FGTS, Crédito Privado) and before a table's first entry.
 * Offers (offer.ts) and the rates a manager registers (company-settings/ratesManagement.ts) both ask it.
 */
export function rateCapOn(creditType: number, on: CalendarDate): RateCapInForce | undefined {
  const capped = CAPS_BY_CREDIT_TYPE[creditType];
  const cap = capped && inForce(capped.table, on);
  return cap && { ...cap, rate: percentRate(cap.percent), setBy: capped.setBy };
}

/** A rate above the cap or ceiling in force is refused (equal is allowed), with the credit module's text. */
export function checkRateCap(creditType: number, rate: Rate, on: CalendarDate): CreditRefusal | null {
  const cap = rateCapOn(creditType, on);
  return cap && isAbove(rate, cap.rate) ? { code: 'rate-above-cap', rate, cap: cap.rate } : null;
}

/** A SIAPE term above the maximum in force (96 installments) is refused. */
export function checkSiapeTerm(term: number, on: CalendarDate): CreditRefusal | null {
  const largestTerm = inForce(SIAPE_MAX_TERMS, on)?.months;
  return largestTerm !== undefined && term > largestTerm ? { code: 'term-above-limit', term, largestTerm, unit: 'installments' } : null;
}

/** The largest term in force on a day for the types whose norm caps it (INSS, SIAPE: installments; FGTS: years). */
function largestTermOn(creditType: number, on: CalendarDate): number | undefined {
  if (creditType === CREDIT_TYPE.INSS) return inssMaxTermOn(on);
  if (creditType === CREDIT_TYPE.SIAPE) return inForce(SIAPE_MAX_TERMS, on)?.months;
  if (creditType === CREDIT_TYPE.FGTS) return largestFgtsTermOn(on);
  return undefined;
}

/**
 * The terms an operation card offers on a day (docs/rules.md "Operation cards"): the type's list (product-spec §9
 * and ours, TERMS_BY_CREDIT_TYPE) without §9's 0, which is the screen's "no term chosen yet", and without what is
 * above the limit in force (INSS 96 installments, SIAPE 96, FGTS 10 → 5 → 3 years).
 */
export function termsInForce(creditType: number, on: CalendarDate): number[] {
  const largest = largestTermOn(creditType, on) ?? Number.POSITIVE_INFINITY;
  return (TERMS_BY_CREDIT_TYPE[creditType] ?? []).filter((term) => term > 0 && term <= largest);
}
