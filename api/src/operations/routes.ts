import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  atualizaOperacaoRequest,
  atualizaOperacaoResponse,
  errorResponse,
  idParam,
  operacoesResponse,
  type Operacao,
  type OperacaoAtualizada,
} from '@consig/shared/contracts';
import { centsToDecimalText, formatCents, saoPauloDate, toCents, type CalendarDate } from '@consig/shared/credit';
import * as z from 'zod/mini';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { CREDIT_TYPE } from '@consig/shared/contracts';
import { computeOffer, rateText, type OfferAsk, type OfferFigures } from './offer';
import { createOperationsRepository, type StoredOperation } from './operations.repository';

const tags = ['Operação'];
const OPERATION_NOT_FOUND = 'Operação não encontrada.';
const money = centsToDecimalText;

/** Contract dates and "in force" days are São Paulo calendar days (docs/rules.md "Credit arithmetic"). */
const today = (): CalendarDate => saoPauloDate(new Date());

/** The card as the screen shows it: the offer for the stored term and installment (FGTS: balance and years). */
function card(stored: StoredOperation, on: CalendarDate): Operacao {
  const ask: OfferAsk = { term: stored.NU_Parcelas, by: 'installment', installment: stored.parcela, debitBalance: stored.saldoDevedor };
  const result = computeOffer({ creditType: stored.ID_TipoCredito, base: stored.baseCalculo, storedMargin: stored.margem, ratePercent: stored.taxa }, ask, on);
  const figures = result.ok ? result.figures : undefined;
  const installment = figures?.installment ?? stored.parcela;
  const gross = figures?.gross ?? stored.bruto;
  const net = figures?.net ?? stored.liquido;
  return {
    OperacaoID: stored.OperacaoID,
    ID_Cliente: stored.ID_Cliente,
    ID_TipoCredito: stored.ID_TipoCredito,
    SN_Selecionado: stored.SN_Selecionado,
    NU_Parcelas: stored.NU_Parcelas,
    VL_Bruto: money(gross),
    VL_Parcela: money(installment),
    VL_Liquido: money(net),
    VL_SaldoDevedor: money(figures?.debitBalance ?? stored.saldoDevedor),
    DE_Bruto: formatCents(gross),
    DE_Liquido: formatCents(net),
    CO_Banco: stored.CO_Banco,
    DE_Banco: stored.DE_Banco,
    LN_LogoBanco: null,
    VL_BaseCalculo: money(stored.baseCalculo),
    VL_Margem: money(stored.margem),
    VL_MargemCartao: money(stored.margemCartao),
    DE_Mensagem: result.ok ? null : result.text,
    VL_Taxa: figures ? rateText(figures.rate) : null,
    VL_IOF: figures ? money(figures.iof) : null,
    VL_CETMensal: figures?.cetMonthly ?? null,
    VL_CETAnual: figures?.cetAnnual ?? null,
    DT_Validade: figures?.validUntil ?? null,
  };
}

function answer(operationId: number, selected: number, figures: OfferFigures): OperacaoAtualizada {
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

type UpdateBody = z.output<typeof atualizaOperacaoRequest>;

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

// Every role of the company works clients and their operations (product-spec §1, §6): no role check.
// Another company's client or operation answers exactly like an unknown one (404).
export const operationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/operacoes/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Operações do cliente, com a oferta calculada pela taxa em vigor (valores em texto decimal, 1234.56).',
        params: z.object({ ClienteID: idParam }),
        response: { 200: operacoesResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const on = today();
      const stored = await createOperationsRepository(companyScope(request)).ofClient(request.params.ClienteID, on);
      if (!stored) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true, text: stored.length ? `${stored.length} operação(ões).` : 'Nenhuma operação.', data: stored.map((op) => card(op, on)) };
    },
  );

  app.post(
    '/crm/atualizaOperacao',
    {
      schema: {
        tags,
        summary:
          'Recalcula a oferta (tabela Price, IOF, CET, margem, prazos e limites em vigor) e a grava com SN_Selecionado. ' +
          'Oferta impossível: success false com o motivo, nada é gravado.',
        body: atualizaOperacaoRequest,
        response: { 200: atualizaOperacaoResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { body } = request;
      const on = today();
      const scope = companyScope(request);
      // Read, compute and write under the row's lock: two quick edits of one card apply one after the other.
      return scope.db.transaction(async (tx) => {
        const operations = createOperationsRepository({ db: tx, companyId: scope.companyId });
        const stored = await operations.lockOne(body.OperacaoID, on);
        if (!stored || (body.ID_Cliente != null && body.ID_Cliente !== stored.ID_Cliente)) throw new ApiError(404, OPERATION_NOT_FOUND);
        const basis = { creditType: stored.ID_TipoCredito, base: stored.baseCalculo, storedMargin: stored.margem, ratePercent: stored.taxa };
        const result = computeOffer(basis, askOf(body, stored), on);
        if (!result.ok) return { success: false as const, text: result.text };
        const selected = body.SN_Selecionado ?? stored.SN_Selecionado;
        await operations.saveOffer(stored.OperacaoID, result.figures, selected);
        return { success: true as const, text: 'Operação atualizada.', data: answer(stored.OperacaoID, selected, result.figures) };
      });
    },
  );
};
