/**
 * Credit arithmetic shared by the API (the figures it stores and answers) and the screens (instant previews
 * that match them to the cent): price table, margins, FGTS anticipation, IOF, CET and the dated legal limits.
 * Pure TypeScript, no React, no DOM, no dependencies. Money in and out is integer cents; rates are exact
 * fractions read from percent texts; every amount is rounded once, half-up to the cent (margins, being
 * ceilings, round down). The rules and their sources are cited in docs/rules.md.
 *
 * Imported as '@consig/shared/credit' (not from '@consig/shared', whose root stays small for the sign-in page).
 */
export { type Cents, assertCents, toCents, centsToDecimalText, formatCents } from './money';
export { type Rate, percentRate, percentText, isAbove } from './rate';
export { type CalendarDate, CREDIT_TIME_ZONE, saoPauloDate, isCalendarDate, addMonths, daysBetween, compareDates } from './calendar';
export { type PriceTerms, installmentFor, grossFor, netOf } from './price';
export { type Margins, marginsOf, checkInstallmentWithinMargin, checkInssRate, checkInssTerm } from './margin';
export { type FgtsYear, type FgtsAnticipation, annualWithdrawal, largestFgtsTermFor, fgtsAnticipation } from './fgts';
export { type IofTerms, dueDates, iofOn, grossWithIof } from './iof';
export { type Cet, CET_TOLERANCE, monthlyIrr, annualise, cet } from './cet';
export { type OfferTerms, type Offer, offerFromInstallment, offerFromNet } from './quote';
export { type CreditRefusal, refusalText } from './refusals';
export {
  type PrivatePayrollRules,
  type WorkerPay,
  PRIVATE_PAYROLL_RULES,
  PRIVATE_PAYROLL_NO_SALARY_TEXT,
  privatePayrollRulesOn,
  availableRemuneration,
  privatePayrollMargin,
  privatePayrollGuarantee,
} from './privatePayroll';
export {
  type Dated,
  type InssRateCap,
  type InssMaxTerm,
  type MarginShares,
  type MarginKind,
  type InssProduct,
  type FgtsAnticipationRules,
  type IofRates,
  inForce,
  INSS_RATE_CAPS,
  INSS_MAX_TERMS,
  INSS_MARGIN_SHARES,
  ML_MARGIN_SHARES,
  FGTS_MIN_YEARS,
  FGTS_PRODUCT_MAX_YEARS,
  FGTS_ANTICIPATION_RULES,
  IOF_INDIVIDUAL_RATES,
  marginSharesOn,
  inssRateCapOn,
  inssMaxTermOn,
  fgtsRulesOn,
  largestFgtsTermOn,
  iofRatesOn,
} from './ratesInForce';
