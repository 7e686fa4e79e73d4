import type { Operation } from '@consig/shared/contracts';
import { centsToDecimalText, formatCents, type CalendarDate } from '@consig/shared/credit';
import { termsInForce } from './limitsInForce';
import { computeOffer, rateText, type OfferAsk } from './offer';
import type { StoredOperation } from './operations.repository';
import { offerBasisOf } from './pricing';

const money = centsToDecimalText;

/**
 * The card as the screen shows it (GET /crm/cliente/operacoes, and any push of an updated operation): the offer
 * for the stored term and installment (FGTS: balance and years) at the rate in force on `on`, the reason when
 * none can be made, and the card's bank and account.
 */
export function operationCard(stored: StoredOperation, on: CalendarDate): Operation {
  const ask: OfferAsk = { term: stored.NU_Parcelas, by: 'installment', installment: stored.parcela, debitBalance: stored.saldoDevedor };
  const result = computeOffer(offerBasisOf(stored), ask, on);
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
    CO_Agencia: stored.CO_Agencia,
    CO_AgenciaDV: stored.CO_AgenciaDV,
    CO_ContaCorrente: stored.CO_ContaCorrente,
    CO_ContaCorrenteDV: stored.CO_ContaCorrenteDV,
    ID_TipoConta: stored.ID_TipoConta,
    VL_BaseCalculo: money(stored.baseCalculo),
    VL_Margem: money(stored.margem),
    VL_MargemCartao: money(stored.margemCartao),
    DE_Mensagem: result.ok ? null : result.text,
    VL_Taxa: figures ? rateText(figures.rate) : null,
    VL_IOF: figures ? money(figures.iof) : null,
    VL_CETMensal: figures?.cetMonthly ?? null,
    VL_CETAnual: figures?.cetAnnual ?? null,
    DT_Validade: figures?.validUntil ?? null,
    NU_PrazosPermitidos: termsInForce(stored.ID_TipoCredito, on),
    PropostaEmAndamento: stored.proposta,
  };
}
