import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { readEnv, resolveSecrets } from '../src/config';
import type { Database, Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { JobQueue, JobTimeoutError, jobTimeoutText, type GiveUpHandler, type Job, type JobQueueOptions } from '../src/jobs';
import { claimJobs, completeJob, failJob, LEASE_EXPIRED_ERROR } from '../src/jobs/store';
import { createTestDatabase, TEST_DB, type TestDatabase } from './database';
import { eventually } from './eventually';

// The queue on the database TEST_DB selects. On PostgreSQL every worker below that stands for another
// process gets a connection of its own (TestDatabase.connectAgain); PGlite has one connection.
let database: TestDatabase;
let db: Database;
/** Another connection to the same database (PGlite: the same one). */
let db2: Database;
const workers: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await migrate(db);
  await db.query("insert into empresa (id_empresa, de_empresa) values (1, 'Empresa de teste')");
  db2 = await database.connectAgain();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(() => database.drop());

/** A started worker on `on`, polling fast, stopped after the test. */
async function startWorker(
  on: Database,
  handlers: Record<string, (job: Job) => Promise<void>>,
  options: JobQueueOptions = {},
  giveUps: Record<string, GiveUpHandler> = {},
  timeouts: Record<string, number> = {},
) {
  const worker = new JobQueue(on, { pollIntervalMs: 25, retry: { baseMs: 20, maxMs: 40 }, ...options });
  for (const [kind, handler] of Object.entries(handlers)) {
    worker.register(kind, handler, { onGiveUp: giveUps[kind], timeoutMs: timeouts[kind] });
  }
  workers.push(worker);
  await worker.start();
  return worker;
}

interface Row {
  state: string;
  attempts: number;
  error: string | null;
}
const rowOf = async (id: number, on: Db = db): Promise<Row> =>
  (await on.query<Row>('select co_estado as state, nu_tentativas as attempts, de_erro as error from tarefa where id_tarefa = $1', [id]))[0];
const stateOf = async (id: number) => (await rowOf(id)).state;

/** Enqueues `count` jobs of a kind outside any worker; returns their ids. */
async function enqueueMany(kind: string, count: number, on: Db = db) {
  const queue = new JobQueue(db);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await queue.enqueue(on, kind, { n: i }, { companyId: 1 }))!);
  return ids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('job queue: claiming', () => {
  it('gives each due job to exactly one of two concurrent claims (FOR UPDATE SKIP LOCKED)', async () => {
    const ids = await enqueueMany('claim_race', 10);
    const [a, b] = await Promise.all([
      claimJobs(db, 'processo-a', ['claim_race'], 10, 60_000),
      claimJobs(db2, 'processo-b', ['claim_race'], 10, 60_000),
    ]);
    const claimed = [...a, ...b].map((job) => job.id).sort((x, y) => x - y);
    expect(claimed).toEqual(ids);
    expect(new Set(claimed).size).toBe(ids.length);
  });

  it('runs every job exactly once with two workers on separate connections', async () => {
    const ids = await enqueueMany('two_workers', 30);
    const runs: { id: number; worker: string }[] = [];
    const handler = (worker: string) => async (job: Job) => {
      runs.push({ id: job.id, worker });
      await sleep(5);
    };
    await startWorker(db, { two_workers: handler('A') }, { concurrency: 3 });
    await startWorker(db2, { two_workers: handler('B') }, { concurrency: 3 });

    await eventually(async () => {
      const [{ n }] = await db.query<{ n: number }>(
        "select count(*)::int as n from tarefa where co_tipo = 'two_workers' and co_estado = 'concluida'",
      );
      return n === ids.length;
    }, 20_000);
    expect(runs.map((run) => run.id).sort((x, y) => x - y)).toEqual(ids);
    // Not asserted (it depends on timing): how the work was shared.
    const ranBy = (worker: string) => runs.filter((run) => run.worker === worker).length;
    console.log(`two_workers (${TEST_DB}): A ran ${ranBy('A')}, B ran ${ranBy('B')}`);
  });

  it('runs at most `concurrency` jobs at once and claims only the kinds it has handlers for', async () => {
    const [unknown] = await enqueueMany('nobody_handles_this', 1);
    const ids = await enqueueMany('bounded', 5);
    const release = gate();
    let running = 0;
    let most = 0;
    const worker = await startWorker(
      db,
      {
        bounded: async () => {
          most = Math.max(most, ++running);
          await release.opened;
          running -= 1;
        },
      },
      { concurrency: 2 },
    );

    await eventually(() => running === 2);
    const [{ n }] = await db.query<{ n: number }>(
      "select count(*)::int as n from tarefa where co_tipo = 'bounded' and co_estado = 'executando'",
    );
    expect(n).toBe(2);
    expect(worker.busy).toBe(2);
    release.open();
    await eventually(async () => (await Promise.all(ids.map(stateOf))).every((state) => state === 'concluida'));
    expect(most).toBe(2);
    expect(await stateOf(unknown)).toBe('pendente');
  });
});

describe('job queue: failures', () => {
  it('retries a failed job with exponential backoff up to the cap, and ends it failed with its last error', async () => {
    const queue = new JobQueue(db);
    const doomed = (await queue.enqueue(db, 'always_fails', {}, { maxAttempts: 4 }))!;
    const flaky = (await queue.enqueue(db, 'fails_twice', {}, { maxAttempts: 5 }))!;
    /** The kind's give-up hook: runs once, for the job that ends 'falhou' only. */
    const gaveUp: { id: number; attempt: number; error: string }[] = [];
    const recordGiveUp: GiveUpHandler = async (job) => {
      gaveUp.push({ id: job.id, attempt: job.attempt, error: job.error });
    };
    /** Per attempt (from the 2nd): the delay the previous failure set, read off the row. */
    const delays: Record<string, number[]> = { always_fails: [], fails_twice: [] };
    const recordDelay = async (job: Job) => {
      if (job.attempt === 1) return;
      const [{ ms }] = await db.query<{ ms: number }>(
        'select round(extract(epoch from ts_executar - ts_fim) * 1000)::int as ms from tarefa where id_tarefa = $1',
        [job.id],
      );
      delays[job.kind].push(ms);
    };
    await startWorker(
      db,
      {
        always_fails: async (job) => {
          await recordDelay(job);
          throw new Error(`falha na tentativa ${job.attempt}`);
        },
        fails_twice: async (job) => {
          await recordDelay(job);
          if (job.attempt <= 2) throw new Error('instável');
        },
      },
      { retry: { baseMs: 40, maxMs: 80 } },
      { always_fails: recordGiveUp, fails_twice: recordGiveUp },
    );

    await eventually(async () => (await stateOf(doomed)) === 'falhou' && (await stateOf(flaky)) === 'concluida', 10_000);
    expect(await rowOf(doomed)).toEqual({ state: 'falhou', attempts: 4, error: 'Error: falha na tentativa 4' });
    expect(delays.always_fails).toEqual([40, 80, 80]);
    expect(await rowOf(flaky)).toMatchObject({ state: 'concluida', attempts: 3 });
    expect(delays.fails_twice).toEqual([40, 80]);
    expect(gaveUp).toEqual([{ id: doomed, attempt: 4, error: 'Error: falha na tentativa 4' }]);
  });

  it('keeps running other jobs when a handler throws, rejects or throws something that is not an Error', async () => {
    const queue = new JobQueue(db);
    const broken: number[] = [];
    const fine: number[] = [];
    for (let i = 0; i < 4; i++) {
      broken.push((await queue.enqueue(db, 'broken', { i }, { maxAttempts: 1 }))!);
      fine.push((await queue.enqueue(db, 'fine', { i }))!);
    }
    const done: number[] = [];
    await startWorker(db, {
      broken: (job) => {
        const { i } = job.payload as { i: number };
        if (i === 0) throw new Error('síncrono'); // not even a rejected promise
        if (i === 1) return Promise.reject(new TypeError('rejeitado'));
        throw 'uma string';
      },
      fine: async (job) => {
        done.push(job.id);
      },
    });

    const finished = (state: string) => state === 'concluida' || state === 'falhou';
    await eventually(async () => (await Promise.all([...broken, ...fine].map(stateOf))).every(finished));
    expect(done.sort((x, y) => x - y)).toEqual(fine);
    expect(await Promise.all(fine.map(stateOf))).toEqual(['concluida', 'concluida', 'concluida', 'concluida']);
    expect((await Promise.all(broken.map((id) => rowOf(id)))).map((row) => [row.state, row.error])).toEqual([
      ['falhou', 'Error: síncrono'],
      ['falhou', 'TypeError: rejeitado'],
      ['falhou', 'uma string'],
      ['falhou', 'uma string'],
    ]);
  });
});

describe('job queue: time limits', () => {
  const never = () => new Promise<void>(() => undefined);

  it('writes the limit in Portuguese seconds', () => {
    expect(jobTimeoutText(600_000)).toBe('Tempo limite de 600 s excedido.');
    expect(jobTimeoutText(200)).toBe('Tempo limite de 0,2 s excedido.');
    expect(jobTimeoutText(90_500)).toBe('Tempo limite de 90,5 s excedido.');
    const queue = new JobQueue(db);
    expect(() => queue.register('bad_limit', async () => undefined, { timeoutMs: 0 })).toThrow('timeoutMs');
    expect(() => queue.register('bad_limit', async () => undefined, { timeoutMs: 2 ** 31 })).toThrow('timeoutMs');
  });

  it('fails an attempt that never settles at its limit, aborting its signal: retried, then given up once', async () => {
    const queue = new JobQueue(db);
    const id = (await queue.enqueue(db, 'hangs_forever', {}, { maxAttempts: 2 }))!;
    const attempts: { attempt: number; signal: AbortSignal; abortedAfterMs: number | null }[] = [];
    const gaveUp: { id: number; attempt: number; error: string }[] = [];
    await startWorker(
      db,
      {
        hangs_forever: (job) => {
          const started = Date.now();
          const attempt = { attempt: job.attempt, signal: job.signal, abortedAfterMs: null as number | null };
          job.signal.addEventListener('abort', () => (attempt.abortedAfterMs = Date.now() - started));
          attempts.push(attempt);
          return never();
        },
      },
      { concurrency: 1 },
      { hangs_forever: async (job) => void gaveUp.push({ id: job.id, attempt: job.attempt, error: job.error }) },
      { hangs_forever: 200 },
    );

    await eventually(async () => (await stateOf(id)) === 'falhou' && gaveUp.length === 1, 10_000);
    const text = 'Tempo limite de 0,2 s excedido.';
    expect(await rowOf(id)).toEqual({ state: 'falhou', attempts: 2, error: text });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    for (const { signal, abortedAfterMs } of attempts) {
      expect(signal.aborted).toBe(true);
      expect(signal.reason).toBeInstanceOf(JobTimeoutError);
      expect((signal.reason as Error).message).toBe(text);
      expect(abortedAfterMs).toBeGreaterThanOrEqual(190);
    }
    await sleep(300);
    expect(gaveUp).toEqual([{ id, attempt: 2, error: text }]);
    expect(await rowOf(id)).toEqual({ state: 'falhou', attempts: 2, error: text });
  });

  it('records nothing when a timed-out handler settles late, even while the same worker runs the job again', async () => {
    const queue = new JobQueue(db);
    const id = (await queue.enqueue(db, 'settles_late', {}, { maxAttempts: 2 }))!;
    const gates = [gate(), gate()];
    let runs = 0;
    await startWorker(
      db,
      {
        settles_late: async () => {
          runs += 1;
          await gates[runs - 1].opened;
        },
      },
      { concurrency: 1 },
      {},
      { settles_late: 1000 },
    );
    const text = 'Tempo limite de 1 s excedido.';
    const rowNow = async () => (await db.query('select * from tarefa where id_tarefa = $1', [id]))[0];

    // Attempt 1 runs out of time and is retried by this same worker (the same owner in the row).
    await eventually(() => runs === 2, 10_000);
    expect(await rowOf(id)).toEqual({ state: 'executando', attempts: 2, error: text });
    gates[0].open(); // attempt 1 resolves now: it must not complete attempt 2
    await sleep(100);
    expect(await rowOf(id)).toEqual({ state: 'executando', attempts: 2, error: text });

    // Attempt 2, the last, runs out of time too; its late resolve changes nothing either.
    await eventually(async () => (await stateOf(id)) === 'falhou', 5000);
    const failed = await rowNow();
    expect(failed).toMatchObject({ co_estado: 'falhou', nu_tentativas: 2, de_erro: text, de_dono: null });
    gates[1].open();
    await sleep(100);
    expect(await rowNow()).toEqual(failed);
    expect(runs).toBe(2);
  });

  it('checks the attempt when recording an outcome: an earlier attempt of the same owner writes nothing', async () => {
    const [id] = await enqueueMany('attempt_guard', 1);
    const [first] = await claimJobs(db, 'processo-a', ['attempt_guard'], 1, 60_000);
    expect(first).toMatchObject({ id, attempt: 1 });
    expect(await failJob(db, id, 'processo-a', 1, 'Tempo limite de 0,2 s excedido.', 0)).toBe('pendente');
    const [second] = await claimJobs(db, 'processo-a', ['attempt_guard'], 1, 60_000);
    expect(second).toMatchObject({ id, attempt: 2 });

    expect(await completeJob(db, id, 'processo-a', 1)).toBe(false);
    expect(await failJob(db, id, 'processo-a', 1, 'atrasado', 0)).toBeNull();
    expect(await rowOf(id)).toMatchObject({ state: 'executando', attempts: 2 });
    expect(await completeJob(db, id, 'processo-a', 2)).toBe(true);
    expect(await stateOf(id)).toBe('concluida');
  });

  it('frees the slot of a timed-out attempt: with concurrency 1 another job runs while the handler still hangs', async () => {
    const queue = new JobQueue(db);
    const hung = (await queue.enqueue(db, 'hogs_slot', {}, { maxAttempts: 1 }))!;
    const [quick] = await enqueueMany('after_hog', 1);
    let hungSettled = false;
    const order: string[] = [];
    const worker = await startWorker(
      db,
      {
        hogs_slot: async () => {
          order.push('hogs_slot');
          await never();
          hungSettled = true;
        },
        after_hog: async () => {
          order.push('after_hog');
        },
      },
      { concurrency: 1 },
      {},
      { hogs_slot: 200 },
    );

    await eventually(async () => (await stateOf(quick)) === 'concluida', 10_000);
    expect(order).toEqual(['hogs_slot', 'after_hog']);
    expect(await rowOf(hung)).toEqual({ state: 'falhou', attempts: 1, error: 'Tempo limite de 0,2 s excedido.' });
    expect(hungSettled).toBe(false);
    await eventually(() => worker.busy === 0);
  });
});

describe('job queue: crashes and restarts', () => {
  it('gives a job back when the process holding it dies, once its lease runs out; its last attempt ends failed', async () => {
    const queue = new JobQueue(db);
    const retried = (await queue.enqueue(db, 'orphaned', { who: 'retried' }, { maxAttempts: 3 }))!;
    const lastTry = (await queue.enqueue(db, 'orphaned', { who: 'last' }, { maxAttempts: 1 }))!;
    // A process claims both for 300 ms and dies: it never renews, completes or fails them.
    expect(await claimJobs(db2, 'processo-morto', ['orphaned'], 2, 300)).toHaveLength(2);

    const attempts: number[] = [];
    const gaveUp: unknown[] = [];
    await startWorker(
      db,
      {
        orphaned: async (job) => {
          attempts.push(job.attempt);
        },
      },
      {},
      {
        // The import ends 99 here, the FGTS check alerts 1088: nobody waits for a job no process runs any more.
        orphaned: async (job) => {
          gaveUp.push({ id: job.id, payload: job.payload, error: job.error });
        },
      },
    );
    await eventually(async () => (await stateOf(retried)) === 'concluida' && (await stateOf(lastTry)) === 'falhou' && gaveUp.length === 1);
    expect(attempts).toEqual([2]);
    expect(gaveUp).toEqual([{ id: lastTry, payload: { who: 'last' }, error: LEASE_EXPIRED_ERROR }]);
    expect(await rowOf(retried)).toEqual({ state: 'concluida', attempts: 2, error: LEASE_EXPIRED_ERROR });
    expect(await rowOf(lastTry)).toEqual({ state: 'falhou', attempts: 1, error: LEASE_EXPIRED_ERROR });
  });

  it('renews the lease of a job running longer than the lease, so no other worker takes it', async () => {
    const [id] = await enqueueMany('long_running', 1);
    const release = gate();
    const runs: string[] = [];
    const handler = (worker: string) => async () => {
      runs.push(worker);
      await release.opened;
    };
    await startWorker(db, { long_running: handler('A') }, { leaseMs: 600 });
    await eventually(() => runs.length === 1);
    await startWorker(db2, { long_running: handler('B') }, { leaseMs: 600 });

    // Wait (by the database's clock) until well past the first lease's end.
    const [{ until }] = await db.query<{ until: Date }>(
      "select now() + interval '1500 milliseconds' as until from tarefa where id_tarefa = $1",
      [id],
    );
    await eventually(async () => (await db.query<{ past: boolean }>('select now() > $1 as past', [until]))[0].past);
    expect(await rowOf(id)).toMatchObject({ state: 'executando', attempts: 1 });
    release.open();
    await eventually(async () => (await stateOf(id)) === 'concluida');
    expect(runs).toHaveLength(1);
  });

  it('picks up, after a restart, the jobs left pending and the ones a dead process held', async () => {
    const restartable = await restartableDatabase();
    try {
      // The first process enqueues three jobs and dies holding one of them (a 300 ms lease).
      const before = await restartable.open();
      await migrate(before);
      await before.query("insert into empresa (id_empresa, de_empresa) values (1, 'Empresa de teste')");
      const ids = await enqueueMany('after_restart', 3, before);
      const [held] = await claimJobs(before, 'processo-anterior', ['after_restart'], 1, 300);
      await before.close();

      const after = await restartable.open();
      const runs: { payload: unknown; attempt: number }[] = [];
      await startWorker(after, {
        after_restart: async (job) => {
          runs.push({ payload: job.payload, attempt: job.attempt });
        },
      });
      const allDone = async () => (await Promise.all(ids.map((id) => rowOf(id, after)))).every((row) => row.state === 'concluida');
      await eventually(allDone, 10_000);
      expect(runs).toHaveLength(3);
      expect(runs).toEqual(
        expect.arrayContaining([
          { payload: { n: 0 }, attempt: 2 },
          { payload: { n: 1 }, attempt: 1 },
          { payload: { n: 2 }, attempt: 1 },
        ]),
      );
      expect(held.payload).toEqual({ n: 0 });
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await after.close();
    } finally {
      await restartable.remove();
    }
  });
});

describe('job queue: enqueueing and stopping', () => {
  it('commits a job with the transaction that enqueues it and wakes a worker at commit, without polling', async () => {
    const config = await resolveSecrets(readEnv({ LOG_LEVEL: 'silent' }), db);
    // Polling only every 10 minutes: whatever runs below was woken by LISTEN/NOTIFY.
    const app = await buildApp({ config, db, logger: false, jobs: { pollIntervalMs: 600_000 } });
    try {
      const ran: unknown[] = [];
      app.jobs.register('from_route', async (job) => {
        ran.push(job.payload);
      });
      await app.jobs.start();
      await eventually(() => app.jobs.busy === 0);

      await expect(
        db.transaction(async (tx) => {
          await app.jobs.enqueue(tx, 'from_route', { desfeita: true }, { companyId: 1 });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      const id = await db.transaction((tx) => app.jobs.enqueue(tx, 'from_route', { confirmada: true }, { companyId: 1 }));
      await eventually(() => ran.length === 1);
      expect(ran).toEqual([{ confirmada: true }]);
      const rows = await db.query<{ id: number; company: number }>(
        "select id_tarefa as id, id_empresa as company from tarefa where co_tipo = 'from_route'",
      );
      expect(rows).toEqual([{ id, company: 1 }]);
    } finally {
      await app.close();
    }
  });

  it('enqueues nothing while a job with the same key is unfinished', async () => {
    const queue = new JobQueue(db);
    const first = await queue.enqueue(db, 'keyed', { v: 1 }, { key: 'empresa-1:cpf-11144477735' });
    expect(first).toEqual(expect.any(Number));
    expect(await queue.enqueue(db, 'keyed', { v: 2 }, { key: 'empresa-1:cpf-11144477735' })).toBeNull();
    expect(await queue.enqueue(db, 'keyed', { v: 3 }, { key: 'empresa-1:outro-cpf' })).toEqual(expect.any(Number));

    await startWorker(db, { keyed: async () => undefined });
    await eventually(async () => (await stateOf(first!)) === 'concluida');
    expect(await queue.enqueue(db, 'keyed', { v: 4 }, { key: 'empresa-1:cpf-11144477735' })).toEqual(expect.any(Number));
  });

  it('stops gracefully: waits for the running handler to finish and record its outcome', async () => {
    const [id] = await enqueueMany('graceful', 1);
    const release = gate();
    let started = false;
    const worker = await startWorker(db, {
      graceful: async () => {
        started = true;
        await release.opened;
      },
    });
    await eventually(() => started);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(await stateOf(id)).toBe('concluida');

    // Stopped: a new job is not claimed by it.
    const [later] = await enqueueMany('graceful', 1);
    await sleep(100);
    expect(await stateOf(later)).toBe('pendente');
  });
});

/** A database that can be closed and opened again, as a restarted process does. */
async function restartableDatabase(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'consig-jobs-'));
    return {
      open: () => openPglite(dir),
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const fresh = await createTestDatabase();
  return { open: () => fresh.connectAgain(), remove: () => fresh.drop() };
}
