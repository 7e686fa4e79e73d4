import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Notifications, Unlisten } from '../db';
import { retryDelayMs, type Backoff } from './backoff';
import {
  claimJobs,
  completeJob,
  enqueue,
  failJob,
  JOBS_CHANNEL,
  LEASE_EXPIRED_ERROR,
  purgeCompleted,
  recoverExpiredLeases,
  renewLeases,
  type ClaimedJob,
  type EnqueueOptions,
} from './store';

/**
 * What a kind does when its job ends 'falhou' for good, however that happened: its last attempt threw, or the
 * process running its last attempt died and the lease ran out. Imports end 99 and the person who asked is
 * alerted, instead of waiting forever for a job nobody runs any more. Best effort: a failure here is logged.
 */
export type GiveUpHandler = (job: ClaimedJob & { error: string }) => Promise<void>;

export interface JobKindOptions {
  onGiveUp?: GiveUpHandler;
  /**
   * Longest an attempt may run (default DEFAULT_JOB_TIMEOUT_MS, 10 min). Past it the attempt counts as failed
   * (retried, or given up on the last one) and `job.signal` aborts: without a limit a handler that never settles
   * (a hung call to a provider) would keep its lease renewed, and a slot of the worker, forever.
   */
  timeoutMs?: number;
}

export const DEFAULT_JOB_TIMEOUT_MS = 10 * 60_000;
/** setTimeout's ceiling: a longer delay fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The error kept in `de_erro` of an attempt that ran out of time, e.g. 'Tempo limite de 600 s excedido.' */
export function jobTimeoutText(timeoutMs: number): string {
  const seconds = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3, useGrouping: false }).format(timeoutMs / 1000);
  return `Tempo limite de ${seconds} s excedido.`;
}

/** The reason `job.signal` carries when the attempt ran out of time. */
export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

/** What a handler receives. `payload` is JSON from the database: validate it (zod) before use. */
export interface Job<P = unknown> extends ClaimedJob {
  payload: P;
  /**
   * Aborted when this worker lost the job's lease (the database was unreachable for longer than the
   * lease, or the row was taken back): another worker may be running it, so stop writing. Also aborted
   * (reason a JobTimeoutError) when the attempt ran past its kind's `timeoutMs`: it was already recorded as
   * failed and may be running again, so stop; whatever it does after that is not recorded.
   */
  signal: AbortSignal;
}

/** Resolves when the work is done; throwing (or rejecting) counts as a failed attempt. */
export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

/** pino-compatible (Fastify's `app.log` fits). */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  /** Jobs this worker runs at once (default 2). */
  concurrency?: number;
  /** How often it looks for due jobs without being woken by a NOTIFY (default 5 s): retries, runAt. */
  pollIntervalMs?: number;
  /** How long a claim lasts without renewal (default 60 s); renewed every third of it while running. */
  leaseMs?: number;
  /** Delay after failed attempt n: baseMs × 2^(n-1), capped (defaults 10 s and 10 min). */
  retry?: Partial<Backoff>;
  /** Completed jobs are deleted this long after finishing (default 7 days); failed ones are kept. */
  keepCompletedMs?: number;
  logger?: JobLogger;
  /** Lease owner written to the rows (default host:pid:random). */
  workerId?: string;
}

const PURGE_EVERY_MS = 10 * 60_000;
const MAX_ERROR_CHARS = 4000;
const silent: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Running {
  controller: AbortController;
  /** The attempt is over (the handler settled, or ran out of time): its lease is not renewed any more. */
  settling: boolean;
  done: Promise<void>;
}

/**
 * The durable job queue: `enqueue` adds rows to table `tarefa` (migrations/003_tarefas.sql); the
 * worker of each API instance claims due rows of the kinds it has handlers for and runs them with
 * bounded concurrency, retrying failures with exponential backoff. Instances share the table, so
 * any of them may run any job; a job held by a process that died returns to the queue when its lease
 * runs out. Delivery is AT LEAST ONCE: a handler may run again after a crash, so make it idempotent.
 */
export class JobQueue {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly giveUpHandlers = new Map<string, GiveUpHandler>();
  private readonly timeouts = new Map<string, number>();
  private readonly running = new Map<number, Running>();
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly retry: Backoff;
  private readonly keepCompletedMs: number;
  private readonly log: JobLogger;
  private started = false;
  private stopping = false;
  private unlisten: Unlisten | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private lastPurgeAt = 0;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly db: Db & Notifications,
    options: JobQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retry = { baseMs: options.retry?.baseMs ?? 10_000, maxMs: options.retry?.maxMs ?? 10 * 60_000 };
    this.keepCompletedMs = options.keepCompletedMs ?? 7 * 86_400_000;
    this.log = options.logger ?? silent;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /**
   * Adds a job (see store.ts `enqueue`). Pass the caller's transaction handle as `db` so the job
   * commits, or rolls back, with the write that asks for it (inside a transaction on PGlite the
   * outer handle would deadlock).
   */
  enqueue(db: Db, kind: string, payload: unknown, options?: EnqueueOptions): Promise<number | null> {
    return enqueue(db, kind, payload, options);
  }

  /** The handler of one job kind. This worker claims only kinds it has a handler for. */
  register<P = unknown>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): this {
    if (this.handlers.has(kind)) throw new Error(`Job kind ${kind} already has a handler`);
    const timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
      throw new Error(`Job kind ${kind}: timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
    }
    this.handlers.set(kind, handler as JobHandler);
    this.timeouts.set(kind, timeoutMs);
    if (options.onGiveUp) this.giveUpHandlers.set(kind, options.onGiveUp);
    this.wake();
    return this;
  }

  /** Starts listening for new jobs and polling. Call after every kind is registered (server.ts). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    try {
      this.unlisten = await this.db.listen(JOBS_CHANNEL, (kind) => {
        if (this.handlers.has(kind)) this.wake();
      });
    } catch (err) {
      this.started = false;
      throw err;
    }
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    this.wake();
  }

  /**
   * Graceful stop: claims nothing more and resolves once the running handlers have finished or run out of
   * time (their leases are still renewed meanwhile). A process killed before that leaves its jobs to the lease.
   */
  stop(): Promise<void> {
    if (!this.started) return Promise.resolve();
    this.stopped ??= this.drain().finally(() => {
      this.stopped = null;
    });
    return this.stopped;
  }

  private async drain(): Promise<void> {
    this.stopping = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    await this.polling;
    await Promise.all([...this.running.values()].map((job) => job.done));
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.started = false;
  }

  /** Jobs this worker is running now. */
  get busy(): number {
    return this.running.size;
  }

  /** Looks for due jobs now (or right after the current look, if one is under way). */
  private wake(): void {
    if (!this.started || this.stopping) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.polling = this.poll().finally(() => {
      this.polling = null;
      if (this.pollAgain) {
        this.pollAgain = false;
        this.wake();
      } else if (this.started && !this.stopping) {
        this.pollTimer = setTimeout(() => this.wake(), this.pollIntervalMs);
        this.pollTimer.unref();
      }
    });
  }

  private async poll(): Promise<void> {
    try {
      for (const job of await recoverExpiredLeases(this.db)) {
        const details = { id: job.id, kind: job.kind, owner: job.owner, attempt: job.attempt };
        if (job.state === 'falhou') {
          this.log.error({ job: details }, 'tarefa falhou: o processo da última tentativa parou de responder');
          await this.giveUp(job, LEASE_EXPIRED_ERROR);
        } else this.log.warn({ job: details }, 'tarefa devolvida à fila: o prazo de quem a executava acabou');
      }
      if (Date.now() - this.lastPurgeAt >= PURGE_EVERY_MS) {
        this.lastPurgeAt = Date.now();
        await purgeCompleted(this.db, this.keepCompletedMs);
      }
      const free = this.concurrency - this.running.size;
      const jobs = await claimJobs(this.db, this.workerId, [...this.handlers.keys()], free, this.leaseMs);
      for (const job of jobs) this.run(job);
    } catch (err) {
      // The database may be restarting: log and try again at the next poll.
      this.log.error({ err }, 'falha ao buscar tarefas');
    }
  }

  private run(claimed: ClaimedJob): void {
    const handler = this.handlers.get(claimed.kind)!;
    const timeoutMs = this.timeouts.get(claimed.kind)!;
    const entry: Running = { controller: new AbortController(), settling: false, done: Promise.resolve() };
    const context = { jobId: claimed.id, kind: claimed.kind, attempt: claimed.attempt };
    entry.done = (async () => {
      // An async wrapper turns a handler that throws synchronously into a rejection like any other.
      const handling = (async () => handler({ ...claimed, signal: entry.controller.signal }))().then(
        () => null,
        (error: unknown) => ({ error, text: describe(error) }),
      );
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<{ error: JobTimeoutError; text: string; timedOut: true }>((resolve) => {
        timer = setTimeout(() => {
          const text = jobTimeoutText(timeoutMs);
          resolve({ error: new JobTimeoutError(text), text, timedOut: true });
        }, timeoutMs);
      });
      const failure = await Promise.race([handling, timedOut]);
      clearTimeout(timer);
      entry.settling = true;
      if (failure && 'timedOut' in failure) {
        // Only the outcome recorded below counts: the handler's own, whenever it comes, is logged and dropped
        // (the job may already be running again, or be over).
        entry.controller.abort(failure.error);
        void handling.then((late) =>
          this.log.warn({ ...context, err: late?.error }, 'tarefa terminou depois do tempo limite: resultado ignorado'),
        );
      }
      if (!failure) {
        if (!(await completeJob(this.db, claimed.id, this.workerId, claimed.attempt))) {
          this.log.warn(context, 'tarefa concluída depois de perder o prazo: outro processo pode tê-la executado também');
        }
        return;
      }
      const delay = retryDelayMs(claimed.attempt, this.retry);
      const state = await failJob(this.db, claimed.id, this.workerId, claimed.attempt, failure.text, delay);
      const details = { ...context, err: failure.error, state, retryInMs: state === 'pendente' ? delay : undefined };
      if (state === 'falhou') {
        this.log.error(details, 'tarefa falhou na última tentativa');
        await this.giveUp(claimed, failure.text);
      } else this.log.warn(details, 'tentativa de tarefa falhou');
    })()
      .catch((err) => {
        // Recording the outcome failed (database gone): the lease brings the job back.
        this.log.error({ ...context, err }, 'falha ao registrar o resultado da tarefa');
      })
      .finally(() => {
        // The same id may already run again here (claimed anew once this attempt was recorded).
        if (this.running.get(claimed.id) === entry) this.running.delete(claimed.id);
        this.wake();
      });
    this.running.set(claimed.id, entry);
  }

  private async giveUp(job: ClaimedJob, error: string): Promise<void> {
    const onGiveUp = this.giveUpHandlers.get(job.kind);
    if (!onGiveUp) return;
    try {
      await onGiveUp({ ...job, error });
    } catch (err) {
      this.log.error({ jobId: job.id, kind: job.kind, err }, 'falha ao encerrar a tarefa que desistiu');
    }
  }

  private async renewLeases(): Promise<void> {
    // A settled attempt (done, failed or out of time) is being recorded: its lease is not needed any more.
    const ids = [...this.running].filter(([, entry]) => !entry.settling).map(([id]) => id);
    if (ids.length === 0) return;
    try {
      const held = await renewLeases(this.db, ids, this.workerId, this.leaseMs);
      for (const id of ids) {
        const entry = this.running.get(id);
        if (held.has(id) || !entry || entry.settling) continue;
        entry.controller.abort(new Error('Prazo da tarefa perdido'));
        this.log.warn({ jobId: id }, 'prazo da tarefa perdido: outro processo pode executá-la');
      }
    } catch (err) {
      this.log.error({ err }, 'falha ao renovar o prazo das tarefas');
    }
  }
}

/** The error as kept in `de_erro`: name and message (the stack goes to the log). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_CHARS);
}
