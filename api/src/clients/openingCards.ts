import { CREDIT_TYPE, type Client } from '@consig/shared/contracts';
import {
  largestFgtsTermOn,
  marginsOf,
  privatePayrollMargin,
  toCents,
  type CalendarDate,
  type Cents,
  type WorkerPay,
} from '@consig/shared/credit';

/** An operation card a new client starts with (table operacao). */
export interface OpeningCard {
  creditType: number;
  bank: number;
  term: number;
  base: Cents;
  margin: Cents;
  cardMargin: Cents;
  /** The whole free margin: the best offer, which the attendant lowers on the card. */
  installment: Cents;
}

/** Agency (ID_Orgao) 4: INSS (product-spec §3). */
const INSS_AGENCY = 4;
/** The banks a new card is offered at, as the demo's cards are (each has the company's rate in force). */
const OPENING_BANK = { [CREDIT_TYPE.INSS]: 318, [CREDIT_TYPE.FGTS]: 336, [CREDIT_TYPE.CCP]: 341 } as const;
const OPENING_TERM = { [CREDIT_TYPE.INSS]: 84, [CREDIT_TYPE.CCP]: 24 } as const;

const cents = (value: string | null | undefined) => (value ? toCents(value) : null);

/** The pay fields of the client record or form (decimal texts, null or absent when not typed). */
type PayFields = Partial<
  Record<'VL_SalarioLiquido' | 'VL_SalarioBruto' | 'VL_DescontoObrigatorio' | 'VL_DescontoOutroBanco', string | null>
>;

/** The client's pay in cents, as the private payroll margin reads it. */
export const workerPayOf = (client: PayFields): WorkerPay => ({
  netSalary: cents(client.VL_SalarioLiquido),
  grossSalary: cents(client.VL_SalarioBruto),
  mandatoryDiscounts: cents(client.VL_DescontoObrigatorio),
  currentConsignedDiscounts: cents(client.VL_DescontoOutroBanco),
});

/**
 * The operation cards of a client the company did not have (docs/rules.md "Clients and lookups"): an INSS
 * beneficiary (agency 4) gets INSS, priced on the benefit the prospect base gives (VL_SalarioBruto), and FGTS;
 * anyone else FGTS and private payroll credit (CCP), whose margin follows the pay typed on the form. FGTS waits
 * for its balance ('Verificar'), CCP for a salary: until then the card says what is missing.
 */
export function openingCards(client: Client, on: CalendarDate): OpeningCard[] {
  const fgts: OpeningCard = {
    creditType: CREDIT_TYPE.FGTS,
    bank: OPENING_BANK[CREDIT_TYPE.FGTS],
    term: largestFgtsTermOn(on),
    base: 0,
    margin: 0,
    cardMargin: 0,
    installment: 0,
  };
  const income = cents(client.VL_SalarioBruto);
  if (client.ID_Orgao === INSS_AGENCY) {
    const base = income ?? 0;
    const margins = marginsOf({ kind: 'inss', base, on });
    const inss = { creditType: CREDIT_TYPE.INSS, bank: OPENING_BANK[CREDIT_TYPE.INSS], term: OPENING_TERM[CREDIT_TYPE.INSS] };
    return [{ ...inss, base, margin: margins.loan, cardMargin: margins.card, installment: margins.loan }, fgts];
  }
  const { base, margin } = privatePayrollMargin(workerPayOf(client), on);
  const ccp = { creditType: CREDIT_TYPE.CCP, bank: OPENING_BANK[CREDIT_TYPE.CCP], term: OPENING_TERM[CREDIT_TYPE.CCP] };
  return [fgts, { ...ccp, base, margin, cardMargin: 0, installment: margin }];
}
