import {
  centsToDecimalText,
  checkInssTerm,
  checkInstallmentWithinMargin,
  fgtsAnticipation,
  FGTS_MIN_YEARS,
  FGTS_PRODUCT_MAX_YEARS,
  formatCents,
  marginsOf,
  offerFromInstallment,
  offerFromNet,
  percentRate,
  percentText,
  PRIVATE_PAYROLL_NO_SALARY_TEXT,
  refusalText,
  type CalendarDate,
  type Cents,
  type Rate,
} from '@consig/shared/credit';
import { CREDIT_TYPE, TERMS_BY_CREDIT_TYPE, creditTypeLabel } from '@consig/shared/contracts';
import { checkRateCap, checkSiapeTerm } from './limitsInForce';

/**
 * Terms an offer can be computed for: the choices of product-spec §9 (SIAPE, EGC and EGI: ours, docs/rules.md)
 * less the screen's 0 ("no term chosen yet"); INSS and SIAPE also within the maximum in force, checked first.
 * FGTS years are checked against the credit module's limits instead.
 */
const allowedTermsOf = (creditType: number) => TERMS_BY_CREDIT_TYPE[creditType]?.filter((term) => term > 0);

/** Days an offer stays valid (Autorregulação do consignado: at least 2 days; docs/rules.md "Rules in force"). */
export const OFFER_VALID_DAYS = 2;

/** What the computation needs of a stored operation. */
export interface OfferBasis {
  readonly creditType: number;
  /** VL_BaseCalculo; for FGTS, the FGTS balance. */
  readonly base: Cents;
  /** The stored VL_Margem (the free loan margin, the client's current discounts already taken off). */
  readonly storedMargin: Cents;
  /** The company's rate in force for the operation's type and bank, percent text; null when none. */
  readonly ratePercent: string | null;
}

/** What was asked: the term and either the installment or the net value. */
export type OfferAsk =
  | { readonly term: number; readonly by: 'installment'; readonly installment: Cents; readonly debitBalance: Cents }
  | { readonly term: number; readonly by: 'net'; readonly net: Cents; readonly debitBalance: Cents };

export interface OfferFigures {
  readonly term: number;
  readonly installment: Cents;
  readonly gross: Cents;
  readonly net: Cents;
  readonly debitBalance: Cents;
  readonly iof: Cents;
  readonly rate: Rate;
  /** Percent texts with two decimals; null when nothing is released (no cash flow to take a rate of). */
  readonly cetMonthly: string | null;
  readonly cetAnnual: string | null;
  readonly validUntil: CalendarDate;
}

export type OfferResult = { readonly ok: true; readonly figures: OfferFigures } | { readonly ok: false; readonly text: string };

const refuse = (text: string): OfferResult => ({ ok: false, text });
const names = (terms: readonly number[]) => `${terms.slice(0, -1).join(', ')} ou ${terms[terms.length - 1]}`;

/** '1.7900' → '1.79', '1.6650' → '1.665': the rate as configured, without trailing zeros past two decimals. */
export const rateText = (rate: Rate) => percentText(rate, 4).replace(/0{1,2}$/, '');

function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const cetPercent = (fraction: number) => (fraction * 100).toFixed(2);

/**
 * An offer's figures as SQL parameters, in the order the tables that keep them list their columns: term,
 * installment, gross, net, debit balance, IOF (decimal texts), rate (percent text), CET monthly and annual,
 * validity. One list for the operation card and the simulation history, so the two cannot drift.
 */
export const offerParams = (figures: OfferFigures) => [
  figures.term,
  centsToDecimalText(figures.installment),
  centsToDecimalText(figures.gross),
  centsToDecimalText(figures.net),
  centsToDecimalText(figures.debitBalance),
  centsToDecimalText(figures.iof),
  rateText(figures.rate),
  figures.cetMonthly,
  figures.cetAnnual,
  figures.validUntil,
];

/**
 * The offer for an operation on a day, with @consig/shared/credit (docs/rules.md "Credit arithmetic"): the
 * rate in force (INSS, SIAPE: within the cap in force; EGC, EGI: within the company's ceiling), the term
 * allowed for the type (§9; INSS, SIAPE: within the maximum in force; FGTS: years, within the limit in
 * force), the price table both ways with IOF financed, CET, and the INSS/ML/SIAPE margin check. A refusal
 * carries the text the user reads.
 */
export function computeOffer(basis: OfferBasis, ask: OfferAsk, today: CalendarDate): OfferResult {
  const typeName = creditTypeLabel(basis.creditType);
  const isFgts = basis.creditType === CREDIT_TYPE.FGTS;
  const allowedTerms = allowedTermsOf(basis.creditType);
  if (!isFgts && !allowedTerms) return refuse(`O cálculo de ofertas ainda não está disponível para ${typeName}.`);
  if (basis.ratePercent === null) return refuse(`Nenhuma taxa em vigor para ${typeName} nesta empresa.`);
  const rate = percentRate(basis.ratePercent);
  const validUntil = addDays(today, OFFER_VALID_DAYS);

  // The cap in force (INSS: CNPS; SIAPE: MGI; EGC/EGI: the company's ceilings; limitsInForce.ts), then the
  // maximum term in force (INSS and SIAPE: 96 installments).
  const capped =
    checkRateCap(basis.creditType, rate, today) ??
    (basis.creditType === CREDIT_TYPE.INSS
      ? checkInssTerm(ask.term, today)
      : basis.creditType === CREDIT_TYPE.SIAPE
        ? checkSiapeTerm(ask.term, today)
        : null);
  if (capped) return refuse(refusalText(capped));

  if (isFgts) {
    if (ask.term < FGTS_MIN_YEARS || ask.term > FGTS_PRODUCT_MAX_YEARS) {
      return refuse(`O prazo de ${ask.term} anos não é permitido para FGTS: de ${FGTS_MIN_YEARS} a ${FGTS_PRODUCT_MAX_YEARS} anos.`);
    }
    const anticipation = fgtsAnticipation({ balance: basis.base, years: ask.term, monthlyRate: rate, on: today });
    if (!anticipation.ok) return refuse(refusalText(anticipation.refusal));
    const { gross, net } = anticipation;
    return {
      ok: true,
      figures: { term: ask.term, installment: 0, gross, net, debitBalance: 0, iof: 0, rate, cetMonthly: null, cetAnnual: null, validUntil },
    };
  }

  if (!allowedTerms.includes(ask.term)) {
    return refuse(`O prazo de ${ask.term} parcelas não é permitido para ${typeName}: use ${names(allowedTerms)} parcelas.`);
  }
  const terms = { rate, term: ask.term, debitBalance: ask.debitBalance, iof: { contractDate: today } };
  const offer =
    ask.by === 'installment' ? offerFromInstallment({ ...terms, installment: ask.installment }) : offerFromNet({ ...terms, net: ask.net });

  if (basis.creditType === CREDIT_TYPE.INSS || basis.creditType === CREDIT_TYPE.ML) {
    const legal = marginsOf({ kind: basis.creditType === CREDIT_TYPE.INSS ? 'inss' : 'ml', base: basis.base, on: today });
    // The stored margin already lacks the client's current discounts; it can never exceed the legal share.
    const refusal = checkInstallmentWithinMargin(offer.installment, Math.min(basis.storedMargin, legal.loan));
    if (refusal) return refuse(refusalText(refusal));
  }
  if (basis.creditType === CREDIT_TYPE.SIAPE) {
    // The free margin the federal payroll system (SIAPE/SouGov) reports for the servant, stored as VL_Margem.
    const refusal = checkInstallmentWithinMargin(offer.installment, basis.storedMargin);
    if (refusal) return refuse(refusalText(refusal));
  }
  if (basis.creditType === CREDIT_TYPE.CCP) {
    // Lei 15.179/2025: up to 35% of the available remuneration. VL_BaseCalculo and VL_Margem follow the client's
    // pay whenever the client is saved (clients.repository `update`; docs/rules.md "Private payroll credit (CCP)").
    if (basis.base <= 0) return refuse(PRIVATE_PAYROLL_NO_SALARY_TEXT);
    const refusal = checkInstallmentWithinMargin(offer.installment, basis.storedMargin);
    if (refusal) return refuse(refusalText(refusal));
  }
  if (offer.net < 0) {
    return refuse(
      `O saldo devedor de ${formatCents(offer.debitBalance)} excede o valor liberado de ${formatCents(offer.gross - offer.iof)}.`,
    );
  }
  return {
    ok: true,
    figures: {
      term: offer.term,
      installment: offer.installment,
      gross: offer.gross,
      net: offer.net,
      debitBalance: offer.debitBalance,
      iof: offer.iof,
      rate,
      cetMonthly: offer.cet ? cetPercent(offer.cet.monthly) : null,
      cetAnnual: offer.cet ? cetPercent(offer.cet.annual) : null,
      validUntil,
    },
  };
}
