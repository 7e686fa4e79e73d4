/** SQL of the proposals feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import type { PossibleStatus, StatusSummaryItem } from '@consig/shared/contracts';
import { centsToDecimalText } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import type { PricedOperation } from '../operations/pricing';
import { createProposalStatusRepository } from './proposalStatus.repository';

/** Status of a proposal just registered ('Digitada', product-spec §4). */
export const STATUS_TYPED = 10;

/** A proposal to create from a priced operation. */
export interface NewProposal {
  attendantId: number;
  clientId: number;
  operation: PricedOperation;
  /** The lending bank: the operation's, or the one typed on the card when the operation has none. */
  bankId: number;
  table: string;
}

/** Calendar days in America/Sao_Paulo, both inclusive; YYYYMMDD (product-spec §5 "Date filters"). */
export interface TypedBetween {
  from?: string;
  to?: string;
}

export function createProposalsRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Every proposal status, zeros included, with how many proposals of the company have it: only one
     * attendant's with `attendantId`, only those typed (dt_digitacao) within `typed` when given.
     * A day runs from its midnight in São Paulo to the next (the bounds are turned into instants in SQL).
     */
    countByStatus(filter: { attendantId: number | null; typed?: TypedBetween }): Promise<StatusSummaryItem[]> {
      const { attendantId, typed = {} } = filter;
      // The whole company's counts are sums of proposta_contagem (migration 014: per São Paulo day, status and
      // bank), ~15–20 ms over two years where counting a million proposals took ~150 ms. One attendant's are
      // few: counted first (an index-only scan of the company's proposals), then joined to every status
      // (joining each proposal to its status first made the database read every row of the table).
      const days = [typed.from ?? null, typed.to ?? null];
      const [counted, params] =
        attendantId === null
          ? [
              `select c.id_status, sum(c.nu_propostas) as n
                 from proposta_contagem c
                where c.id_empresa = $1
                  and ($2::date is null or c.dt_dia >= $2::date)
                  and ($3::date is null or c.dt_dia <= $3::date)
                group by c.id_status`,
              [companyId, ...days],
            ]
          : [
              `select p.id_status, count(*) as n
                 from proposta p
                where p.id_empresa = $1
                  and ($2::date is null
                       or p.dt_digitacao >= $2::date::timestamp at time zone 'America/Sao_Paulo')
                  and ($3::date is null
                       or p.dt_digitacao < ($3::date + 1)::timestamp at time zone 'America/Sao_Paulo')
                  and p.id_atendente = $4
                group by p.id_status`,
              [companyId, ...days, attendantId],
            ];
      return db.query<StatusSummaryItem>(
        `select s.id_status as "ID_Status", s.de_status as "DE_Status", coalesce(c.n, 0)::int as "NU_Quantidade"
           from status_proposta s
           left join (${counted}) c on c.id_status = s.id_status
          order by s.id_status`,
        params,
      );
    },

    /**
     * One proposal, status 10, typed now, the client's referrer as its referrer, CO_ADE from the sequence
     * (migration 008), the campaign the attendant holds the client from (migration 020), and its first history row. Run on the registration's `tx` so every proposal commits or
     * none does.
     */
    async create({ attendantId, clientId, operation, bankId, table }: NewProposal): Promise<{ ID_Proposta: number; CO_ADE: string }> {
      const { form, stored, figures } = operation;
      const money = centsToDecimalText;
      const rows = await db.query<{ ID_Proposta: number; CO_ADE: string }>(
        `insert into proposta (id_empresa, id_cliente, id_operacao, id_tipo_credito, id_banco, id_atendente, id_indicador,
           id_status, co_ade, dt_digitacao, de_tabela, nu_parcelas, vl_parcela, vl_bruto, vl_liquido,
           id_banco_conta, co_agencia, co_agencia_dv, co_conta_corrente, co_conta_corrente_dv, id_tipo_conta, id_campanha)
         select c.id_empresa, c.id_cliente, $3, $4, $5, $6, c.id_indicador,
                $7, lpad(nextval('proposta_co_ade')::text, 10, '0'), now(), $8, $9, $10, $11, $12,
                $13, $14, nullif($15, ''), $16, $17, $18,
                (select f.id_campanha from fila f
                  where f.id_empresa = c.id_empresa and f.id_cliente = c.id_cliente and f.co_estado = 'em_atendimento' and f.id_atendente = $6
                  order by f.id_campanha limit 1)
           from cliente c where c.id_empresa = $1 and c.id_cliente = $2
         returning id_proposta as "ID_Proposta", co_ade as "CO_ADE"`,
        [
          companyId,
          clientId,
          stored.OperacaoID,
          stored.ID_TipoCredito,
          bankId,
          attendantId,
          STATUS_TYPED,
          table,
          figures.term,
          money(figures.installment),
          money(figures.gross),
          money(figures.net),
          Number(form.CO_Banco),
          form.CO_Agencia,
          form.CO_AgenciaDV ?? '',
          form.CO_ContaCorrente,
          form.CO_ContaCorrenteDV,
          form.ID_TipoConta ?? null,
        ],
      );
      // The proposal's history starts with its registration, in the same transaction (docs/rules.md
      // "Proposal status by role").
      await createProposalStatusRepository({ db, companyId }).recordRegistration(rows[0].ID_Proposta, attendantId, STATUS_TYPED);
      return rows[0];
    },

    /**
     * The proposal in progress (any status but 60 Paga, 90 Cancelada, 91 Reprovada) of each of these operations, if
     * any (migration 018's index). Read it under the operations' row locks (operations/pricing.ts `priceSelected`),
     * so two registrations of one operation see each other: the second waits for the first to commit, then finds it.
     */
    inProgressFor(operationIds: readonly number[]): Promise<{ OperacaoID: number; CO_ADE: string }[]> {
      return db.query<{ OperacaoID: number; CO_ADE: string }>(
        `select id_operacao as "OperacaoID", co_ade as "CO_ADE" from proposta
          where id_empresa = $1 and id_operacao = any($2::int[]) and id_operacao is not null and id_status not in (60, 90, 91)
          order by id_proposta`,
        [companyId, operationIds],
      );
    },

    /** The statuses a proposal can have (reference data, the same for every company). */
    possibleStatuses(): Promise<PossibleStatus[]> {
      return db.query<PossibleStatus>('select id_status as "StatusID", de_status as "DE_Status" from status_proposta order by id_status');
    },
  };
}
