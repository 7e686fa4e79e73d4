import type { CalendarDate } from './calendar';
import { assertCents, type Cents } from './money';
import { shareOf } from './margin';
import { inForce, type Dated } from './ratesInForce';

/**
 * Private-sector payroll credit (CCP, credit type 5, "Crédito do Trabalhador") as dated data, like the INSS
 * limits of ratesInForce.ts: append an entry to follow a new norm. docs/rules.md "Private payroll credit (CCP)"
 * cites it; the sources were read in public summaries (researched 2026-11), re-check before a real launch.
 */
export interface PrivatePayrollRules extends Dated {
  /** Most the monthly installments may take of the available remuneration, percent text. */
  readonly marginPercent: string;
  /** Most of the FGTS balance the worker may pledge as guarantee, percent text. */
  readonly fgtsBalancePledgePercent: string;
  /** Most of the FGTS dismissal fine (multa rescisória) the worker may pledge, percent text. */
  readonly dismissalFinePledgePercent: string;
}

export const PRIVATE_PAYROLL_RULES: readonly PrivatePayrollRules[] = [
  {
    from: '2025-03-21',
    marginPercent: '35',
    fgtsBalancePledgePercent: '10',
    dismissalFinePledgePercent: '100',
    source:
      'Lei 15.179/2025 (Crédito do Trabalhador, conversion of MP 1.292 of 12/03/2025, amending Lei 10.820/2003): contracted on ' +
      'the public digital platform (CTPS Digital / eSocial) from 21/03/2025 with the worker’s consent by biometrics or digital ' +
      'signature; discounts up to 35% of the available remuneration; up to 10% of the FGTS balance or up to 100% of the ' +
      'dismissal fine may be pledged as guarantee.',
  },
];

export function privatePayrollRulesOn(on: CalendarDate): PrivatePayrollRules {
  const rules = inForce(PRIVATE_PAYROLL_RULES, on);
  if (!rules) throw new RangeError(`No private payroll credit rule known for ${on}.`);
  return rules;
}

/** The client's pay as the client form holds it, in cents; null where it was not typed. */
export interface WorkerPay {
  readonly netSalary: Cents | null;
  readonly grossSalary: Cents | null;
  /** VL_DescontoObrigatorio: income tax, social security, alimony… (what the law keeps out of the available remuneration). */
  readonly mandatoryDiscounts: Cents | null;
  /** VL_DescontoOutroBanco: installments of the worker's current consigned loans. */
  readonly currentConsignedDiscounts: Cents | null;
}

/**
 * The available remuneration (remuneração disponível, Lei 10.820/2003 as amended): the net salary when it was
 * typed, else the gross salary less the mandatory discounts; null when no salary is known (nothing can be lent).
 */
export function availableRemuneration(pay: WorkerPay): Cents | null {
  if (pay.netSalary !== null) return Math.max(0, pay.netSalary);
  if (pay.grossSalary === null) return null;
  return Math.max(0, pay.grossSalary - (pay.mandatoryDiscounts ?? 0));
}

/**
 * The CCP figures of an operation card: VL_BaseCalculo = the available remuneration (0 when unknown), VL_Margem =
 * the share in force (35%) of it less the current consigned installments, never below zero.
 */
export function privatePayrollMargin(pay: WorkerPay, on: CalendarDate): { base: Cents; margin: Cents } {
  const base = availableRemuneration(pay) ?? 0;
  assertCents(base, 'Available remuneration');
  const rules = privatePayrollRulesOn(on);
  return { base, margin: Math.max(0, shareOf(base, rules.marginPercent) - (pay.currentConsignedDiscounts ?? 0)) };
}

/** The guarantee a worker may pledge: up to 10% of the FGTS balance (when known), up to 100% of the dismissal fine. */
export function privatePayrollGuarantee(
  fgtsBalance: Cents | null,
  on: CalendarDate,
): { fgtsBalanceShare: Cents | null; rules: PrivatePayrollRules } {
  const rules = privatePayrollRulesOn(on);
  return { fgtsBalanceShare: fgtsBalance === null ? null : shareOf(fgtsBalance, rules.fgtsBalancePledgePercent), rules };
}

/** Why a CCP operation cannot be priced without a salary (the card and the submits show it). */
export const PRIVATE_PAYROLL_NO_SALARY_TEXT =
  'Informe o salário do cliente (bruto ou líquido) para calcular a margem de 35% do Crédito do Trabalhador.';
