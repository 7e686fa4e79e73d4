/**
 * Pricing of the operations a proposal or a simulation selects (POST /crm/proposta/0, POST /crm/simulacao/enviar):
 * the same offer code as POST /crm/atualizaOperacao (offer.ts), at the rate in force on the day, each operation
 * locked until the caller's transaction ends.
 */
import { CLIENT_FORM_TEXT, CREDIT_TYPE, type OperationForm } from '@consig/shared/contracts';
import { toCents, type CalendarDate } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import { ApiError, Refused } from '../http/errors';
import { computeOffer, type OfferAsk, type OfferBasis, type OfferFigures } from './offer';
import { createOperationsRepository, type StoredOperation } from './operations.repository';

/** An unknown operation and another company's or another client's read the same (404). */
export const OPERATION_NOT_FOUND = 'Operação não encontrada.';

/** A selected operation of the body, its stored row (locked) and the offer the server computed for it. */
export interface PricedOperation {
  form: OperationForm;
  stored: StoredOperation;
  figures: OfferFigures;
}

/**
 * The selected entries of `contratar`: at least one, else Refused 'Selecione uma sugestão de crédito.'
 * (product-spec §5); the same operation twice is a malformed request (400).
 */
export function selectedOperations(contratar: OperationForm[]): OperationForm[] {
  const selected = contratar.filter((operation) => operation.SN_Selecionado === 1);
  if (selected.length === 0) throw new Refused(CLIENT_FORM_TEXT.selectOperation);
  const ids = new Set(selected.map((operation) => operation.OperacaoID));
  if (ids.size !== selected.length) throw new ApiError(400, 'contratar: A mesma operação foi enviada mais de uma vez.');
  return selected;
}

/** What the offer computation needs of a stored operation: its type, base, margin and the rate in force. */
export const offerBasisOf = (stored: StoredOperation): OfferBasis => ({
  creditType: stored.ID_TipoCredito,
  base: stored.baseCalculo,
  storedMargin: stored.margem,
  ratePercent: stored.taxa,
});

/** The figures the client was shown: the installment, or the net value when the user typed it (as atualizaOperacao). */
function askOf(form: OperationForm, stored: StoredOperation): OfferAsk {
  if (stored.ID_TipoCredito === CREDIT_TYPE.FGTS) return { term: form.NU_Parcelas, by: 'installment', installment: 0, debitBalance: 0 };
  const debitBalance = form.VL_SaldoDevedor ? toCents(form.VL_SaldoDevedor) : stored.saldoDevedor;
  const byNet = form.TP_Calculo === 'liquido' || (form.TP_Calculo === undefined && !form.VL_Parcela && !!form.VL_Liquido);
  if (byNet && form.VL_Liquido) return { term: form.NU_Parcelas, by: 'net', net: toCents(form.VL_Liquido), debitBalance };
  const installment = form.VL_Parcela ? toCents(form.VL_Parcela) : stored.parcela;
  return { term: form.NU_Parcelas, by: 'installment', installment, debitBalance };
}

/**
 * Re-prices the selected operations at the rate in force on `on`, each row locked until the caller's transaction
 * ends (`scope` on its `tx`). An operation that is not this company's or not this client's throws 404; the first
 * one the rules refuse throws Refused with the rule's text. Either way the caller's transaction rolls back.
 */
export async function priceSelected(
  scope: CompanyScope,
  clientId: number,
  selected: OperationForm[],
  on: CalendarDate,
): Promise<PricedOperation[]> {
  const operations = createOperationsRepository(scope);
  const priced: PricedOperation[] = [];
  // Locked in id order, so two registrations touching the same operations cannot deadlock.
  for (const form of [...selected].sort((a, b) => a.OperacaoID - b.OperacaoID)) {
    const stored = await operations.lockOne(form.OperacaoID, on);
    if (!stored || stored.ID_Cliente !== clientId) throw new ApiError(404, OPERATION_NOT_FOUND);
    const result = computeOffer(offerBasisOf(stored), askOf(form, stored), on);
    if (!result.ok) throw new Refused(result.text);
    priced.push({ form, stored, figures: result.figures });
  }
  return priced;
}
