import { AUDIT_ACTIONS, isAuditAction, type AuditItem } from '@consig/shared/contracts';
import type { Db } from '../db';
import { utcInstant } from '../db/saoPauloTime';
import type { AuditPosition } from './auditCursor';

/** What the list and the CSV filter by: São Paulo days (inclusive), the person who acted, the action. */
export interface AuditFilter {
  start: string | null;
  end: string | null;
  personId: number | null;
  action: string | null;
}

/** A row with the keyset position it holds in the list. */
export interface Positioned<T> {
  row: T;
  position: AuditPosition;
}

/** One CSV line's cells, as the database formats them (São Paulo time, JSON as text). */
export interface AuditCsvRow {
  id: string;
  at: string;
  personId: number;
  person: string;
  action: string;
  address: string | null;
  detail: string;
  before: string | null;
  after: string | null;
}

/** The label of an action; an action no longer listed (none today) shows as it was written. */
export const actionLabel = (action: string) => (isAuditAction(action) ? AUDIT_ACTIONS[action] : action);

/**
 * The filter and the keyset as a where clause on `a` (auditoria) with its parameters. The days are São Paulo's
 * calendar days: from the start day's 00:00 to the end day's 24:00 in America/Sao_Paulo.
 */
function where(companyId: number, filter: AuditFilter, after: AuditPosition | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [companyId, filter.start, filter.end, filter.personId, filter.action];
  let sql = `a.id_empresa = $1
     and ($2::date is null or a.ts_acao >= $2::date::timestamp at time zone 'America/Sao_Paulo')
     and ($3::date is null or a.ts_acao < ($3::date + 1)::timestamp at time zone 'America/Sao_Paulo')
     and ($4::int is null or a.id_pessoa = $4)
     and ($5::text is null or a.tp_acao = $5)`;
  if (after) {
    params.push(after.atMicros, after.id);
    sql += ` and (a.ts_acao, a.id_auditoria) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::bigint)`;
  }
  return { sql, params };
}

const POSITION = `(extract(epoch from a.ts_acao) * 1000000)::bigint::text as "atMicros", a.id_auditoria::text as "positionId"`;

/** The audit's reads, bound to one company (writes go through recordAudit, audit.ts). */
export function createAuditRepository(db: Pick<Db, 'query'>, companyId: number) {
  /** Up to `limit` rows of the filter after `after`, newest first, with `select` columns of `a` and `p`. */
  async function page<T>(select: string, filter: AuditFilter, after: AuditPosition | null, limit: number): Promise<Positioned<T>[]> {
    const { sql, params } = where(companyId, filter, after);
    params.push(limit);
    const rows = await db.query<T & { atMicros: string; positionId: string }>(
      `select ${select}, ${POSITION}
         from auditoria a
         join pessoa p on p.id_empresa = a.id_empresa and p.id_pessoa = a.id_pessoa
        where ${sql}
        order by a.ts_acao desc, a.id_auditoria desc
        limit $${params.length}`,
      params,
    );
    return rows.map(({ atMicros, positionId, ...row }) => ({ row: row as unknown as T, position: { atMicros, id: positionId } }));
  }

  return {
    /** Whether the person is one of the company's (an id of another company is answered as not found). */
    async personExists(personId: number): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where id_empresa = $1 and id_pessoa = $2', [companyId, personId]);
      return rows.length > 0;
    },

    /** One page of the list. */
    async page(filter: AuditFilter, after: AuditPosition | null, limit: number): Promise<Positioned<AuditItem>[]> {
      const rows = await page<Omit<AuditItem, 'DE_Acao'>>(
        `a.id_auditoria::float8 as "ID_Auditoria", ${utcInstant('a.ts_acao')} as "TS_Acao",
         a.id_pessoa as "ID_Pessoa", p.de_pessoa as "DE_Pessoa", a.tp_acao as "TP_Acao", a.de_endereco as "DE_Endereco",
         a.js_detalhe as "JS_Detalhe", a.js_antes as "JS_Antes", a.js_depois as "JS_Depois"`,
        filter,
        after,
        limit,
      );
      return rows.map(({ row, position }) => ({ row: { ...row, DE_Acao: actionLabel(row.TP_Acao) }, position }));
    },

    /** One page of the CSV's lines. */
    csvPage(filter: AuditFilter, after: AuditPosition | null, limit: number): Promise<Positioned<AuditCsvRow>[]> {
      return page<AuditCsvRow>(
        `a.id_auditoria::text as id, to_char(a.ts_acao at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') as at,
         a.id_pessoa as "personId", p.de_pessoa as person, a.tp_acao as action, a.de_endereco as address,
         a.js_detalhe::text as detail, a.js_antes::text as before, a.js_depois::text as after`,
        filter,
        after,
        limit,
      );
    },
  };
}
