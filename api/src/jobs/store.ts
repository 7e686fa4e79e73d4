import type { Db } from '../db';

/** Notification channel that wakes the workers when a job is enqueued (delivered at COMMIT). */
export const JOBS_CHANNEL = 'tarefa';

export type JobState = 'pendente' | 'executando' | 'concluida' | 'falhou';

export interface EnqueueOptions {
  /** The company the job works for (tenancy); null or absent only for the system's own jobs. */
  companyId?: number | null;
  /** Attempts before the job ends 'falhou' (default 5). */
  maxAttempts?: number;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /**
   * Deduplication: while a job of this kind with this key is pending or running, enqueueing another
   * does nothing and returns null. Put the company in the key when it matters.
   */
  key?: string;
}

/** A claimed job as the worker hands it to its handler. */
export interface ClaimedJob {
  id: number;
  kind: string;
  companyId: number | null;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Adds a job. Pass the caller's transaction handle to commit the job together with the write that
 * asks for it (a rollback drops both, and workers are only woken at COMMIT). Returns the job's id,
 * or null when `key` matched an unfinished job.
 */
export async function enqueue(db: Db, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `with nova as (
       insert into tarefa (co_tipo, de_dados, id_empresa, nu_max_tentativas, ts_executar, co_chave)
       values ($1, $2::jsonb, $3, $4, coalesce($5::timestamptz, now()), $6)
       on conflict (co_tipo, co_chave) where co_chave is not null and co_estado in ('pendente', 'executando')
       do nothing
       returning id_tarefa
     )
     select id_tarefa as id, pg_notify('${JOBS_CHANNEL}', $1) from nova`,
    [
      kind,
      JSON.stringify(payload ?? null),
      options.companyId ?? null,
      options.maxAttempts ?? 5,
      options.runAt?.toISOString() ?? null,
      options.key ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `owner`, for `leaseMs`. SKIP LOCKED lets
 * concurrent workers (other connections, other instances) each take different rows without waiting.
 */
export async function claimJobs(db: Db, owner: string, kinds: string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  return db.query<ClaimedJob>(
    `with livre as (
       select id_tarefa from tarefa
       where co_estado = 'pendente' and ts_executar <= now() and co_tipo = any($1::text[])
       order by ts_executar, id_tarefa
       limit $2
       for update skip locked
     )
     update tarefa t
     set co_estado = 'executando', nu_tentativas = t.nu_tentativas + 1, de_dono = $3,
         ts_dono_ate = now() + $4::float8 * interval '1 millisecond', ts_inicio = now()
     from livre
     where t.id_tarefa = livre.id_tarefa
     returning t.id_tarefa as id, t.co_tipo as kind, t.id_empresa as "companyId", t.de_dados as payload,
               t.nu_tentativas as attempt, t.nu_max_tentativas as "maxAttempts"`,
    [kinds, limit, owner, leaseMs],
  );
}

/**
 * Marks a job done; false when `owner` no longer held this `attempt` of it (its lease ran out and it was taken
 * back, or the attempt was recorded as failed). The attempt matters because the same worker may have claimed
 * the job again since: a late outcome of an earlier attempt must not end the current one.
 */
export async function completeJob(db: Db, id: number, owner: string, attempt: number): Promise<boolean> {
  const rows = await db.query(
    `update tarefa set co_estado = 'concluida', de_dono = null, ts_dono_ate = null, ts_fim = now()
     where id_tarefa = $1 and de_dono = $2 and nu_tentativas = $3 and co_estado = 'executando'
     returning id_tarefa`,
    [id, owner, attempt],
  );
  return rows.length > 0;
}

/**
 * Records a failed attempt: back to 'pendente' after `retryInMs`, or 'falhou' when it was the last
 * attempt. Returns the new state, or null when `owner` no longer held this `attempt` of the job (see completeJob).
 */
export async function failJob(
  db: Db,
  id: number,
  owner: string,
  attempt: number,
  error: string,
  retryInMs: number,
): Promise<JobState | null> {
  const rows = await db.query<{ state: JobState }>(
    `update tarefa
     set co_estado = case when nu_tentativas >= nu_max_tentativas then 'falhou' else 'pendente' end,
         ts_executar = case when nu_tentativas >= nu_max_tentativas then ts_executar
                            else now() + $4::float8 * interval '1 millisecond' end,
         de_erro = $3, de_dono = null, ts_dono_ate = null, ts_fim = now()
     where id_tarefa = $1 and de_dono = $2 and nu_tentativas = $5 and co_estado = 'executando'
     returning co_estado as state`,
    [id, owner, error, retryInMs, attempt],
  );
  return rows[0]?.state ?? null;
}

/** Extends the leases `owner` still holds; returns the ids it still holds. */
export async function renewLeases(db: Db, ids: number[], owner: string, leaseMs: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(
    `update tarefa set ts_dono_ate = now() + $3::float8 * interval '1 millisecond'
     where id_tarefa = any($1::int[]) and de_dono = $2 and co_estado = 'executando'
     returning id_tarefa as id`,
    [ids, owner, leaseMs],
  );
  return new Set(rows.map((row) => row.id));
}

export const LEASE_EXPIRED_ERROR = 'Prazo da tarefa esgotado: o processo que a executava parou de responder.';

/** A job whose lease ran out, as recoverExpiredLeases changed it. */
export interface RecoveredJob extends ClaimedJob {
  state: JobState;
  /** The worker that held it. */
  owner: string;
}

/**
 * Jobs whose lease ran out (their worker died or hung) go back to 'pendente' at once, or to
 * 'falhou' when that was their last attempt. Returns what it changed (for the log and give-up hooks).
 */
export async function recoverExpiredLeases(db: Db): Promise<RecoveredJob[]> {
  return db.query(
    `with vencida as (
       select id_tarefa, de_dono from tarefa
       where co_estado = 'executando' and ts_dono_ate < now()
       for update skip locked
     )
     update tarefa t
     set co_estado = case when t.nu_tentativas >= t.nu_max_tentativas then 'falhou' else 'pendente' end,
         ts_executar = now(), de_erro = $1, de_dono = null, ts_dono_ate = null, ts_fim = now()
     from vencida
     where t.id_tarefa = vencida.id_tarefa
     returning t.id_tarefa as id, t.co_tipo as kind, t.co_estado as state, vencida.de_dono as owner,
               t.id_empresa as "companyId", t.de_dados as payload, t.nu_tentativas as attempt,
               t.nu_max_tentativas as "maxAttempts"`,
    [LEASE_EXPIRED_ERROR],
  );
}

/** Deletes jobs that finished well more than `olderThanMs` ago; failed ones stay for inspection. */
export async function purgeCompleted(db: Db, olderThanMs: number): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    `with apagada as (
       delete from tarefa where co_estado = 'concluida' and ts_fim < now() - $1::float8 * interval '1 millisecond'
       returning 1
     )
     select count(*)::int as n from apagada`,
    [olderThanMs],
  );
  return n;
}
