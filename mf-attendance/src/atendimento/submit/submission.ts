import { digitsOnly, type Cliente, type Operacao, type PropostaRegistroRequest, type SimulacaoEnviarRequest } from '@consig/shared';

/** 'Enviar simulação' is shown only to people of company 1 (product-spec §6, §9). */
export const SIMULATION_COMPANY_ID = 1;
/** Both submits wait this long before the request leaves (product-spec §4 "Modals and submit", §9). */
export const SUBMIT_DELAY_MS = 300;
export const SELECT_OPERATION_TEXT = 'Selecione uma sugestão de crédito.';

export type SubmitKind = 'proposal' | 'simulation';

export const selectedOperations = (operations: readonly Operacao[]) => operations.filter((operation) => operation.SN_Selecionado === 1);

/**
 * The body of POST crm/proposta/0 and /crm/simulacao/enviar (product-spec §7): the client as the screen holds
 * it, CO_CPF without punctuation, and every operation with its figures and its own bank fields (the card's
 * bank and the account the credit is paid into, product-spec §5 "Operation bank fields"); the server prices
 * and records only the selected ones.
 */
export function submissionOf(client: Cliente, operations: readonly Operacao[]): PropostaRegistroRequest & SimulacaoEnviarRequest {
  return {
    cliente: { ...client, CO_CPF: digitsOnly(client.DE_CPF || client.CO_CPF) },
    contratar: operations.map((operation) => ({
      OperacaoID: operation.OperacaoID,
      SN_Selecionado: operation.SN_Selecionado === 1,
      NU_Parcelas: operation.NU_Parcelas,
      VL_Parcela: operation.VL_Parcela,
      VL_Liquido: operation.VL_Liquido,
      VL_SaldoDevedor: operation.VL_SaldoDevedor,
      CO_Banco: operation.CO_Banco === null ? null : Number(operation.CO_Banco),
      CO_Agencia: operation.CO_Agencia ?? '',
      CO_AgenciaDV: operation.CO_AgenciaDV ?? '',
      CO_ContaCorrente: operation.CO_ContaCorrente ?? '',
      CO_ContaCorrenteDV: operation.CO_ContaCorrenteDV ?? '',
      ID_TipoConta: operation.ID_TipoConta,
    })),
  };
}
