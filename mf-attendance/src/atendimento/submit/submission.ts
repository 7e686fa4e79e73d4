import { digitsOnly, type Client, type Operation, type ProposalRegistrationRequest, type SimulationSendRequest } from '@consig/shared';

/** Both submits wait this long before the request leaves (product-spec §4 "Modals and submit", §9). */
export const SUBMIT_DELAY_MS = 300;

export type SubmitKind = 'proposal' | 'simulation';

export const selectedOperations = (operations: readonly Operation[]) => operations.filter((operation) => operation.SN_Selecionado === 1);

/**
 * The body of POST crm/proposta/0 and /crm/simulacao/enviar (product-spec §7): the client as the screen holds
 * it, CO_CPF without punctuation, and every operation with its figures and its own bank fields (the card's
 * bank and the account the credit is paid into, product-spec §5 "Operation bank fields"); the server prices
 * and records only the selected ones.
 */
/** The client as every write sends it (a proposal, a simulation, 'Salvar'): CO_CPF without punctuation (§7). */
export const clientPayload = (client: Client) => ({ ...client, CO_CPF: digitsOnly(client.DE_CPF || client.CO_CPF) });

export function submissionOf(client: Client, operations: readonly Operation[]): ProposalRegistrationRequest & SimulationSendRequest {
  return {
    cliente: clientPayload(client),
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
