/**
 * The campaign queue (table fila, migration 010): claims, outcomes, progress, the company's calling
 * window and the attendance history. Bound to one company like every repository (see
 * src/attendant/attendant.repository.ts). Instants are passed in (the app's clock), never `now()`, so
 * tests move time instead of sleeping.
 */
import { CAMPAIGN_STATUS, type CampaignQueue } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { DEFAULT_WINDOW, type CompanyWindow, type DayHours, type StateNarrowing } from './callingRules';

/** A claim lasts this long without an outcome, then the client returns to the queue. */
export const LEASE_MINUTES = 30;

/** What decides, at one instant, which waiting clients may be handed out (src/queue/callingRules.ts). */
export interface CallableNow {
  now: Date;
  /** States whose clients may be called now ('' = clients without a state). */
  openStates: string[];
  /** Clients whose INSS benefit was granted (DDB) after this day are inside the marketing ban. */
  banCutoff: string;
  /** A callback due before this instant may go to any attendant, not only its owner. */
  callbackOpenBefore: Date;
}

export interface QueueEntry {
  ID_Fila: number;
  ClienteID: number;
  ID_Campanha: number;
  DE_Campanha: string;
  ID_Orgao: number;
  SG_Estado: string | null;
  NU_Tentativas: number;
}

/**
 * The SQL conditions on `cliente c` shared by the claim, the progress counts and the calls' edge decision
 * (src/calls/calls.repository.ts), so "who may be called" is written once ($n: CallableNow parameters).
 */
export const callableConditions = (open: string, cutoff: string) => ({
  banned: `(c.dt_ddb is not null and c.dt_ddb > ${cutoff}::date)`,
  hasPhone: 'exists (select 1 from telefone t where t.id_empresa = c.id_empresa and t.id_cliente = c.id_cliente)',
  callablePhone: `exists (select 1 from telefone t where t.id_empresa = c.id_empresa and t.id_cliente = c.id_cliente
                     and not exists (select 1 from nao_perturbe n
                                      where n.id_empresa = t.id_empresa and n.co_telefone = t.co_ddd || t.co_telefone))`,
  open: `coalesce(c.sg_estado, '') = any(${open}::text[])`,
});

/**
 * The claim's steps, each a condition on `fila f` that one partial index of migration 010 serves in due
 * order ($2 the attendant, $3 now, $7 the instant before which others' callbacks are open to anyone: only
 * the step that uses it gets it, since PostgreSQL must know each parameter's type from the statement).
 */
const CLAIM_STEPS = [
  // The attendant's own callbacks (fila_retornos).
  `f.co_estado = 'aguardando' and f.co_tipo = 'retorno' and f.id_atendente = $2 and f.ts_disponivel <= $3::timestamptz`,
  // Retries, callbacks their owner has not taken for an hour, and callbacks nobody owns (a missed inbound
  // call, src/calls/missedCall.ts) (fila_espera).
  `f.co_estado = 'aguardando' and f.co_tipo <> 'novo' and f.ts_disponivel <= $3::timestamptz
     and (f.co_tipo = 'nova_tentativa' or f.id_atendente is null or f.ts_disponivel <= $7::timestamptz)`,
  // Claims whose lease ran out (fila_um_por_atendente: one per attendant at most).
  `f.co_estado = 'em_atendimento' and f.ts_lease < $3::timestamptz`,
  // New clients, oldest first (fila_novos).
  `f.co_estado = 'aguardando' and f.co_tipo = 'novo' and f.ts_disponivel <= $3::timestamptz`,
] as const;

/** One claim step: lock the first callable row of the step and hand it to the attendant ($1–$7: see claimNext). */
function claimSql(step: string): string {
  const when = callableConditions('$4', '$5');
  return `with candidate as (
      select f.id_fila
        from fila f
        join cliente c on c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
       where f.id_empresa = $1 and f.id_campanha = any($6::int[]) and ${step}
         and c.ts_nao_ligar is null
         and not ${when.banned} and ${when.open} and ${when.callablePhone}
         and not exists (select 1 from fila g
                          where g.id_empresa = f.id_empresa and g.id_cliente = f.id_cliente
                            and g.co_estado = 'em_atendimento' and g.id_fila <> f.id_fila)
       order by f.ts_disponivel, f.id_fila
       limit 1
       for no key update of f, c skip locked
    )
    update fila f set co_estado = 'em_atendimento', id_atendente = $2,
                      ts_lease = $3::timestamptz + interval '${LEASE_MINUTES} minutes'
      from candidate, campanha k, cliente c
     where f.id_fila = candidate.id_fila
       and k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
       and c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
    returning ${ENTRY_COLUMNS}`;
}

/**
 * janela_ligacao `j` with its days and state narrowings (migration 028) as one JSON value, so it can ride along in
 * another statement.
 */
export const WINDOW_JSON = `json_build_object(
  'days', coalesce((select json_agg(json_build_object('weekday', d.nu_dia_semana, 'start', to_char(d.hr_inicio, 'HH24:MI'),
                                                      'end', to_char(d.hr_fim, 'HH24:MI')) order by d.nu_dia_semana)
                      from janela_ligacao_dia d where d.id_empresa = j.id_empresa), '[]'),
  'narrowings', coalesce((select json_agg(json_build_object('state', u.sg_uf, 'weekday', u.nu_dia_semana,
                                                            'start', to_char(u.hr_inicio, 'HH24:MI'), 'end', to_char(u.hr_fim, 'HH24:MI'))
                                          order by u.sg_uf, u.nu_dia_semana)
                            from janela_ligacao_uf u where u.id_empresa = j.id_empresa), '[]'),
  'holidays', j.sn_feriados, 'always', j.sn_sempre_aberta)`;
export interface WindowRow {
  days: DayHours[];
  narrowings: StateNarrowing[];
  holidays: number;
  always: number;
}
/** The company's window from its row; the default window for a company without one. */
export const windowOf = (row: WindowRow | null): CompanyWindow =>
  row
    ? {
        days: row.days.map((day) => ({ ...day, weekday: Number(day.weekday) })),
        narrowings: row.narrowings.map((narrowing) => ({ ...narrowing, weekday: Number(narrowing.weekday) })),
        callsOnHolidays: row.holidays === 1,
        alwaysOpen: row.always === 1,
      }
    : DEFAULT_WINDOW;

const ENTRY_COLUMNS = `f.id_fila as "ID_Fila", f.id_cliente as "ClienteID", f.id_campanha as "ID_Campanha",
  k.de_campanha as "DE_Campanha", k.id_orgao as "ID_Orgao", c.sg_estado as "SG_Estado", f.nu_tentativas as "NU_Tentativas"`;

const CLAIM_SQL = CLAIM_STEPS.map(claimSql);

export function createQueueRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Locks the attendant's row until the transaction ends, so one attendant's requests are handled one
     * at a time (a double click never claims two clients), and answers in the same statement what a claim
     * needs: the attendant's status, the running campaigns in which they are selected, and the company's
     * calling window. One round trip instead of three: with a call centre claiming at once, round trips
     * are what a claim costs.
     */
    async lockAttendant(personId: number): Promise<{ status: number; campaigns: number[]; window: CompanyWindow } | undefined> {
      const [row] = await db.query<{ status: number; campaigns: number[]; window: WindowRow | null }>(
        `select p.id_status as status,
                array(select ca.id_campanha
                        from campanha_atendente ca
                        join campanha k on k.id_empresa = ca.id_empresa and k.id_campanha = ca.id_campanha
                       where ca.id_empresa = p.id_empresa and ca.id_atendente = p.id_pessoa and ca.sn_selecionado = 1
                         and k.id_status = ${CAMPAIGN_STATUS.EM_ANDAMENTO}) as campaigns,
                (select ${WINDOW_JSON} from janela_ligacao j where j.id_empresa = p.id_empresa) as window
           from pessoa p where p.id_empresa = $1 and p.id_pessoa = $2
            for update of p`,
        [companyId, personId],
        { prepare: 'fila_lock_attendant' },
      );
      return row && { status: row.status, campaigns: row.campaigns.map(Number), window: windowOf(row.window) };
    },

    /** The client this attendant holds (untabulated), its claim renewed; undefined when none. */
    async renewHeld(personId: number, now: Date): Promise<QueueEntry | undefined> {
      const [row] = await db.query<QueueEntry>(
        `update fila f set ts_lease = $3::timestamptz + interval '${LEASE_MINUTES} minutes'
           from campanha k, cliente c
          where f.id_empresa = $1 and f.id_atendente = $2 and f.co_estado = 'em_atendimento'
            and k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
            and c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
        returning ${ENTRY_COLUMNS}`,
        [companyId, personId, now.toISOString()],
        { prepare: 'fila_renew_held' },
      );
      return row;
    },

    /**
     * Claims the next client atomically, from running campaigns in which the attendant is selected, only
     * clients that may be called now, in this order (docs/rules.md "Campaign queue"): the attendant's own due
     * callbacks; other due rows (retries, and callbacks their owner left for over an hour); claims whose
     * lease ran out; new clients, oldest first. Each step is one statement that walks its partial index
     * (migration 010) in due order and stops at the first callable row, so a claim costs the same with ten
     * or a hundred thousand clients waiting.
     *
     * The queue row AND the client row are locked `SKIP LOCKED`: concurrent claims pass each other instead
     * of queueing, and a client queued in two campaigns is taken through one of them only. The unique
     * indexes of migration 010 make a double hold impossible even in the instant after a commit (the
     * caller retries on their violation).
     */
    async claimNext(personId: number, campaigns: number[], rules: CallableNow): Promise<QueueEntry | undefined> {
      if (campaigns.length === 0) return undefined;
      for (const [index, step] of CLAIM_STEPS.entries()) {
        const params = [companyId, personId, rules.now.toISOString(), rules.openStates, rules.banCutoff, campaigns];
        if (step.includes('$7')) params.push(rules.callbackOpenBefore.toISOString());
        // Planning this statement costs more than running it (ms against µs): each connection plans it once.
        const [row] = await db.query<QueueEntry>(CLAIM_SQL[index], params, { prepare: `fila_claim_${index}` });
        if (row) return row;
      }
      return undefined;
    },

    /** The queue row of `clientId` this attendant holds, locked; undefined when the attendant does not hold it. */
    async lockHeld(personId: number, clientId: number): Promise<QueueEntry | undefined> {
      const [row] = await db.query<QueueEntry>(
        `select ${ENTRY_COLUMNS}
           from fila f
           join campanha k on k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
           join cliente c on c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
          where f.id_empresa = $1 and f.id_atendente = $2 and f.id_cliente = $3 and f.co_estado = 'em_atendimento'
          for update of f`,
        [companyId, personId, clientId],
      );
      return row;
    },

    async clientExists(clientId: number): Promise<boolean> {
      const rows = await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId]);
      return rows.length > 0;
    },

    /** Back to the queue as a retry or a callback (owned by `owner`), due at `dueAt`. */
    async requeue(
      entry: QueueEntry,
      change: { kind: 'nova_tentativa' | 'retorno'; dueAt: Date; owner: number | null; outcome: number; now: Date },
    ): Promise<void> {
      await db.query(
        `update fila set co_estado = 'aguardando', co_tipo = $3, ts_disponivel = $4, id_atendente = $5, ts_lease = null,
                         nu_tentativas = nu_tentativas + 1, id_resultado = $6, ts_resultado = $7
          where id_empresa = $1 and id_fila = $2`,
        [companyId, entry.ID_Fila, change.kind, change.dueAt.toISOString(), change.owner, change.outcome, change.now.toISOString()],
      );
    },

    /** Closed in this campaign. */
    async close(entry: QueueEntry, outcome: number, now: Date): Promise<void> {
      await db.query(
        `update fila set co_estado = 'concluido', id_atendente = null, ts_lease = null,
                         nu_tentativas = nu_tentativas + 1, id_resultado = $3, ts_resultado = $4
          where id_empresa = $1 and id_fila = $2`,
        [companyId, entry.ID_Fila, outcome, now.toISOString()],
      );
    },

    /** Do-not-call: the client, and every queue row of it in every campaign of the company. */
    async markDoNotCall(clientId: number, outcome: number, now: Date): Promise<void> {
      await db.query('update cliente set ts_nao_ligar = $3 where id_empresa = $1 and id_cliente = $2 and ts_nao_ligar is null', [
        companyId,
        clientId,
        now.toISOString(),
      ]);
      await db.query(
        `update fila set co_estado = 'nao_ligar', id_atendente = null, ts_lease = null, id_resultado = $3, ts_resultado = $4
          where id_empresa = $1 and id_cliente = $2 and co_estado <> 'concluido'`,
        [companyId, clientId, outcome, now.toISOString()],
      );
    },

    /** A new lead of this attendant for the client (outcome 306, a missed inbound call: it appears on /dashboard). */
    async addLead(clientId: number, attendantId: number, creditType: number, now: Date): Promise<void> {
      await db.query(
        `insert into lead (id_empresa, id_cliente, id_atendente, id_tipo_credito, id_status, ts_criacao)
         values ($1, $2, $3, $4, 1, $5)`,
        [companyId, clientId, attendantId, creditType, now.toISOString()],
      );
    },

    /**
     * A client who called and reached nobody becomes a callback due now (docs/rules.md "Calls"): its waiting
     * row in a running campaign turns 'retorno', due at `now`, owned by `owner` (null: any attendant at once).
     * A client someone holds is left in their hands. Unlike outcome 305, no attempt is counted and no outcome
     * recorded: nobody called the client. Answers 'callback', 'held', or null when the client waits in no
     * running campaign.
     */
    async callBackNow(clientId: number, owner: number | null, now: Date): Promise<'callback' | 'held' | null> {
      const [row] = await db.query<{ state: string }>(
        `with target as (
           select f.id_fila, f.co_estado
             from fila f
             join campanha k on k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
            where f.id_empresa = $1 and f.id_cliente = $2 and k.id_status = ${CAMPAIGN_STATUS.EM_ANDAMENTO}
              and f.co_estado in ('aguardando', 'em_atendimento')
            order by f.co_estado = 'em_atendimento' desc, f.ts_disponivel, f.id_fila
            limit 1
              for no key update of f
         ), moved as (
           update fila f set co_tipo = 'retorno', ts_disponivel = $3, id_atendente = $4
             from target t
            where f.id_fila = t.id_fila and t.co_estado = 'aguardando'
         )
         select co_estado as state from target`,
        [companyId, clientId, now.toISOString(), owner],
      );
      if (!row) return null;
      return row.state === 'em_atendimento' ? 'held' : 'callback';
    },

    /** One line of the attendance history: an outcome (with client and campaign) or a pause. */
    async record(entry: { attendantId: number; status: number; clientId?: number; campaignId?: number; at: Date }): Promise<void> {
      await db.query(
        `insert into historico_atendimento (id_empresa, id_atendente, id_status, id_cliente, id_campanha, ts_registro)
         values ($1, $2, $3, $4, $5, $6)`,
        [companyId, entry.attendantId, entry.status, entry.clientId ?? null, entry.campaignId ?? null, entry.at.toISOString()],
      );
    },

    /** The company's calling window (janela_ligacao and its days and narrowings), or the default when it has none. */
    async callingWindow(): Promise<CompanyWindow> {
      const [row] = await db.query<{ window: WindowRow }>(`select ${WINDOW_JSON} as window from janela_ligacao j where j.id_empresa = $1`, [
        companyId,
      ]);
      return windowOf(row?.window ?? null);
    },

    /** Whether the campaign exists for this company. */
    async campaignExists(campaignId: number): Promise<boolean> {
      const rows = await db.query('select 1 from campanha where id_empresa = $1 and id_campanha = $2', [companyId, campaignId]);
      return rows.length > 0;
    },

    /** The campaign's queue by state, and the waiting clients each rule holds back now. */
    async progress(campaignId: number, rules: CallableNow): Promise<CampaignQueue> {
      const when = callableConditions('$3', '$4');
      const [row] = await db.query<CampaignQueue>(
        `select count(*)::int as "NU_Total",
                count(*) filter (where waiting and co_tipo = 'novo')::int as "NU_Pendentes",
                count(*) filter (where co_estado = 'em_atendimento')::int as "NU_EmAtendimento",
                count(*) filter (where waiting and co_tipo = 'retorno')::int as "NU_Retornos",
                count(*) filter (where waiting and co_tipo = 'nova_tentativa')::int as "NU_NovasTentativas",
                count(*) filter (where co_estado = 'concluido')::int as "NU_Concluidos",
                count(*) filter (where co_estado = 'nao_ligar' or (waiting and do_not_call))::int as "NU_NaoLigar",
                count(*) filter (where waiting and not do_not_call and banned)::int as "NU_Bloqueio180Dias",
                count(*) filter (where waiting and not do_not_call and not banned and has_phone and not callable)::int as "NU_NaoPerturbe",
                count(*) filter (where waiting and not do_not_call and not banned and not has_phone)::int as "NU_SemTelefone",
                count(*) filter (where waiting and not do_not_call and not banned and callable and not open)::int as "NU_ForaDoHorario"
           from (select f.co_estado, f.co_tipo, f.co_estado = 'aguardando' as waiting, c.ts_nao_ligar is not null as do_not_call,
                        ${when.banned} as banned, ${when.hasPhone} as has_phone, ${when.callablePhone} as callable, ${when.open} as open
                   from fila f
                   join cliente c on c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
                  where f.id_empresa = $1 and f.id_campanha = $2) q`,
        [companyId, campaignId, rules.openStates, rules.banCutoff],
      );
      return row;
    },
  };
}
