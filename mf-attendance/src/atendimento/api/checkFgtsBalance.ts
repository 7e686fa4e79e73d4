import { apiSend } from '@consig/shared/query';

export interface FgtsBalanceRequest {
  ClienteID: number;
  CO_CPF: string;
  OperacaoID: number;
  DE_Telefone: string;
}

/** POST /crm/fgts/saldo (product-spec §7): asks for the client's FGTS balance; the answer's text is shown as it comes. */
export const checkFgtsBalance = (request: FgtsBalanceRequest) => apiSend({ method: 'post', path: '/crm/fgts/saldo', body: request });
