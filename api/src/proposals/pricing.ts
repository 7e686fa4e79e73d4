import type { OperationForm } from '@consig/shared/contracts';
import { toCents, type CalendarDate } from '@consig/shared/credit';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { CREDIT_TYPE } from '@consig/shared/contracts';
import { computeOffer, type OfferAsk, type OfferFigures } from '../operations/offer';
import { createOperationsRepository, type StoredOperation } from '../operations/operations.repository';

export const OPERATION_NOT_FOUND = 'Operação não encontrada.';
export const SELECT_OPERATION = 'Selecione uma sugestão de crédito.';

/** A selected operation of the body, its stored row (locked) and the offer the server computed for it. */
export interface PricedOperation {
  form: OperationForm;
  stored: StoredOperation;
  figures: OfferFigures;
}

export type PricingResult = { ok: true; operations: PricedOperation[] } | { ok: false; text: string };

/** The selected entries of `contratar` (product-spec §5: at least one, else 'Selecione uma sugestão de crédito.'). */
export function selectedOperations(contratar: OperationForm[]): OperationForm[] {
  const selected = contratar.filter((operation) => operation.SN_Selecionado === 1);
  if (selected.length === 0) return selected;
  const ids = new Set(selected.map((operation) => operation.OperacaoID));
  if (ids.size !== selected.length) throw new ApiError(400, 'contratar: A mesma operação foi enviada mais de uma vez.');
  return selected;
}

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
 * Re-prices the selected operations with the code of POST /crm/atualizaOperacao (operations/offer.ts), at the
 * rate in force today, each row locked until the caller's transaction ends (`tx`). An operation that is not
 * this company's or not this client's answers 404 (thrown: the caller's transaction rolls back); the first
 * one the rules refuse ends the pricing with the rule's text, and nothing has been written.
 */
export async function priceSelected(
  tx: Db,
  companyId: number,
  clientId: number,
  selected: OperationForm[],
  on: CalendarDate,
): Promise<PricingResult> {
  const operations = createOperationsRepository({ db: tx, companyId });
  const priced: PricedOperation[] = [];
  // Locked in id order, so two registrations touching the same operations cannot deadlock.
  for (const form of [...selected].sort((a, b) => a.OperacaoID - b.OperacaoID)) {
    const stored = await operations.lockOne(form.OperacaoID, on);
    if (!stored || stored.ID_Cliente !== clientId) throw new ApiError(404, OPERATION_NOT_FOUND);
    const basis = { creditType: stored.ID_TipoCredito, base: stored.baseCalculo, storedMargin: stored.margem, ratePercent: stored.taxa };
    const result = computeOffer(basis, askOf(form, stored), on);
    if (!result.ok) return { ok: false, text: result.text };
    priced.push({ form, stored, figures: result.figures });
  }
  return { ok: true, operations: priced };
}
