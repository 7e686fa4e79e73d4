/**
 * The SQL of a company's people (table pessoa, migrations 001, 002 and 026; docs/rules.md "People"), bound to one
 * company like every feature repository, and of what a deactivation undoes: the clients the person holds in the
 * queue, their callbacks and their sessions. Unlike src/auth/people.repository.ts (which finds a person's company
 * at sign-in), every statement here names the company.
 */
import { EXTENSION_RANGE, ROLE, type PersonRow } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

/** The person row of the wire (`p` the person, `f` their role, `s` their supervisor). Never the password. */
const PERSON_ROW = `select p.id_pessoa as "ID_Pessoa", p.de_pessoa as "DE_Pessoa", p.em_email as "EM_Email",
         p.id_funcao as "ID_Funcao", f.de_funcao as "DE_Funcao", p.sn_telefonia as "SN_Telefonia", p.nu_ramal as "NU_Ramal",
         p.sn_ativo as "SN_Ativo", p.sn_trocar_senha as "SN_TrocarSenha", p.id_supervisor as "ID_Supervisor",
         s.de_pessoa as "DE_Supervisor"
    from pessoa p
    join funcao f on f.id_funcao = p.id_funcao
    left join pessoa s on s.id_empresa = p.id_empresa and s.id_pessoa = p.id_supervisor`;

/**
 * Taken with the transaction while an extension is chosen: two people created at once in any companies would
 * otherwise both find the same lowest free extension (one SIP realm, so one range for every company).
 */
const EXTENSION_LOCK = 7_215_026;

export interface PeopleFilter {
  /** The name or the e-mail contains it (any case). */
  search?: string;
  role?: number;
  active?: number;
  telephony?: number;
}

/** What is written of a person (the form, validated and resolved: the extension is final). */
export interface PersonValues {
  name: string;
  email: string;
  role: number;
  telephony: 0 | 1;
  extension: string | null;
  supervisorId: number | null;
}

export function createPeopleRepository({ db, companyId }: CompanyScope) {
  return {
    /** The company's people matching every given filter, by name. */
    list(filter: PeopleFilter): Promise<PersonRow[]> {
      return db.query<PersonRow>(
        `${PERSON_ROW}
          where p.id_empresa = $1
            and ($2::text is null or strpos(lower(p.de_pessoa), lower($2::text)) > 0 or strpos(lower(p.em_email), lower($2::text)) > 0)
            and ($3::int is null or p.id_funcao = $3::int)
            and ($4::int is null or p.sn_ativo = $4::int)
            and ($5::int is null or p.sn_telefonia = $5::int)
          order by p.de_pessoa, p.id_pessoa`,
        [companyId, filter.search || null, filter.role ?? null, filter.active ?? null, filter.telephony ?? null],
      );
    },

    /** One person of the company; undefined for an unknown id and for another company's person alike. */
    async one(personId: number): Promise<PersonRow | undefined> {
      const [row] = await db.query<PersonRow>(`${PERSON_ROW} where p.id_empresa = $1 and p.id_pessoa = $2`, [companyId, personId]);
      return row;
    },

    /** Like `one`, the person's row locked until the transaction ends: two managers' changes apply one after the other. */
    async lock(personId: number): Promise<PersonRow | undefined> {
      const [row] = await db.query<PersonRow>(`${PERSON_ROW} where p.id_empresa = $1 and p.id_pessoa = $2 for update of p`, [
        companyId,
        personId,
      ]);
      return row;
    },

    /**
     * Whether someone else has this e-mail (any case). In any company: one sign-in page, where the e-mail alone
     * says who signs in (the unique index pessoa_email of migration 001).
     */
    async emailTaken(email: string, exceptId: number | null): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where lower(em_email) = lower($1) and id_pessoa is distinct from $2::int', [
        email,
        exceptId,
      ]);
      return rows.length > 0;
    },

    /** Whether someone else has this extension, in any company: there is one SIP realm (migration 001). */
    async extensionTaken(extension: string, exceptId: number | null): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where nu_ramal = $1 and id_pessoa is distinct from $2::int', [extension, exceptId]);
      return rows.length > 0;
    },

    /**
     * The lowest extension of EXTENSION_RANGE nobody has, in any company; undefined when the range is full. Holds
     * EXTENSION_LOCK until the transaction ends, so a concurrent creation waits and then sees this one taken.
     */
    async lowestFreeExtension(): Promise<string | undefined> {
      await db.query('select pg_advisory_xact_lock($1)', [EXTENSION_LOCK]);
      const [row] = await db.query<{ extension: string | null }>(
        `select min(n)::text as extension from generate_series($1::int, $2::int) n
          where not exists (select 1 from pessoa where nu_ramal = n::text)`,
        [EXTENSION_RANGE.first, EXTENSION_RANGE.last],
      );
      return row?.extension ?? undefined;
    },

    /** Whether `personId` may supervise: an active supervisor or manager of the company. */
    async canSupervise(personId: number): Promise<boolean> {
      const rows = await db.query(
        'select 1 from pessoa where id_empresa = $1 and id_pessoa = $2 and sn_ativo = 1 and id_funcao = any($3::int[])',
        [companyId, personId, [ROLE.SUPERVISOR, ROLE.GERENTE]],
      );
      return rows.length > 0;
    },

    /** A new person with this password hash, who must replace it at their first sign-in; answers their id. */
    async insert(values: PersonValues, passwordHash: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into pessoa (id_empresa, de_pessoa, em_email, id_funcao, sn_telefonia, nu_ramal, id_supervisor, pw_senha, sn_trocar_senha)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 1)
         returning id_pessoa as id`,
        [companyId, values.name, values.email, values.role, values.telephony, values.extension, values.supervisorId, passwordHash],
      );
      return row.id;
    },

    async update(personId: number, values: PersonValues): Promise<void> {
      await db.query(
        `update pessoa set de_pessoa = $3, em_email = $4, id_funcao = $5, sn_telefonia = $6, nu_ramal = $7, id_supervisor = $8
          where id_empresa = $1 and id_pessoa = $2`,
        [companyId, personId, values.name, values.email, values.role, values.telephony, values.extension, values.supervisorId],
      );
    },

    /** Deactivates (0) or reactivates (1). Deactivating revokes every session of the person (trigger of migration 023). */
    async setActive(personId: number, active: 0 | 1): Promise<void> {
      await db.query('update pessoa set sn_ativo = $3 where id_empresa = $1 and id_pessoa = $2', [companyId, personId, active]);
    },

    /** A manager's reset: this hash, to be replaced by the person at their next sign-in. */
    async setTemporaryPassword(personId: number, passwordHash: string): Promise<void> {
      await db.query('update pessoa set pw_senha = $3, sn_trocar_senha = 1 where id_empresa = $1 and id_pessoa = $2', [
        companyId,
        personId,
        passwordHash,
      ]);
    },

    /** Revokes every open session of the person (co_motivo 'senha', migration 026); answers how many. */
    async revokeSessions(personId: number): Promise<number> {
      const rows = await db.query(
        `update sessao s set ts_revogada = now(), co_motivo = 'senha'
           from pessoa p
          where p.id_empresa = $1 and p.id_pessoa = $2 and s.id_pessoa = p.id_pessoa and s.ts_revogada is null
          returning s.id_sessao`,
        [companyId, personId],
      );
      return rows.length;
    },

    /**
     * The clients the person holds in the queue (claimed, no outcome yet) go back to waiting, as they were before
     * the claim: same kind and due time, so a new client is again the oldest pending one, and no attempt is counted
     * (nobody recorded an outcome). A callback so returned has no owner: any attendant may take it. Answers the
     * clients' ids.
     */
    async releaseHeldClients(personId: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `update fila set co_estado = 'aguardando', id_atendente = null, ts_lease = null
          where id_empresa = $1 and id_atendente = $2 and co_estado = 'em_atendimento'
          returning id_cliente as id`,
        [companyId, personId],
      );
      return rows.map((row) => row.id);
    },

    /**
     * The person's waiting callbacks lose their owner: any attendant of the campaign may take each one from its due
     * time (the claim's second step, src/queue/queue.repository.ts), instead of an hour after it. Answers how many.
     */
    async releaseCallbacks(personId: number): Promise<number> {
      const rows = await db.query(
        `update fila set id_atendente = null
          where id_empresa = $1 and id_atendente = $2 and co_estado = 'aguardando' and co_tipo = 'retorno'
          returning id_fila`,
        [companyId, personId],
      );
      return rows.length;
    },
  };
}
