/** SQL of the simulations feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import type { SentSimulation } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { offerParams } from '../operations/offer';
import type { PricedOperation } from '../operations/pricing';

/** What became of a simulation's e-mail (migration 008). */
export type DeliveryState = 'pendente' | 'enviado' | 'falhou' | 'nao_configurado' | 'sem_email';

export function createSimulationsRepository({ db, companyId }: CompanyScope) {
  return {
    /** Records a simulation and the figures of each operation; use on a transaction's `tx`. */
    async record(input: {
      clientId: number;
      attendantId: number;
      email: string | null;
      state: DeliveryState;
      operations: PricedOperation[];
    }): Promise<number> {
      const [{ id }] = await db.query<{ id: number }>(
        `insert into simulacao (id_empresa, id_cliente, id_atendente, em_destino, tp_envio)
         values ($1, $2, $3, $4, $5) returning id_simulacao as id`,
        [companyId, input.clientId, input.attendantId, input.email, input.state],
      );
      for (const { stored, figures } of input.operations) {
        await db.query(
          `insert into simulacao_operacao (id_empresa, id_simulacao, id_operacao, id_tipo_credito, id_banco, nu_parcelas,
             vl_parcela, vl_bruto, vl_liquido, vl_saldo_devedor, vl_iof, vl_taxa, vl_cet_mensal, vl_cet_anual, dt_validade)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          [
            companyId,
            id,
            stored.OperacaoID,
            stored.ID_TipoCredito,
            stored.CO_Banco ? Number(stored.CO_Banco) : null,
            ...offerParams(figures),
          ],
        );
      }
      return id;
    },

    async setDelivery(simulationId: number, state: DeliveryState): Promise<void> {
      await db.query('update simulacao set tp_envio = $3 where id_empresa = $1 and id_simulacao = $2', [companyId, simulationId, state]);
    },

    /** The client's simulations, newest first, with their figures; undefined when the client is not this company's. */
    async ofClient(clientId: number): Promise<SentSimulation[] | undefined> {
      const client = await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId]);
      if (client.length === 0) return undefined;
      const simulations = await db.query<Omit<SentSimulation, 'operacoes'>>(
        `select s.id_simulacao as "ID_Simulacao", to_char(s.ts_criacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "TS_Envio",
                s.em_destino as "EM_Destino", s.tp_envio as "TP_Envio", p.de_pessoa as "DE_Atendente"
           from simulacao s join pessoa p on p.id_empresa = s.id_empresa and p.id_pessoa = s.id_atendente
          where s.id_empresa = $1 and s.id_cliente = $2
          order by s.ts_criacao desc, s.id_simulacao desc`,
        [companyId, clientId],
      );
      const figures = await db.query<SentSimulation['operacoes'][number] & { simulacao: number }>(
        `select o.id_simulacao as simulacao, o.id_operacao as "OperacaoID", o.id_tipo_credito as "ID_TipoCredito",
                lpad(o.id_banco::text, 3, '0') as "CO_Banco", b.de_banco as "DE_Banco", o.nu_parcelas as "NU_Parcelas",
                o.vl_parcela::text as "VL_Parcela", o.vl_bruto::text as "VL_Bruto", o.vl_liquido::text as "VL_Liquido",
                o.vl_saldo_devedor::text as "VL_SaldoDevedor", o.vl_iof::text as "VL_IOF",
                regexp_replace(o.vl_taxa::text, '0{1,2}$', '') as "VL_Taxa",
                o.vl_cet_mensal::text as "VL_CETMensal", o.vl_cet_anual::text as "VL_CETAnual",
                to_char(o.dt_validade, 'YYYY-MM-DD') as "DT_Validade"
           from simulacao_operacao o join simulacao s on s.id_empresa = o.id_empresa and s.id_simulacao = o.id_simulacao
           left join banco b on b.id_banco = o.id_banco
          where o.id_empresa = $1 and s.id_cliente = $2
          order by o.id_simulacao_operacao`,
        [companyId, clientId],
      );
      return simulations.map((simulation) => ({
        ...simulation,
        operacoes: figures.filter((row) => row.simulacao === simulation.ID_Simulacao).map(({ simulacao: _simulacao, ...row }) => row),
      }));
    },
  };
}
