import type { CalendarDate } from './calendar';
import { cet, type Cet } from './cet';
import { grossWithIof, iofOn } from './iof';
import { assertCents, type Cents } from './money';
import { grossFor, installmentFor, type PriceTerms } from './price';

export interface OfferTerms extends PriceTerms {
  /** VL_SaldoDevedor settled out of the gross value (refinancing, portability); 0 for a new loan. */
  readonly debitBalance?: Cents;
  /** When given, IOF is computed for this contract date and financed in the gross value. */
  readonly iof?: { readonly contractDate: CalendarDate; readonly firstDueDate?: CalendarDate };
}

/** Every figure of a price-table offer, all in cents, consistent with one another. */
export interface Offer {
  readonly term: number;
  /** VL_Parcela. */
  readonly installment: Cents;
  /** VL_Bruto: the amount financed, IOF included when financed. */
  readonly gross: Cents;
  /** IOF financed in the gross value (0 without `iof`). */
  readonly iof: Cents;
  readonly debitBalance: Cents;
  /** VL_Liquido = VL_Bruto − IOF − VL_SaldoDevedor: what the client receives. Negative when the balance is not covered. */
  readonly net: Cents;
  /** Monthly and annual CET; null when nothing is released (no cash flow to take a rate of). */
  readonly cet: Cet | null;
}

function offer(terms: OfferTerms, installment: Cents, gross: Cents, iof: Cents): Offer {
  const debitBalance = terms.debitBalance ?? 0;
  const released = gross - iof;
  return {
    term: terms.term,
    installment,
    gross,
    iof,
    debitBalance,
    net: released - debitBalance,
    cet: released > 0 && installment > 0 ? cet({ released, installment, term: terms.term }) : null,
  };
}

/**
 * Offer for an installment (typically the free margin): VL_Bruto = PV of the installments (price.ts), IOF
 * levied on it (iof.ts), VL_Liquido = VL_Bruto − IOF − VL_SaldoDevedor (docs/rules.md). Without IOF this is
 * the rule's VL_Liquido = VL_Bruto − VL_SaldoDevedor.
 */
export function offerFromInstallment({ installment, ...terms }: OfferTerms & { readonly installment: Cents }): Offer {
  assertCents(installment, 'Installment');
  assertCents(terms.debitBalance ?? 0, 'Debit balance');
  const gross = grossFor({ installment, rate: terms.rate, term: terms.term });
  const iof = terms.iof ? iofOn({ gross, rate: terms.rate, term: terms.term, ...terms.iof }) : 0;
  return offer(terms, installment, gross, iof);
}

/**
 * Offer for a net value (VL_Liquido), solved back to the installment: the client receives `net`, the balance
 * is settled, and the IOF this generates is financed too, so VL_Bruto solves
 * VL_Bruto − IOF(VL_Bruto) = VL_Liquido + VL_SaldoDevedor exactly (iof.ts); the installment is the price-table
 * installment of that VL_Bruto. The net value asked for is kept to the cent.
 */
export function offerFromNet({ net, ...terms }: OfferTerms & { readonly net: Cents }): Offer {
  assertCents(net, 'Net value');
  const debitBalance = terms.debitBalance ?? 0;
  assertCents(debitBalance, 'Debit balance');
  const released = net + debitBalance;
  const { gross, iof } = terms.iof
    ? grossWithIof({ released, rate: terms.rate, term: terms.term, ...terms.iof })
    : { gross: released, iof: 0 };
  return offer(terms, installmentFor({ gross, rate: terms.rate, term: terms.term }), gross, iof);
}
