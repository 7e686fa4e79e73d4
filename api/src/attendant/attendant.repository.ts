/**
 * Data access pattern of the API (every feature follows it; this file is the reference):
 *
 * - One repository per feature, `src/<feature>/<feature>.repository.ts`, holds ALL of that feature's
 *   SQL. Route files hold no SQL: schema, role preHandler (`requireRole`), one repository call, answer.
 * - A repository is a plain factory, `createXRepository({ db, companyId })`, created per request from
 *   `companyScope(request)` (src/auth/scope.ts): the caller's current company is bound in once, and
 *   every statement filters by it (`id_empresa = $1`), so no query can forget the tenant. Methods take
 *   only what varies per call (a person id, a filter) — never a company id.
 * - Inside a transaction, create the repository on the `tx` handle: `createXRepository({ db: tx, companyId })`.
 * - Columns are aliased to the contract names in SQL; repositories return contract-shaped values
 *   (timestamps as ISO strings), or `undefined` when the row does not exist for this company.
 * - Reference tables (statuses, roles, banks) are the same for every company and need no filter.
 * - Role rules stay outside: the route passes e.g. `ownRowsOnly(request.pessoa)` (src/auth/roles.ts)
 *   as a filter; the repository does not know who is asking, only for which company.
 */
import { ATTENDANT_STATUS, ROLE, type Attendant, type Lead } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

export interface AttendantStatus {
  ID_Status: number;
  ID_MotivoPausa: number | null;
  DE_MotivoPausa: string | null;
}

export interface Extension {
  nu_ramal: string | null;
  sn_telefonia: number;
}

export function createAttendantRepository({ db, companyId }: CompanyScope) {
  return {
    /** The person's SIP extension and telephony flag. */
    async extensionOf(personId: number): Promise<Extension | undefined> {
      const [row] = await db.query<Extension>('select nu_ramal, sn_telefonia from pessoa where id_empresa = $1 and id_pessoa = $2', [
        companyId,
        personId,
      ]);
      return row;
    },

    /** The company's attendants, by name. */
    listAttendants(): Promise<Attendant[]> {
      return db.query<Attendant>(
        `select id_pessoa as "AtendenteID", de_pessoa as "DE_Pessoa"
           from pessoa where id_empresa = $1 and id_funcao = $2
          order by de_pessoa, id_pessoa`,
        [companyId, ROLE.ATENDENTE],
      );
    },

    /** Available (81) or paused (201) with the reason. */
    async statusOf(personId: number): Promise<AttendantStatus | undefined> {
      const [row] = await db.query<AttendantStatus>(
        `select p.id_status as "ID_Status", p.id_motivo_pausa as "ID_MotivoPausa", m.de_motivo_pausa as "DE_MotivoPausa"
           from pessoa p left join motivo_pausa m on m.id_motivo_pausa = p.id_motivo_pausa
          where p.id_empresa = $1 and p.id_pessoa = $2`,
        [companyId, personId],
      );
      return row;
    },

    /** `reason` is a pause reason (202–206) or 81, back to available. */
    async setStatus(personId: number, reason: number): Promise<void> {
      const available = reason === ATTENDANT_STATUS.AVAILABLE;
      await db.query(
        `update pessoa set id_status = $3, id_motivo_pausa = $4, ts_status = now()
          where id_empresa = $1 and id_pessoa = $2`,
        [companyId, personId, available ? ATTENDANT_STATUS.AVAILABLE : ATTENDANT_STATUS.PAUSED, available ? null : reason],
      );
    },

    /** Leads newest first: one attendant's (`attendantId`) or, with null, the whole company's. */
    listLeads({ attendantId }: { attendantId: number | null }): Promise<Lead[]> {
      return db.query<Lead>(
        `select l.id_cliente as "ID_Cliente", c.de_pessoa as "DE_Pessoa", t.de_tipo_credito as "DE_Tipo",
                s.de_status as "DE_Status", a.de_pessoa as "DE_Atendente", i.de_indicador as "DE_Indicacao"
           from lead l
           join cliente c on c.id_empresa = l.id_empresa and c.id_cliente = l.id_cliente
           join pessoa a on a.id_empresa = l.id_empresa and a.id_pessoa = l.id_atendente
           join tipo_credito t on t.id_tipo_credito = l.id_tipo_credito
           join status_lead s on s.id_status = l.id_status
           left join indicador i on i.id_empresa = c.id_empresa and i.id_indicador = c.id_indicador
          where l.id_empresa = $1 and ($2::int is null or l.id_atendente = $2)
          order by l.ts_criacao desc, l.id_lead desc`,
        [companyId, attendantId],
      );
    },
  };
}
