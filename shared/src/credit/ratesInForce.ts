import { compareDates, type CalendarDate } from './calendar';
import { percentRate, type Rate } from './rate';

/**
 * Legal limits change by norm, so they are dated data, never constants: each table lists entries in force
 * from a São Paulo calendar day, with the norm as `source`, and `inForce` picks the one in force on a day.
 * To follow a new norm, append an entry (tests check every table is in date order). Sources were read in
 * public summaries of the norms named (researched 2026-11); docs/rules.md cites them — re-check before a
 * real launch.
 */
export interface Dated {
  /** First São Paulo calendar day the entry applies. */
  readonly from: CalendarDate;
  /** The norm (and, where it matters, how the date was derived). */
  readonly source: string;
}

/** The latest entry whose `from` is on or before `on`; undefined before the first one. */
export function inForce<T extends Dated>(table: readonly T[], on: CalendarDate): T | undefined {
  let found: T | undefined;
  for (const entry of table) {
    if (compareDates(entry.from, on) <= 0 && (!found || compareDates(entry.from, found.from) >= 0)) found = entry;
  }
  return found;
}

// ── INSS consignado ──────────────────────────────────────────────────────────────────────────────────────

export interface InssRateCap extends Dated {
  /** Monthly cap for personal loans (empréstimo pessoal consignado), percent text. */
  readonly loanPercent: string;
  /** Monthly cap for the cards (cartão consignado RMC and cartão consignado de benefício RCC), percent text. */
  readonly cardPercent: string;
}

export const INSS_RATE_CAPS: readonly InssRateCap[] = [
  {
    from: '2025-04-04',
    loanPercent: '1.85',
    cardPercent: '2.46',
    source:
      'CNPS, meeting of 25/03/2025 (loans 1.80% → 1.85% a.m., cards kept at 2.46% a.m.); resolution published in the ' +
      'DOU on 28/03/2025, in force 5 business days after publication.',
  },
];

export interface InssMaxTerm extends Dated {
  readonly months: number;
}

export const INSS_MAX_TERMS: readonly InssMaxTerm[] = [
  { from: '2022-11-10', months: 84, source: 'IN PRES/INSS 138/2022, art. 5, VI (84 monthly installments).' },
  {
    from: '2025-02-06',
    months: 96,
    source: 'IN PRES/INSS 181/2025 (DOU 06/02/2025, in force on publication): art. 5, VI of IN 138 → 96 installments.',
  },
];

export interface MarginShares extends Dated {
  /** Share of VL_BaseCalculo for loans (VL_Margem, before the current consigned discounts). */
  readonly loanPercent: string;
  /** Share for the cartão consignado, RMC (VL_MargemCartao). */
  readonly cardPercent: string;
  /** Share for the cartão consignado de benefício, RCC (INSS only; 0 where it does not exist). */
  readonly benefitCardPercent: string;
}

export const INSS_MARGIN_SHARES: readonly MarginShares[] = [
  {
    from: '2022-08-04',
    loanPercent: '35',
    cardPercent: '5',
    benefitCardPercent: '5',
    source: 'Lei 14.431/2022 (45% = 35% loans + 5% RMC + 5% RCC), in IN PRES/INSS 138/2022.',
  },
];

/** ML follows the company's rule (docs/rules.md): 35% for loans and 5% for the card, no benefit card. */
export const ML_MARGIN_SHARES: readonly MarginShares[] = [
  {
    from: '2000-01-01',
    loanPercent: '35',
    cardPercent: '5',
    benefitCardPercent: '0',
    source: 'Company rule (docs/rules.md, "Credit arithmetic").',
  },
];

export type MarginKind = 'inss' | 'ml';

/** The margin shares in force on a day for INSS or ML. */
export function marginSharesOn(kind: MarginKind, on: CalendarDate): MarginShares {
  const shares = inForce(kind === 'inss' ? INSS_MARGIN_SHARES : ML_MARGIN_SHARES, on);
  if (!shares) throw new RangeError(`No ${kind.toUpperCase()} margin rule known for ${on}.`);
  return shares;
}

export type InssProduct = 'loan' | 'card';

/** INSS monthly rate cap for a product on a day; undefined before the first dated cap. */
export function inssRateCapOn(product: InssProduct, on: CalendarDate): Rate | undefined {
  const cap = inForce(INSS_RATE_CAPS, on);
  return cap && percentRate(product === 'loan' ? cap.loanPercent : cap.cardPercent);
}

/** INSS maximum term in months on a day. */
export function inssMaxTermOn(on: CalendarDate): number | undefined {
  return inForce(INSS_MAX_TERMS, on)?.months;
}

// ── FGTS saque-aniversário anticipation ──────────────────────────────────────────────────────────────────

export interface FgtsAnticipationRules extends Dated {
  /** Most anticipated years in one operation. */
  readonly maxYears: number;
  /** Least amount of one anticipated year, in cents (a year whose table value is smaller cannot be anticipated). */
  readonly minPerYearCents: number;
  /** Most amount of one anticipated year, in cents (null: the whole table value). */
  readonly maxPerYearCents: number | null;
  /** Days a worker waits after joining the saque-aniversário before the first anticipation. */
  readonly waitAfterJoiningDays: number;
}

/** The product's own range of anticipated years (product-spec §9: 2 to 10). */
export const FGTS_MIN_YEARS = 2;
export const FGTS_PRODUCT_MAX_YEARS = 10;

export const FGTS_ANTICIPATION_RULES: readonly FgtsAnticipationRules[] = [
  {
    from: '2020-04-01',
    maxYears: FGTS_PRODUCT_MAX_YEARS,
    minPerYearCents: 0,
    maxPerYearCents: null,
    waitAfterJoiningDays: 0,
    source: 'Lei 8.036/1990 art. 20-D (Lei 13.932/2019): no legal limit per year; 10 years is the product limit (product-spec §9).',
  },
  {
    from: '2025-11-01',
    maxYears: 5,
    minPerYearCents: 10_000,
    maxPerYearCents: 50_000,
    waitAfterJoiningDays: 90,
    source:
      'Conselho Curador do FGTS, meeting of 07/10/2025, in force from 01/11/2025: each anticipated year R$100–R$500, ' +
      'at most 5 years in the first 12 months of the new rules, one operation a year, 90 days after joining.',
  },
  {
    from: '2026-11-01',
    maxYears: 3,
    minPerYearCents: 10_000,
    maxPerYearCents: 50_000,
    waitAfterJoiningDays: 90,
    source: 'Conselho Curador do FGTS, meeting of 07/10/2025: after the first 12 months (from 01/11/2026), at most 3 years.',
  },
];

export function fgtsRulesOn(on: CalendarDate): FgtsAnticipationRules {
  const rules = inForce(FGTS_ANTICIPATION_RULES, on);
  if (!rules) throw new RangeError(`No FGTS anticipation before the saque-aniversário existed (${on}).`);
  return rules;
}

/** Largest number of anticipated years allowed on a day (regardless of the balance): 10, then 5, then 3. */
export function largestFgtsTermOn(on: CalendarDate): number {
  return Math.min(FGTS_PRODUCT_MAX_YEARS, fgtsRulesOn(on).maxYears);
}

// ── IOF ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface IofRates extends Dated {
  /** Daily rate on each installment's principal for individuals, percent text. */
  readonly dailyPercent: string;
  /** Flat additional rate on the whole principal, percent text. */
  readonly additionalPercent: string;
  /** Days counted at most for one installment. */
  readonly maxDays: number;
}

export const IOF_INDIVIDUAL_RATES: readonly IofRates[] = [
  {
    from: '2008-01-03',
    dailyPercent: '0.0082',
    additionalPercent: '0.38',
    maxDays: 365,
    source: 'Decreto 6.306/2007, art. 7, I, b (0.0082% a day, individuals) and § 15 (additional 0.38%), as set by Decreto 6.339/2008.',
  },
];

export function iofRatesOn(on: CalendarDate): IofRates {
  const rates = inForce(IOF_INDIVIDUAL_RATES, on);
  if (!rates) throw new RangeError(`No IOF rates known for ${on}.`);
  return rates;
}
