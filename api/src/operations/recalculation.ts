import type { UpdateOperationResponse, UpdatedOperation } from '@consig/shared/contracts';
import { updateOperationRequest, CREDIT_TYPE } from '@consig/shared/contracts';
import { centsToDecimalText, formatCents, toCents, type CalendarDate } from '@consig/shared/credit';
import type * as z from 'zod/mini';
import type { CompanyScope } from '../auth/scope';
import { createClientsRepository } from '../clients/clients.repository';
import { ApiError, Refused } from '../http/errors';
import { bankCodeIssue } from './bankRules';
import { carriedClientFields, clientFieldsIssue, mergedClientForm } from './clientFields';
import { computeOffer, rateText, type OfferAsk, type OfferFigures } from './offer';
import { createOperationsRepository, type StoredOperation } from './operations.repository';
import { OPERATION_NOT_FOUND, offerBasisOf } from './pricing';
const money = centsToDecimalText;

function answer(operationId: number, selected: number, figures: OfferFigures): UpdatedOperation {
  return {
    OperacaoID: operationId,
    SN_Selecionado: selected,
    NU_Parcelas: figures.term,
    VL_Parcela: money(figures.installment),
    VL_Bruto: money(figures.gross),
    VL_Liquido: money(figures.net),
    VL_SaldoDevedor: money(figures.debitBalance),
    DE_Bruto: formatCents(figures.gross),
    DE_Liquido: formatCents(figures.net),
    VL_Taxa: rateText(figures.rate),
    VL_IOF: money(figures.iof),
    VL_CETMensal: figures.cetMonthly,
    VL_CETAnual: figures.cetAnnual,
    DT_Validade: figures.validUntil,
  };
}

type UpdateBody = z.output<typeof updateOperationRequest>;

/** Installment or net value, as asked: `TP_Calculo` decides when both are given, else the one given. */
function askOf(body: UpdateBody, stored: StoredOperation): OfferAsk {
  const debitBalance = body.VL_SaldoDevedor ? toCents(body.VL_SaldoDevedor) : 0;
  if (stored.ID_TipoCredito === CREDIT_TYPE.FGTS) return { term: body.NU_Parcelas, by: 'installment', installment: 0, debitBalance: 0 };
  const byNet = body.TP_Calculo === 'liquido' || (body.TP_Calculo === undefined && !body.VL_Parcela && !!body.VL_Liquido);
  if (byNet) {
    if (!body.VL_Liquido) throw new ApiError(400, 'VL_Liquido: Informe o valor líquido.');
    return { term: body.NU_Parcelas, by: 'net', net: toCents(body.VL_Liquido), debitBalance };
  }
  if (!body.VL_Parcela) throw new ApiError(400, 'VL_Parcela: Informe a parcela ou o valor líquido.');
  return { term: body.NU_Parcelas, by: 'installment', installment: toCents(body.VL_Parcela), debitBalance };
}

/** The operation's client, locked until the transaction ends, as its record (the client form's values). */
async function lockedClient(
  operations: ReturnType<typeof createOperationsRepository>,
  clients: ReturnType<typeof createClientsRepository>,
  clientId: number,
) {
  await operations.lockClient(clientId);
  const record = await clients.byId(clientId);
  if (!record) throw new ApiError(404, OPERATION_NOT_FOUND); // the operation's own client: never, short of a race with a delete
  return record;
}

/**
 * POST /crm/atualizaOperacao (docs/rules.md "Operation cards"): in one transaction, under locks on the
 * operation and its client, checks every field (400 names it), stores the card's bank fields, re-prices the
 * offer at the rate in force at the card's bank, and stores the offer with SN_Selecionado and the client fields
 * carried. A refused offer throws Refused: everything rolls back and the answer is `success: false` with the rule's text.
 */
export async function recalculate(scope: CompanyScope, body: UpdateBody, on: CalendarDate): Promise<UpdateOperationResponse> {
  // Read, compute and write under the rows' locks: two quick edits of one card apply one after the other.
  return scope.db.transaction(async (tx) => {
    const bound = { db: tx, companyId: scope.companyId };
    const operations = createOperationsRepository(bound);
    const clients = createClientsRepository(bound);
    let stored = await operations.lockOne(body.OperacaoID, on);
    if (!stored || (body.ID_Cliente != null && body.ID_Cliente !== stored.ID_Cliente)) throw new ApiError(404, OPERATION_NOT_FOUND);

    // Every field is checked before anything is written (400 names the field).
    const carried = carriedClientFields(body);
    const client = Object.keys(carried).length > 0 ? await lockedClient(operations, clients, stored.ID_Cliente) : undefined;
    const clientIssue = client && clientFieldsIssue(client, carried);
    if (clientIssue) throw new ApiError(400, clientIssue);
    const bankIssue = body.CO_Banco ? await bankCodeIssue(tx, stored.ID_TipoCredito, Number(body.CO_Banco)) : null;
    if (bankIssue) throw new ApiError(400, `CO_Banco: ${bankIssue}`);

    // The card's bank decides the rate in force: store it first and read the operation again.
    await operations.saveAccount(stored.OperacaoID, body);
    if (body.CO_Banco !== undefined) stored = (await operations.lockOne(stored.OperacaoID, on))!;
    const result = computeOffer(offerBasisOf(stored), askOf(body, stored), on);
    if (!result.ok) throw new Refused(result.text);

    const selected = body.SN_Selecionado ?? stored.SN_Selecionado;
    await operations.saveOffer(stored.OperacaoID, result.figures, selected);
    const form = client && mergedClientForm(client, carried);
    if (form) await clients.update(stored.ID_Cliente, form, on);
    return { success: true as const, text: 'Operação atualizada.', data: answer(stored.OperacaoID, selected, result.figures) };
  });
}
