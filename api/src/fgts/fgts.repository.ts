/** SQL of the FGTS balance check. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import { centsToDecimalText, type Cents } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';

/** What deciding whether an operation's balance may be checked needs: the operation and its client. */
export interface BalanceTarget {
  operationId: number;
  clientId: number;
  creditType: number;
  /** The client's ID_Orgao (1 FGTS, 4 INSS), null when not recorded. */
  agency: number | null;
  /** The client's CPF, 11 digits. */
  cpf: string;
}

export function createFgtsRepository({ db, companyId }: CompanyScope) {
  return {
    /** The operation with its client's agency and CPF; undefined when the operation is not this company's. */
    async target(operationId: number): Promise<BalanceTarget | undefined> {
      const [row] = await db.query<BalanceTarget>(
        `select o.id_operacao as "operationId", o.id_cliente as "clientId", o.id_tipo_credito as "creditType",
                c.id_orgao as agency, c.co_cpf as cpf
           from operacao o join cliente c on c.id_empresa = o.id_empresa and c.id_cliente = o.id_cliente
          where o.id_empresa = $1 and o.id_operacao = $2`,
        [companyId, operationId],
      );
      return row;
    },

    /** Records the balance the provider answered as the operation's base (VL_BaseCalculo, product-spec §3). */
    async storeBalance(operationId: number, balance: Cents): Promise<void> {
      await db.query('update operacao set vl_base_calculo = $3 where id_empresa = $1 and id_operacao = $2', [
        companyId,
        operationId,
        centsToDecimalText(balance),
      ]);
    },

    /**
     * The balance allows no offer (or the company has no FGTS rate): the figures of an earlier balance must not
     * stay on the card, so they are cleared; the card then shows why (DE_Mensagem).
     */
    async clearOffer(operationId: number): Promise<void> {
      await db.query(
        `update operacao set vl_parcela = 0, vl_bruto = 0, vl_liquido = 0, vl_saldo_devedor = 0,
                vl_iof = null, vl_taxa = null, vl_cet_mensal = null, vl_cet_anual = null, dt_validade = null
          where id_empresa = $1 and id_operacao = $2`,
        [companyId, operationId],
      );
    },
  };
}
