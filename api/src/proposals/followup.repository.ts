/**
 * SQL of the proposal follow-up (docs/rules.md "Proposal follow-up"): the list, its total, the export, the
 * dropdown options and deletion (status changes: proposalStatus.repository.ts). Bound to the caller's company.
 */
import type { ProposalAttendantOption, ProposalBankOption, ProposalIndicatorOption, ProposalListItem } from '@consig/shared/contracts';
import type { Readable } from 'node:stream';
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { formulaSafeSql } from '../http/csv';
import { bankLogoPath } from './bankLogo';
import type { ListPosition } from './listCursor';
import { filterConditions, type ProposalFilter } from './proposalFilter';

/** A row with its keyset position (the cursor of the page after it). */
export type ProposalRow = ProposalListItem & { position: ListPosition };

/** Rows after `after` in list order (dt_digitacao desc, id_proposta desc): the keyset condition. */
function keyset(where: string, params: unknown[], after: ListPosition | null): string {
  if (!after) return where;
  params.push(after.typedAtMicros, after.id);
  const at = `'epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond'`;
  return `${where} and (p.dt_digitacao, p.id_proposta) < (${at}, $${params.length})`;
}

const POSITION = `(extract(epoch from p.dt_digitacao) * 1000000)::bigint::text as "typedAtMicros", p.id_proposta as "positionId"`;

type WithPosition<T> = T & { typedAtMicros: string; positionId: number };
function withPosition<T extends object>({ typedAtMicros, positionId, ...row }: WithPosition<T>) {
  return { ...(row as unknown as T), position: { typedAtMicros, id: positionId } };
}

/**
 * What an export line shows beside the proposal `p`: its client, operation, status, attendant, bank, referrer,
 * as joins, which the database runs over every row in one pass (hash joins).
 */
const PROPOSAL_JOINS = `join cliente c on c.id_empresa = p.id_empresa and c.id_cliente = p.id_cliente
  join tipo_credito t on t.id_tipo_credito = p.id_tipo_credito
  join status_proposta s on s.id_status = p.id_status
  join pessoa a on a.id_empresa = p.id_empresa and a.id_pessoa = p.id_atendente
  join banco b on b.id_banco = p.id_banco
  left join indicador i on i.id_empresa = p.id_empresa and i.id_indicador = p.id_indicador`;

/**
 * The same names for a page of the list (≤ 51 rows), as one key lookup each. With the joins above the planner
 * weighs the orders of 8 relations: ~7 ms of planning on every request for ~1.5 ms of work; this way ~1 ms.
 */
const PAGE_NAMES = {
  operation: '(select t.de_tipo_credito from tipo_credito t where t.id_tipo_credito = p.id_tipo_credito)',
  status: '(select s.de_status from status_proposta s where s.id_status = p.id_status)',
  attendant: '(select a.de_pessoa from pessoa a where a.id_empresa = p.id_empresa and a.id_pessoa = p.id_atendente)',
  bank: '(select b.de_banco from banco b where b.id_banco = p.id_banco)',
  indicator: '(select i.de_indicador from indicador i where i.id_empresa = p.id_empresa and i.id_indicador = p.id_indicador)',
};

/**
 * The export's columns, [header, value as the cell shows it]: product-spec §2's table plus bank and day typed,
 * free text neutralised against formulas, CPF formatted, comma decimals, São Paulo's day as dd/mm/yyyy.
 */
const EXPORT_COLUMNS = [
  ['Nome', formulaSafeSql('c.de_pessoa')],
  ['ADE', formulaSafeSql('p.co_ade')],
  ['CPF', `substr(c.co_cpf, 1, 3) || '.' || substr(c.co_cpf, 4, 3) || '.' || substr(c.co_cpf, 7, 3) || '-' || substr(c.co_cpf, 10, 2)`],
  ['Status da Proposta', formulaSafeSql('s.de_status')],
  ['Atendente', formulaSafeSql('a.de_pessoa')],
  ['Indicador', formulaSafeSql('i.de_indicador')],
  // No thousands separator: spreadsheets read '1234,56' as a number.
  ['Valor', `replace(p.vl_liquido::text, '.', ',')`],
  ['Operação', formulaSafeSql('t.de_tipo_credito')],
  ['Banco', formulaSafeSql('b.de_banco')],
  ['Data de digitação', `to_char(p.dt_digitacao at time zone 'America/Sao_Paulo', 'DD/MM/YYYY')`],
];

/** The export's select: every proposal of the filter in list order, each cell as the CSV shows it, headed in Portuguese. */
function exportSelect(companyId: number, filter: ProposalFilter) {
  const { where, params } = filterConditions(companyId, filter);
  const columns = EXPORT_COLUMNS.map(([header, value]) => `${value} as "${header}"`).join(', ');
  const sql = `select ${columns}
      from proposta p
      ${PROPOSAL_JOINS}
     where ${where}
     order by p.dt_digitacao desc, p.id_proposta desc`;
  return { sql, params };
}

export function createFollowUpRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * How many proposals the filter matches (the panel's 'Total'). Without attendant or referrer (and for a
     * supervisor or manager) the answer is a sum of proposta_contagem (migration 014), whose keys are exactly
     * the other filters (company, São Paulo day, status, bank); otherwise an index-only count of that one
     * attendant's or referrer's proposals (migration 013), a small range.
     */
    async count(filter: ProposalFilter): Promise<number> {
      if (filter.ownerId === null && filter.attendant === null && filter.indicator === null) {
        const params: unknown[] = [companyId];
        const conditions = ['c.id_empresa = $1'];
        // `column` compared with the next parameter, when that filter is in force.
        const add = (column: string, operator: string, value: number | string | null, cast = '') => {
          if (value === null) return;
          params.push(value);
          conditions.push(`c.${column} ${operator} $${params.length}${cast}`);
        };
        add('id_status', '=', filter.status);
        add('id_banco', '=', filter.bank);
        add('dt_dia', '>=', filter.from, '::date');
        add('dt_dia', '<=', filter.to, '::date');
        const [row] = await db.query<{ n: number }>(
          `select coalesce(sum(c.nu_propostas), 0)::int as n from proposta_contagem c where ${conditions.join(' and ')}`,
          params,
        );
        return row.n;
      }
      const { where, params } = filterConditions(companyId, filter);
      const [row] = await db.query<{ n: number }>(`select count(*)::int as n from proposta p where ${where}`, params);
      return row.n;
    },

    /** Up to `limit` proposals after `after`, newest typed first, with what the row and its summary show. */
    async page(filter: ProposalFilter, after: ListPosition | null, limit: number): Promise<ProposalRow[]> {
      const { where, params } = filterConditions(companyId, filter);
      const condition = keyset(where, params, after);
      params.push(limit);
      // The page is chosen on proposta's ids alone (an index-only range scan that also checks the other
      // filters on the index's included columns, migration 013), then the few rows are read and joined.
      const rows = await db.query<WithPosition<Omit<ProposalListItem, 'LN_LogoBanco'>>>(
        `with pagina as (
           select p.id_proposta from proposta p where ${condition}
            order by p.dt_digitacao desc, p.id_proposta desc limit $${params.length})
         select p.id_proposta as "ID_Proposta", p.co_ade as "CO_ADE", c.de_pessoa as "DE_Pessoa", c.co_cpf as "CO_CPF",
                p.de_tabela as "DE_Tabela", ${PAGE_NAMES.operation} as "DE_Operacao", p.vl_liquido::text as "DE_Liquido",
                to_char(p.dt_digitacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "DT_Digitacao",
                p.id_status as "ID_Status", ${PAGE_NAMES.status} as "DE_Status", p.id_atendente as "ID_Atendente",
                ${PAGE_NAMES.attendant} as "DE_Atendente", ${PAGE_NAMES.indicator} as "DE_Indicador",
                p.sn_api::int as "SN_API", p.id_banco as "CO_Banco", ${PAGE_NAMES.bank} as "DE_Banco",
                p.co_agencia as "CO_Agencia", p.co_agencia_dv as "CO_AgenciaDV",
                p.co_conta_corrente as "CO_ContaCorrente", p.co_conta_corrente_dv as "CO_ContaCorrenteDV",
                (select f.co_ddd || f.co_telefone from telefone f
                  where f.id_empresa = c.id_empresa and f.id_cliente = c.id_cliente order by f.id_telefone limit 1) as "DE_Telefone",
                c.em_email as "EM_Email", to_char(c.dt_nascimento, 'DD/MM/YYYY') as "DT_Nascimento",
                c.co_identidade as "CO_Identidade", c.de_sexo as "DE_Sexo", c.de_mae as "DE_Mae", c.co_cep as "CO_Cep",
                c.de_endereco as "DE_Endereco", c.de_numero as "DE_Numero", c.de_complemento as "DE_Complemento",
                c.de_bairro as "DE_Bairro", c.de_cidade as "DE_Cidade",
                (select h.id_status from chamado h
                  where h.id_empresa = p.id_empresa and h.id_proposta = p.id_proposta
                  order by h.id_chamado desc limit 1) as "ID_StatusChamado",
                ${POSITION}
           from pagina g
           join proposta p on p.id_proposta = g.id_proposta
           join cliente c on c.id_empresa = p.id_empresa and c.id_cliente = p.id_cliente
          order by p.dt_digitacao desc, p.id_proposta desc`,
        params,
      );
      return rows.map((row) => {
        const { position, ...item } = withPosition(row);
        return { ...item, LN_LogoBanco: bankLogoPath(item.CO_Banco), position };
      });
    },

    /**
     * The export as CSV bytes (';', quoted where needed, LF line ends, a header row) made by the database's
     * COPY in one statement, streamed as the reader reads (Db.copyOut).
     */
    exportCsv(filter: ProposalFilter): Promise<Readable> {
      const { sql, params } = exportSelect(companyId, filter);
      return db.copyOut(sql, params, `format csv, delimiter ';', header true`);
    },

    /** The banks the caller's proposals are at (one index probe per bank, not a scan of the proposals). */
    banks(ownerId: number | null): Promise<ProposalBankOption[]> {
      return db.query<ProposalBankOption>(
        `select b.id_banco as "BancoID", b.de_banco as "DE_Banco" from banco b
          where exists (select 1 from proposta p where p.id_empresa = $1 and p.id_banco = b.id_banco
                                                   and ($2::int is null or p.id_atendente = $2))
          order by lower(b.de_banco), b.id_banco`,
        [companyId, ownerId],
      );
    },

    /** The company's attendants and anyone else with proposals; only `ownerId` when given. */
    attendants(ownerId: number | null): Promise<ProposalAttendantOption[]> {
      return db.query<ProposalAttendantOption>(
        `select a.id_pessoa as "AtendenteID", a.de_pessoa as "DE_Pessoa", a.de_pessoa as "DE_Atendente" from pessoa a
          where a.id_empresa = $1
            and ($2::int is null and (a.id_funcao = 11 or exists (select 1 from proposta p where p.id_empresa = $1 and p.id_atendente = a.id_pessoa))
                 or a.id_pessoa = $2)
          order by lower(a.de_pessoa), a.id_pessoa`,
        [companyId, ownerId],
      );
    },

    /** The company's referrers. */
    indicators(): Promise<ProposalIndicatorOption[]> {
      return db.query<ProposalIndicatorOption>(
        'select id_indicador as "IndicadorID", de_indicador as "DE_Indicador" from indicador where id_empresa = $1 order by lower(de_indicador), id_indicador',
        [companyId],
      );
    },

    /**
     * Deletes the proposal (its tickets go by cascade, migration 013) and records who did it, from which address
     * and what was deleted, in one transaction; false when the company has no such proposal.
     */
    remove(proposalId: number, byPersonId: number, address: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ id: number; ade: string; cpf: string }>(
          `delete from proposta p using cliente c
            where p.id_empresa = $1 and p.id_proposta = $2 and c.id_empresa = p.id_empresa and c.id_cliente = p.id_cliente
           returning p.id_proposta as id, p.co_ade as ade, c.co_cpf as cpf`,
          [companyId, proposalId],
        );
        if (rows.length === 0) return false;
        const [{ id, ade, cpf }] = rows;
        await recordAudit(tx, {
          companyId,
          personId: byPersonId,
          action: 'proposta.remocao',
          address,
          detail: { ID_Proposta: id, CO_ADE: ade, CO_CPF: cpf },
        });
        return true;
      });
    },

    /** Records an export and its filters (LGPD: docs/rules.md "Proposal follow-up"). */
    async auditExport(byPersonId: number, filters: Record<string, number | string>, address: string | null): Promise<void> {
      await recordAudit(db, { companyId, personId: byPersonId, action: 'proposta.exportacao', address, detail: { filtros: filters } });
    },
  };
}
