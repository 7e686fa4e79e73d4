#!/usr/bin/env node
// `npm run bench:floor`: prints what the supervisor's live floor costs while attendants work (never asserted in
// tests). Two API processes (tooling's startApi, the build when fresh, else the sources through tsx) on one
// throwaway PostgreSQL database (127.0.0.1:5432; TEST_POSTGRES_URL for another admin URL).
//
// N attendants work a day in open loop (each one's actions are planned on a clock, not fired back to back):
// signed in (people copied from the demo attendant, password hash included: no password is hashed here), a /ws
// socket to one of the two APIs (alternating; its HTTP requests go to the same API), then in a loop:
// 'Iniciar Campanha' (GET /crm/cliente/proximo, from a running campaign of the bench's own clients, each with a
// copy of the demo INSS client's operations), 2–4 reads of the client's operations (GET
// /crm/cliente/operacoes/{id}), the outcome ~60 s ± 30 s after the claim (PUT /crm/tabulacao/cliente: 301, 303,
// 304, some 305 with DT_Retorno) and, after about one outcome in eight, a pause (PUT /atendente/tabular 202–206)
// and 'Livre' (81) 30–180 s later. Time is compressed by BENCH_SPEED (default 10: an outcome every ~6 s ± 3 s).
// 10 supervisors, signed in with sockets to the two APIs, watch the board (alert 1092, docs/rules.md "Attendant
// state").
//
// N steps up (BENCH_STEPS, default 100,250,500,1000; the attendants of a step keep working through the next),
// each measured for BENCH_STEP_SECONDS (default 60) once its new attendants are on the board and made their first
// claim. Per step: requests/s, p50/p99/max per attendant endpoint and over all of them; the board's latency,
// from the HTTP answer of the attendant's request to each supervisor socket receiving the row that shows it (a
// pause or 'Livre': AtendenteID, CO_Estado, ID_MotivoPausa and a TS_Estado not before the request; a claim or an
// outcome: the client held, or none), p50/p99/max; CPU (utime + stime from /proc/<pid>/stat, sampled every
// second; 100% = one core) and RSS of each API, the CPU of the PostgreSQL backends of the bench's database, of
// this process (the load generator, on the same cores) and of the whole machine; errors by kind (non-2xx,
// timeouts, sockets dropped, board rows missing). At the end: the highest N within the goal (attendant p99 ≤ 100
// ms and board p99, over pauses and 'Livre', ≤ 1 s) and the first figure that broke (a process's CPU or a
// latency). It stops after a step over 5× the goal, and after BENCH_MAX_MINUTES (default 20) in all; every wait
// is bounded, everything stays on 127.0.0.1, and the database is dropped and the APIs stopped even on Ctrl-C or
// an error. A quick look: BENCH_STEPS=20 BENCH_STEP_SECONDS=20 npm run bench:floor
import { spawnSync } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  addressOf,
  columnsBut,
  eachLimited,
  freePort,
  memoryOf,
  ms,
  percentile,
  signInOverHttp,
  until,
  withClient,
  withThrowawayDatabase,
  UNBOUNDED_BUDGETS,
} from './benchLib.mjs';
import { fail, root, step, tooling } from './lib.mjs';

const SPEED = Number(process.env.BENCH_SPEED || 10);
const STEPS = [
  ...new Set(
    (process.env.BENCH_STEPS || '100,250,500,1000')
      .split(',')
      .map((value) => Number(value.trim()))
      .filter((value) => Number.isInteger(value) && value > 0),
  ),
].sort((a, b) => a - b);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS || 60);
const MAX_RUN_MS = Number(process.env.BENCH_MAX_MINUTES || 20) * 60_000;
const SUPERVISORS = 10;

/** The goal, and how far over it a step stops the run. */
const GOAL_ATTENDANT_P99_MS = 100;
const GOAL_BOARD_P99_MS = 1_000;
const STOP_FACTOR = 5;
/** A process at this % of one core on average over a step is saturated (an API's JavaScript runs on one); the machine at this % of all its cores. */
const SATURATED_CORE_PERCENT = 85;
const SATURATED_MACHINE_PERCENT = 90;

// The attendant's day, in real seconds (divided by SPEED when played).
/** From a claim to its outcome: ~60 s ± 30 s. */
const OUTCOME_AFTER_S = [30, 90];
const READS = [2, 4];
/** Between an outcome (or 'Livre') and the next action. */
const WRAP_UP_S = [1, 4];
/** After this share of the outcomes the attendant pauses, for PAUSE_S, then goes back to 'Livre'. */
const PAUSE_SHARE = 0.12;
const PAUSE_S = [30, 180];
/** After a claim that handed out nothing. */
const RETRY_S = 10;
/** Outcomes and their shares: mostly no answer, no interest, no margin; some callbacks. */
const OUTCOMES = [
  [301, 0.35],
  [303, 0.3],
  [304, 0.25],
  [305, 0.1],
];
const PAUSE_REASONS = [202, 203, 204, 205, 206];
const AVAILABLE = 81;

/** Bounds of each wait. A board row not there this long after its answer counts as missing. */
const REQUEST_TIMEOUT_MS = 30_000;
const SOCKET_OPEN_TIMEOUT_MS = 10_000;
const RECONNECT_MS = 1_000;
const JOIN_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 5_000;
const BOARD_WAIT_MS = GOAL_BOARD_P99_MS * STOP_FACTOR;
/** Sign-ins at once (scrypt runs on libuv's threads), and sockets opening at once. */
const SIGN_INS_AT_ONCE = 8;
const SOCKETS_OPENING_AT_ONCE = 50;
/** New clients kept waiting before a step: enough for every attendant claiming every 40 s (real) for this long. */
const QUEUE_SECONDS_AHEAD = 180;
const QUEUE_CLAIM_EVERY_S = 40;

/** The demo attendant without telephony (its company, role and password hash), the demo supervisor (its role). */
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';
const TEMPLATE_SUPERVISOR = 'supervisor@demo.com.br';
/** José Carlos Pereira: the demo INSS client whose operations every bench client gets a copy of. */
const TEMPLATE_CPF_BASE = '111444777';
const INSS_AGENCY = 4;
const CAMPAIGN_RUNNING = 35;
const CAMPAIGN_PAUSED = 58;
/** shared/src/contracts/floor.ts ALERT_FLOOR_CHANGE, and realtime.ts REALTIME_RESYNC's type. */
const ALERT_FLOOR_CHANGE = 1092;
const RESYNC = 'resync';

const ENDPOINTS = {
  claim: 'GET /crm/cliente/proximo',
  operations: 'GET /crm/cliente/operacoes/{id}',
  outcome: 'PUT /crm/tabulacao/cliente',
  pause: 'PUT /atendente/tabular 202–206',
  resume: 'PUT /atendente/tabular 81',
};

const WebSocket = createRequire(join(root, 'api', 'package.json'))('ws');
const { startApi } = tooling();
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const CORES = availableParallelism();

// ---------------------------------------------------------------------------------------------------
// The run: one signal for Ctrl-C, SIGTERM, the time limit and an API that died; everything waits on it.

const run = new AbortController();
setMaxListeners(0, run.signal); // every wait of every attendant listens to it
let exitCode = 0;
let databaseName = '';

function interrupt(reason, code) {
  if (run.signal.aborted) {
    console.error(`\n✖ de novo: saindo sem limpar (as APIs terminam junto${databaseName ? `; remova o banco ${databaseName} à mão` : ''})`);
    process.exit(130);
  }
  console.error(`\n✖ ${reason}: encerrando e limpando…`);
  exitCode = code;
  run.abort(new Error(reason));
  setTimeout(() => {
    console.error('✖ a limpeza passou de 60 s; saindo');
    process.exit(1);
  }, 60_000).unref();
}

process.on('SIGINT', () => interrupt('interrompido (Ctrl-C)', 130));
process.on('SIGTERM', () => interrupt('interrompido (SIGTERM)', 143));
setTimeout(() => interrupt(`o benchmark passou de ${MAX_RUN_MS / 60_000} min`, 1), MAX_RUN_MS).unref();

// ---------------------------------------------------------------------------------------------------
// Small helpers.

const between = ([low, high]) => low + Math.random() * (high - low);
const pick = (values) => values[Math.floor(Math.random() * values.length)];
/** Real seconds of the attendant's day as milliseconds of the compressed run. */
const played = (seconds) => (seconds * 1000) / SPEED;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (value) => (Number.isFinite(value) ? `${value.toFixed(0)}%` : '—');
const latency = (value) => {
  if (value === undefined) return '—';
  if (value === Infinity) return `> ${BOARD_WAIT_MS / 1000} s`;
  return ms(value);
};
const mean = (values) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN);
const max = (values) => (values.length ? Math.max(...values) : NaN);

function figuresOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

function pickOutcome() {
  let draw = Math.random();
  for (const [status, share] of OUTCOMES) {
    draw -= share;
    if (draw < 0) return status;
  }
  return OUTCOMES[0][0];
}

/** A callback for the next days, at a whole hour (305's DT_Retorno: in the future, within 60 days). */
function callbackInstant() {
  const at = new Date(Date.now() + (1 + Math.floor(Math.random() * 3)) * 86_400_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

// ---------------------------------------------------------------------------------------------------
// What is measured: requests count in the step they were sent in; between steps nothing is measured.

/** The step being measured, or null. */
let measuring = null;
/** Every error of the run, measured or not. */
const runErrors = new Map();

const newTally = () => ({ latencies: new Map(), requests: 0, inFlight: 0, errors: new Map(), expectations: [] });

function countError(tally, kind) {
  runErrors.set(kind, (runErrors.get(kind) ?? 0) + 1);
  if (tally) tally.errors.set(kind, (tally.errors.get(kind) ?? 0) + 1);
}

function describeFailure(error) {
  if (error?.name === 'TimeoutError') return `sem resposta em ${REQUEST_TIMEOUT_MS / 1000} s`;
  return error?.cause?.code ?? error?.code ?? error?.message ?? String(error);
}

/** One attendant request; its latency and errors go to the step it was sent in. Throws only when `signal` ends the day. */
async function call(attendant, endpoint, method, path, body, signal) {
  const tally = measuring;
  if (tally) tally.inFlight += 1;
  const sentAt = performance.now();
  const sentWall = Date.now();
  try {
    const response = await fetch(`${attendant.api.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${attendant.token}`,
        'x-forwarded-for': addressOf(attendant.index),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    const answer = await response.json().catch(() => null);
    const answeredAt = performance.now();
    if (tally) {
      tally.requests += 1;
      if (!tally.latencies.has(endpoint)) tally.latencies.set(endpoint, []);
      tally.latencies.get(endpoint).push(answeredAt - sentAt);
    }
    if (!response.ok) countError(tally, `${endpoint}: HTTP ${response.status}`);
    return { ok: response.ok, answer, sentAt, sentWall, answeredAt, tally };
  } catch (error) {
    if (signal.aborted) throw error;
    countError(tally, `${endpoint}: ${describeFailure(error)}`);
    return { ok: false, answer: null, sentAt, sentWall, answeredAt: performance.now(), tally };
  } finally {
    if (tally) tally.inFlight -= 1;
  }
}

/**
 * The board row the request must bring to every supervisor: `kind` 'estado' (a pause or 'Livre': the state the
 * goal is about) or 'linha' (a claim or an outcome: the client on the attendant's row).
 */
function expectRow(result, attendant, kind, match) {
  result.tally?.expectations.push({ attendantId: attendant.id, kind, sentAt: result.sentAt, answeredAt: result.answeredAt, match });
}

// ---------------------------------------------------------------------------------------------------
// The attendant's day.

async function workDay(attendant, signal) {
  const at = async (instant) => {
    const wait = instant - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
  };
  // The first claim somewhere within one cycle's shortest time, so that the attendants of a step do not start together.
  let next = performance.now() + Math.random() * played(OUTCOME_AFTER_S[0]);
  while (!signal.aborted) {
    await at(next);
    const claim = await call(attendant, ENDPOINTS.claim, 'GET', '/crm/cliente/proximo', undefined, signal);
    attendant.claimed = true;
    const clientId = claim.answer?.data?.cliente?.ClienteID;
    if (!claim.ok || claim.answer?.success !== true || !clientId) {
      if (claim.ok) countError(claim.tally, `${ENDPOINTS.claim}: ${claim.answer?.text ?? 'resposta sem cliente'}`);
      next = Math.max(next, performance.now()) + played(RETRY_S);
      continue;
    }
    expectRow(claim, attendant, 'linha', (row) => row.state === 'disponivel' && row.clientId === clientId);

    const outcomeAt = next + played(between(OUTCOME_AFTER_S));
    const reads = Math.round(between([READS[0] - 0.49, READS[1] + 0.49]));
    const readTimes = Array.from({ length: reads }, () => next + between([0.1, 0.9]) * (outcomeAt - next)).sort((a, b) => a - b);
    for (const readAt of readTimes) {
      await at(readAt);
      await call(attendant, ENDPOINTS.operations, 'GET', `/crm/cliente/operacoes/${clientId}`, undefined, signal);
    }

    await at(outcomeAt);
    const status = pickOutcome();
    const body = { ID_Status: status, ID_Cliente: clientId, ...(status === 305 ? { DT_Retorno: callbackInstant() } : {}) };
    const outcome = await call(attendant, ENDPOINTS.outcome, 'PUT', '/crm/tabulacao/cliente', body, signal);
    if (outcome.ok) expectRow(outcome, attendant, 'linha', (row) => row.state === 'disponivel' && row.clientId === null);
    next = outcomeAt + played(between(WRAP_UP_S));

    if (Math.random() < PAUSE_SHARE) {
      await at(next);
      const reason = pick(PAUSE_REASONS);
      const paused = await call(attendant, ENDPOINTS.pause, 'PUT', '/atendente/tabular', { ID_Status: reason }, signal);
      if (paused.ok) {
        expectRow(
          paused,
          attendant,
          'estado',
          (row) => row.state === 'pausa' && row.reasonId === reason && row.since >= paused.sentWall - 5,
        );
      }
      next += played(between(PAUSE_S));
      await at(next);
      const resumed = await call(attendant, ENDPOINTS.resume, 'PUT', '/atendente/tabular', { ID_Status: AVAILABLE }, signal);
      if (resumed.ok) expectRow(resumed, attendant, 'estado', (row) => row.state === 'disponivel' && row.since >= resumed.sentWall - 5);
      next += played(between(WRAP_UP_S));
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Sockets: an attendant's (presence) and a supervisor's (the board).

/** A /ws socket signed in with the person's token, opened again after a drop (each drop counted as an error). */
function keepSocket(person, who, onMessage) {
  const handle = { closed: false, socket: null };
  const connect = () =>
    new Promise((resolve) => {
      if (handle.closed || run.signal.aborted) {
        resolve(false);
        return;
      }
      let failure = '';
      const socket = new WebSocket(person.api.ws, {
        headers: { 'x-forwarded-for': addressOf(person.index) },
        perMessageDeflate: false,
        handshakeTimeout: SOCKET_OPEN_TIMEOUT_MS,
      });
      handle.socket = socket;
      socket.once('open', () => {
        socket.send(person.token);
        resolve(true);
      });
      if (onMessage) socket.on('message', onMessage);
      socket.on('error', (error) => {
        failure = error.code ?? error.message;
      });
      socket.once('close', (code) => {
        resolve(false);
        if (handle.closed || run.signal.aborted) return;
        countError(measuring, `socket de ${who} caiu (código ${code}${failure ? `, ${failure}` : ''})`);
        setTimeout(() => void connect(), RECONNECT_MS);
      });
    });
  handle.opened = connect();
  return handle;
}

/** Closes the sockets cleanly, cutting off after CLOSE_TIMEOUT_MS those the API does not answer. */
async function closeAll(handles) {
  const open = handles.map((handle) => {
    handle.closed = true;
    return handle.socket;
  });
  const closing = open.filter((socket) => socket && socket.readyState !== WebSocket.CLOSED);
  const closed = Promise.all(closing.map((socket) => new Promise((done) => socket.once('close', done))));
  for (const socket of closing) socket.close(1000);
  await Promise.race([closed, sleep(CLOSE_TIMEOUT_MS)]);
  for (const socket of closing) socket.terminate();
}

/** What a supervisor's socket received: per attendant, the 1092 rows in arrival order. */
function boardWatcher(supervisor) {
  supervisor.rows = new Map();
  return (data) => {
    const at = performance.now();
    let alert;
    try {
      alert = JSON.parse(data.toString());
    } catch {
      countError(measuring, 'quadro: mensagem ilegível');
      return;
    }
    if (alert?.type === RESYNC) countError(measuring, 'quadro: resync recebido (alertas perdidos)');
    if (alert?.TP_Alerta !== ALERT_FLOOR_CHANGE) return;
    const row = alert.DE_Dados;
    if (!supervisor.rows.has(row.AtendenteID)) supervisor.rows.set(row.AtendenteID, []);
    supervisor.rows.get(row.AtendenteID).push({
      at,
      state: row.CO_Estado,
      reasonId: row.ID_MotivoPausa,
      clientId: row.ID_Cliente,
      since: Date.parse(row.TS_Estado),
    });
  };
}

/** Index of the first row received at or after `instant` (rows are in arrival order). */
function firstFrom(rows, instant) {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle].at < instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Per kind of expectation: each supervisor's latency from the request's answer to the first matching row. */
function boardFigures(tally, supervisors) {
  const kinds = { estado: { values: [], fromSent: [], early: 0, missing: 0 }, linha: { values: [], fromSent: [], early: 0, missing: 0 } };
  for (const expected of tally.expectations) {
    const kind = kinds[expected.kind];
    for (const supervisor of supervisors) {
      const rows = supervisor.rows.get(expected.attendantId) ?? [];
      let index = firstFrom(rows, expected.sentAt);
      while (index < rows.length && !expected.match(rows[index])) index += 1;
      if (index === rows.length) {
        kind.missing += 1;
        kind.values.push(Infinity);
        kind.fromSent.push(Infinity);
        continue;
      }
      kind.fromSent.push(rows[index].at - expected.sentAt);
      const delay = rows[index].at - expected.answeredAt;
      if (delay < 0) kind.early += 1; // pushed before the answer left the API: no wait at all
      kind.values.push(Math.max(0, delay));
    }
  }
  return Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [
      name,
      { ...figuresOf(kind.values), fromSent: figuresOf(kind.fromSent), early: kind.early, missing: kind.missing },
    ]),
  );
}

/** Forgets the rows received before `instant` (no expectation left looks at them). */
function forgetRows(supervisors, instant) {
  for (const supervisor of supervisors) {
    for (const rows of supervisor.rows.values()) rows.splice(0, firstFrom(rows, instant));
  }
}

// ---------------------------------------------------------------------------------------------------
// CPU and memory, sampled every second from /proc.

/** A process's fields after its name in /proc/<pid>/stat (index 0 is field 3, state), or undefined when gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of the process, every thread, in clock ticks; undefined when unreadable. */
function cpuTicks(pid) {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : undefined;
}

/** The machine's CPU time so far (all cores): busy and total, in ticks (/proc/stat). */
function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - values[3] - values[4], total };
}

function startSampler(apis, monitor, database) {
  const samples = [];
  const read = async () => {
    const { rows } = await monitor.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    const backends = new Map();
    for (const { pid } of rows) {
      const ticks = cpuTicks(pid);
      if (ticks !== undefined) backends.set(pid, ticks);
    }
    const self = process.cpuUsage();
    return {
      at: performance.now(),
      apis: apis.map((api) => cpuTicks(api.pid) ?? NaN),
      backends,
      backendsSeen: rows.length,
      self: (self.user + self.system) / 1000,
      machine: machineTicks(),
    };
  };
  let last;
  let busy = false;
  const first = read().then((snapshot) => {
    last = snapshot;
  });
  const timer = setInterval(async () => {
    if (busy || !last) return;
    busy = true;
    try {
      const now = await read();
      const seconds = (now.at - last.at) / 1000;
      const percent = (ticks) => (ticks / CLOCK_TICKS / seconds) * 100;
      let pgTicks = 0;
      for (const [pid, ticks] of now.backends) {
        const before = last.backends.get(pid);
        if (before !== undefined) pgTicks += ticks - before; // a new backend counts from its second sample
      }
      samples.push({
        at: now.at,
        apis: apis.map((api, index) => ({ cpu: percent(now.apis[index] - last.apis[index]), rss: memoryOf(api.pid).rss })),
        pg: now.backendsSeen > 0 && now.backends.size === 0 ? NaN : percent(pgTicks),
        backends: now.backends.size,
        self: ((now.self - last.self) / (seconds * 1000)) * 100,
        machine: ((now.machine.busy - last.machine.busy) / (now.machine.total - last.machine.total)) * 100,
      });
      last = now;
    } catch {
      // A process or the database going away: this second goes without a sample.
    } finally {
      busy = false;
    }
  }, 1_000);
  return {
    ready: first,
    /** Mean and peak per figure over the samples taken between `from` and `to`. */
    between(from, to) {
      const inside = samples.filter((sample) => sample.at > from && sample.at <= to + 500);
      const of = (pick) => {
        const values = inside.map(pick).filter(Number.isFinite);
        return { mean: mean(values), peak: max(values) };
      };
      return {
        apis: apis.map((_, index) => ({
          ...of((sample) => sample.apis[index].cpu),
          rss: inside.at(-1)?.apis[index].rss ?? NaN,
          rssPeak: max(inside.map((sample) => sample.apis[index].rss)),
        })),
        pg: { ...of((sample) => sample.pg), backends: max(inside.map((sample) => sample.backends)) },
        self: of((sample) => sample.self),
        machine: of((sample) => sample.machine),
      };
    },
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------------------------------------------
// The database: people, the campaign and its queue.

async function prepare(client, attendantCount) {
  const {
    rows: [template],
  } = await client.query(
    `select t.id_empresa as "companyId", s.id_funcao as "supervisorRole",
            (select c.id_cliente from cliente c where c.id_empresa = t.id_empresa and c.co_cpf like $3 || '__' limit 1) as "clientId"
       from pessoa t, pessoa s
      where lower(t.em_email) = $1 and lower(s.em_email) = $2`,
    [TEMPLATE_ATTENDANT, TEMPLATE_SUPERVISOR, TEMPLATE_CPF_BASE],
  );
  if (!template) throw new Error(`atendente ${TEMPLATE_ATTENDANT} ou supervisor ${TEMPLATE_SUPERVISOR} de demonstração não encontrado`);
  const { companyId } = template;

  const {
    rows: [campaign],
  } = await client.query(
    "insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status) values ($1, 'PISO', 'Carga do piso', $2, $3) returning id_campanha as id",
    [companyId, INSS_AGENCY, CAMPAIGN_RUNNING],
  );
  // The demo campaigns stop handing out clients, so every claim comes from the bench's queue.
  await client.query('update campanha set id_status = $3 where id_empresa = $1 and id_campanha <> $2', [
    companyId,
    campaign.id,
    CAMPAIGN_PAUSED,
  ]);

  const { rows: attendants } = await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
     select t.id_empresa, 'piso' || g || '@bench.com.br', t.pw_senha, 'Atendente Piso ' || lpad(g::text, 4, '0'), t.id_funcao
       from pessoa t, generate_series(1, $1::int) g
      where lower(t.em_email) = $2
     returning id_pessoa as id, em_email as email`,
    [attendantCount, TEMPLATE_ATTENDANT],
  );
  attendants.sort((a, b) => a.id - b.id);
  await client.query('insert into campanha_atendente (id_empresa, id_campanha, id_atendente) select $1, $2, unnest($3::int[])', [
    companyId,
    campaign.id,
    attendants.map((attendant) => attendant.id),
  ]);
  // Supervisors with the demo attendant's password hash (so the demo password signs them in) and the supervisor role.
  const { rows: supervisors } = await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
     select t.id_empresa, 'supervisor.piso' || g || '@bench.com.br', t.pw_senha, 'Supervisor Piso ' || g, $3::int
       from pessoa t, generate_series(1, $1::int) g
      where lower(t.em_email) = $2
     returning id_pessoa as id, em_email as email`,
    [SUPERVISORS, TEMPLATE_ATTENDANT, template.supervisorRole],
  );
  const operationColumns = await columnsBut(client, 'operacao', ['id_operacao', 'id_cliente']);
  const {
    rows: [{ operations }],
  } = await client.query('select count(*)::int as operations from operacao where id_cliente = $1', [template.clientId]);
  return {
    companyId,
    campaignId: campaign.id,
    templateClientId: template.clientId,
    operationsPerClient: operations,
    operationColumns,
    clientsMade: 0,
    attendants,
    supervisors: supervisors.sort((a, b) => a.id - b.id),
  };
}

/** Tops the campaign's new clients up to `wanted` (each with a phone and the template's operations); returns how many wait. */
async function topUpQueue(client, prep, wanted) {
  const {
    rows: [{ waiting }],
  } = await client.query(
    "select count(*)::int as waiting from fila where id_campanha = $1 and co_estado = 'aguardando' and co_tipo = 'novo'",
    [prep.campaignId],
  );
  if (waiting >= wanted) return waiting;
  const from = prep.clientsMade + 1;
  const to = prep.clientsMade + (wanted - waiting);
  const columns = prep.operationColumns.join(', ');
  await client.query(
    `with clients as (
       insert into cliente (id_empresa, co_cpf, de_pessoa, sg_estado)
       select $1, (70000000000 + g)::text, 'Cliente Piso ' || g, 'SP' from generate_series($2::int, $3::int) g
       returning id_cliente),
     phones as (
       insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
       select $1, id_cliente, '11', (900000000 + id_cliente)::text from clients),
     operations as (
       insert into operacao (id_cliente, ${columns})
       select c.id_cliente, ${prep.operationColumns.map((column) => `t.${column}`).join(', ')}
         from clients c cross join operacao t where t.id_cliente = $4::int)
     insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel)
     select $1, $5, id_cliente, now() - interval '1 day' + id_cliente * interval '1 millisecond' from clients`,
    [prep.companyId, from, to, prep.templateClientId, prep.campaignId],
  );
  prep.clientsMade = to;
  await client.query('analyze cliente, telefone, operacao, fila');
  return wanted;
}

// ---------------------------------------------------------------------------------------------------
// One step's figures, printed.

function printStep(result) {
  const line = (label, figures, extra = '') =>
    console.log(
      `    ${label.padEnd(34)} ${String(figures.count).padStart(6)}  p50 ${latency(figures.p50).padStart(9)}  p99 ${latency(figures.p99).padStart(9)}  ` +
        `máx ${latency(figures.max).padStart(9)}${extra}`,
    );
  console.log(`  pedidos dos atendentes: ${result.requests} em ${STEP_SECONDS} s = ${result.rate.toFixed(1)}/s`);
  for (const [endpoint, figures] of result.endpoints) line(endpoint, figures);
  line('todos', result.all);
  console.log(`  quadro (1092 em ${SUPERVISORS} supervisores): da resposta HTTP do pedido até a linha chegar a cada socket`);
  const boardExtra = (figures) =>
    `  (do envio do pedido: p50 ${latency(figures.fromSent.p50)}, p99 ${latency(figures.fromSent.p99)}` +
    `${figures.early ? `; ${figures.early} antes da resposta, contadas como 0` : ''}` +
    `${figures.missing ? `; ${figures.missing} não chegaram em ${BOARD_WAIT_MS / 1000} s` : ''})`;
  line('estado (pausa, 81)', result.board.estado, boardExtra(result.board.estado));
  line('cliente (proximo, tabulação)', result.board.linha, boardExtra(result.board.linha));
  console.log('  CPU (média / pico de 1 s; 100% = um núcleo) e memória:');
  result.cpu.apis.forEach((api, index) =>
    console.log(
      `    API ${index + 1} (pid ${result.pids[index]}): ${pct(api.mean)} / ${pct(api.peak)}, RSS ${mb(api.rss)} (pico ${mb(api.rssPeak)})`,
    ),
  );
  console.log(
    Number.isFinite(result.cpu.pg.mean)
      ? `    PostgreSQL (${result.cpu.pg.backends} backends do banco do bench): ${pct(result.cpu.pg.mean)} / ${pct(result.cpu.pg.peak)}`
      : '    PostgreSQL: CPU indisponível (seus processos não aparecem em /proc)',
  );
  console.log(`    gerador de carga (este processo): ${pct(result.cpu.self.mean)} / ${pct(result.cpu.self.peak)}`);
  console.log(
    `    máquina (% dos ${CORES} núcleos, tudo o que roda nela): ${pct(result.cpu.machine.mean)} / ${pct(result.cpu.machine.peak)}` +
      `; fora do bench, em média ${pct(othersOf(result.cpu))} de um núcleo`,
  );
  const errors = [...result.errors].sort((a, b) => b[1] - a[1]);
  console.log(`  erros: ${errors.length ? errors.map(([kind, count]) => `${kind} ×${count}`).join('; ') : 'nenhum'}`);
  console.log(
    `  meta (p99 dos pedidos ≤ ${GOAL_ATTENDANT_P99_MS} ms, p99 do quadro ≤ ${GOAL_BOARD_P99_MS / 1000} s): ${result.meets ? 'atingida' : 'NÃO atingida'}` +
      (result.board.estado.count ? '' : ' (nenhuma mudança de estado medida neste passo)'),
  );
}

/** The machine's CPU used by everything but the APIs, the bench's PostgreSQL backends and this process, in % of one core. */
const othersOf = (cpu) =>
  Math.max(
    0,
    cpu.machine.mean * CORES -
      [...cpu.apis.map((api) => api.mean), cpu.pg.mean, cpu.self.mean].filter(Number.isFinite).reduce((a, b) => a + b, 0),
  );

/** What broke in a step: a process's CPU at saturation, or a latency over the goal. */
function brokenIn(result) {
  const broken = [];
  result.cpu.apis.forEach((api, index) => {
    if (api.mean >= SATURATED_CORE_PERCENT)
      broken.push(`CPU da API ${index + 1} em ${pct(api.mean)} de um núcleo (seu JavaScript roda em um)`);
  });
  if (result.cpu.machine.mean >= SATURATED_MACHINE_PERCENT) {
    const users = [
      ...result.cpu.apis.map((api, index) => [`API ${index + 1}`, api.mean]),
      ['PostgreSQL', result.cpu.pg.mean],
      ['gerador de carga', result.cpu.self.mean],
      ['processos fora do bench', othersOf(result.cpu)],
    ].filter(([, value]) => Number.isFinite(value));
    const [top, value] = users.sort((a, b) => b[1] - a[1])[0] ?? ['?', NaN];
    broken.push(`a máquina em ${pct(result.cpu.machine.mean)} dos ${CORES} núcleos (quem mais usou: ${top}, ${pct(value)})`);
  }
  if (result.cpu.self.mean >= SATURATED_CORE_PERCENT)
    broken.push(`o próprio gerador de carga em ${pct(result.cpu.self.mean)} de um núcleo`);
  const saturated = broken.length > 0;
  if (!(result.all.p99 <= GOAL_ATTENDANT_P99_MS)) broken.push(`p99 dos pedidos ${latency(result.all.p99)} > ${GOAL_ATTENDANT_P99_MS} ms`);
  if (result.board.estado.count && !(result.board.estado.p99 <= GOAL_BOARD_P99_MS)) {
    broken.push(`p99 do quadro ${latency(result.board.estado.p99)} > ${GOAL_BOARD_P99_MS / 1000} s`);
  }
  if (broken.length && !saturated) broken.push('nenhum processo em saturação: a latência passou da meta antes da CPU');
  return broken;
}

/** One line per step, the highest N within the goal and what saturated first. */
function printTable(results) {
  console.log(
    `  ${'N'.padStart(5)}  ${'pedidos/s'.padStart(9)}  ${'p99 pedidos'.padStart(11)}  ${'p99 quadro'.padStart(11)}  ` +
      `${'API 1'.padStart(5)}  ${'API 2'.padStart(5)}  ${'PG'.padStart(5)}  ${'máq.'.padStart(5)}  ${'erros'.padStart(6)}  meta`,
  );
  for (const result of results) {
    const errors = [...result.errors.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `  ${String(result.n).padStart(5)}  ${result.rate.toFixed(1).padStart(9)}  ${latency(result.all.p99).padStart(11)}  ` +
        `${latency(result.board.estado.p99).padStart(11)}  ${pct(result.cpu.apis[0].mean).padStart(5)}  ${pct(result.cpu.apis[1].mean).padStart(5)}  ` +
        `${pct(result.cpu.pg.mean).padStart(5)}  ${pct(result.cpu.machine.mean).padStart(5)}  ${String(errors).padStart(6)}  ${result.meets ? 'sim' : 'NÃO'}`,
    );
  }
  const within = results.filter((result) => result.meets).at(-1);
  const firstMiss = results.find((result) => !result.meets);
  console.log(
    `  maior N dentro da meta: ${within ? within.n : 'nenhum'}` +
      (firstMiss ? ` (N=${firstMiss.n} não atingiu)` : ' (todos os passos medidos atingiram)'),
  );
  const firstBroken = results.map((result) => ({ result, broken: brokenIn(result) })).find(({ broken }) => broken.length);
  console.log(
    firstBroken
      ? `  saturou primeiro, no passo N=${firstBroken.result.n}: ${firstBroken.broken.join('; ')}`
      : `  nada saturou até N=${results.at(-1).n} (nenhum processo a ${SATURATED_CORE_PERCENT}% de um núcleo, máquina abaixo de ${SATURATED_MACHINE_PERCENT}%, latências na meta)`,
  );
}

function printSummary(results, skipped) {
  step(`Resumo (tempo ×${SPEED}; meta: p99 dos pedidos ≤ ${GOAL_ATTENDANT_P99_MS} ms e p99 do quadro ≤ ${GOAL_BOARD_P99_MS / 1000} s)`);
  if (results.length) printTable(results);
  else console.log('  nenhum passo medido');
  if (skipped.steps.length) console.log(`  passos não medidos: ${skipped.steps.join(', ')} (${skipped.reason})`);
  const totals = [...runErrors].sort((a, b) => b[1] - a[1]);
  if (totals.length)
    console.log(`  erros na execução toda (medidos ou não): ${totals.map(([kind, count]) => `${kind} ×${count}`).join('; ')}`);
}

// ---------------------------------------------------------------------------------------------------

async function bench(results, skipped) {
  const maxN = STEPS.at(-1);
  step(
    `Piso ao vivo no PostgreSQL: até ${maxN} atendentes por 2 APIs, ${SUPERVISORS} supervisores vendo o quadro (1092); ` +
      `passos ${STEPS.join(', ')} de ${STEP_SECONDS} s`,
  );
  console.log(
    `  tempo comprimido ×${SPEED}: por atendente, um resultado a cada ~${played(60) / 1000} s ± ${played(30) / 1000} s ` +
      `(60 s ± 30 s reais), ${READS[0]}–${READS[1]} leituras das operações do cliente, e depois de ~${PAUSE_SHARE * 100}% dos resultados ` +
      `uma pausa de ${played(PAUSE_S[0]) / 1000}–${played(PAUSE_S[1]) / 1000} s (${PAUSE_S[0]}–${PAUSE_S[1]} s reais)`,
  );
  await withThrowawayDatabase('consig_bench_piso', async (url, name) => {
    databaseName = name;
    const apis = [];
    const sockets = [];
    const loops = [];
    const day = new AbortController();
    const daySignal = AbortSignal.any([run.signal, day.signal]);
    setMaxListeners(0, daySignal);
    let stopping = false;
    let sampler;
    try {
      const env = {
        DATABASE_URL: url,
        API_HOST: '127.0.0.1',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'silent',
        PROSPECT_BASE_ROWS: '4000',
        ...UNBOUNDED_BUDGETS,
      };
      for (let index = 0; index < 2; index += 1) {
        run.signal.throwIfAborted();
        const port = await freePort();
        const server = await startApi({ port, env, stdio: ['ignore', 'ignore', 'inherit'], restart: { limit: 0 } });
        const api = { number: index + 1, url: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`, server, pid: server.child.pid };
        apis.push(api);
        server.child.once('exit', (code, signal) => {
          if (!stopping && !run.signal.aborted) interrupt(`a API ${api.number} terminou (${signal ?? code})`, 1);
        });
      }
      const entry = apis[0].server.child.spawnargs.includes('tsx')
        ? 'das fontes TypeScript por tsx, api/dist desatualizado'
        : 'de api/dist';
      console.log(`  banco ${name}; APIs (${entry}) em ${apis.map((api) => api.url).join(' e ')}`);

      await withClient(url, async (monitor) => {
        const prep = await prepare(monitor, maxN);
        console.log(
          `  ${maxN} atendentes e ${SUPERVISORS} supervisores criados (senha e função copiadas da demonstração), campanha em andamento ` +
            `com todos selecionados; cada cliente com ${prep.operationsPerClient} operação(ões) copiadas do cliente INSS de demonstração`,
        );
        const people = prep.attendants.map((person, index) => ({ ...person, index, api: apis[index % 2], claimed: false }));
        const supervisors = prep.supervisors.map((person, index) => ({ ...person, index: 10_000 + index, api: apis[index % 2] }));

        for (const supervisor of supervisors)
          supervisor.token = await signInOverHttp(supervisor.api.url, supervisor.email, supervisor.index);
        const watching = supervisors.map((supervisor) => keepSocket(supervisor, 'supervisor', boardWatcher(supervisor)));
        sockets.push(...watching);
        await Promise.race([
          Promise.all(watching.map((handle) => handle.opened)),
          sleep(SOCKET_OPEN_TIMEOUT_MS, undefined, { signal: run.signal }),
        ]);
        await sleep(1_000, undefined, { signal: run.signal }); // their tokens are checked before the first attendant arrives
        sampler = startSampler(apis, monitor, name);
        await sampler.ready;

        let working = 0;
        for (const [stepIndex, n] of STEPS.entries()) {
          run.signal.throwIfAborted();
          step(`Passo ${stepIndex + 1}/${STEPS.length}: ${n} atendentes (${STEP_SECONDS} s medidos)`);
          const preparing = performance.now();
          const waiting = await topUpQueue(
            monitor,
            prep,
            Math.ceil((n * (STEP_SECONDS + QUEUE_SECONDS_AHEAD) * SPEED) / QUEUE_CLAIM_EVERY_S),
          );
          const joining = people.slice(working, n);
          await eachLimited(joining, SIGN_INS_AT_ONCE, async (person) => {
            run.signal.throwIfAborted();
            person.token = await signInOverHttp(person.api.url, person.email, person.index);
          });
          const signedIn = performance.now();
          await eachLimited(joining, SOCKETS_OPENING_AT_ONCE, async (person) => {
            const handle = keepSocket(person, 'atendente');
            sockets.push(handle);
            await handle.opened;
          });
          const onBoard = (person) =>
            supervisors.every((supervisor) => supervisor.rows.get(person.id)?.some((row) => row.state !== 'offline'));
          await until(
            () => joining.every(onBoard),
            JOIN_TIMEOUT_MS,
            () => `${joining.filter(onBoard).length} de ${joining.length} novos atendentes no quadro de todos os supervisores`,
            run.signal,
          ).catch((error) => {
            if (run.signal.aborted) throw error;
            console.log(`  aviso: ${error.message}`);
          });
          const boarded = performance.now();
          for (const person of joining) {
            loops.push(
              workDay(person, daySignal).catch((error) => {
                if (!daySignal.aborted) countError(measuring, `o dia de um atendente parou: ${error.message}`);
              }),
            );
          }
          working = n;
          await until(
            () => joining.every((person) => person.claimed),
            played(OUTCOME_AFTER_S[0]) + REQUEST_TIMEOUT_MS,
            () => `${joining.filter((person) => person.claimed).length} de ${joining.length} novos atendentes pediram o primeiro cliente`,
            run.signal,
          ).catch((error) => {
            if (run.signal.aborted) throw error;
            console.log(`  aviso: ${error.message}`);
          });
          console.log(
            `  preparo: ${waiting} clientes novos na fila; ${joining.length} novos atendentes com sessão em ${((signedIn - preparing) / 1000).toFixed(1)} s, ` +
              `sockets abertos e no quadro em ${((boarded - signedIn) / 1000).toFixed(1)} s, primeiro cliente de cada em ${((performance.now() - boarded) / 1000).toFixed(1)} s`,
          );

          const tally = newTally();
          forgetRows(supervisors, performance.now());
          const started = performance.now();
          measuring = tally;
          await sleep(STEP_SECONDS * 1000, undefined, { signal: run.signal });
          measuring = null;
          const ended = performance.now();
          await until(
            () => tally.inFlight === 0,
            REQUEST_TIMEOUT_MS + 1_000,
            () => `${tally.inFlight} pedidos sem resposta`,
            run.signal,
          ).catch((error) => {
            if (run.signal.aborted) throw error;
          });
          await sleep(BOARD_WAIT_MS, undefined, { signal: run.signal });

          const endpoints = Object.values(ENDPOINTS)
            .filter((endpoint) => tally.latencies.has(endpoint))
            .map((endpoint) => [endpoint, figuresOf(tally.latencies.get(endpoint))]);
          const result = {
            n,
            requests: tally.requests,
            rate: tally.requests / STEP_SECONDS,
            endpoints,
            all: figuresOf([...tally.latencies.values()].flat()),
            board: boardFigures(tally, supervisors),
            cpu: sampler.between(started, ended),
            pids: apis.map((api) => api.pid),
            errors: tally.errors,
          };
          result.meets =
            result.all.p99 <= GOAL_ATTENDANT_P99_MS && (!result.board.estado.count || result.board.estado.p99 <= GOAL_BOARD_P99_MS);
          forgetRows(supervisors, ended);
          results.push(result);
          printStep(result);

          const failed = [...tally.errors.values()].reduce((sum, count) => sum + count, 0);
          const wayOver =
            !(result.all.p99 <= GOAL_ATTENDANT_P99_MS * STOP_FACTOR) ||
            (result.board.estado.count && !(result.board.estado.p99 <= GOAL_BOARD_P99_MS * STOP_FACTOR)) ||
            failed > tally.requests / 2;
          if (wayOver && stepIndex < STEPS.length - 1) {
            skipped.steps.push(...STEPS.slice(stepIndex + 1));
            skipped.reason = `parou: o passo N=${n} passou de ${STOP_FACTOR}× a meta ou teve mais da metade dos pedidos falhando`;
            break;
          }
        }
      });
    } finally {
      measuring = null;
      day.abort();
      await Promise.race([Promise.allSettled(loops), sleep(CLOSE_TIMEOUT_MS)]);
      sampler?.stop();
      await closeAll(sockets);
      stopping = true;
      await Promise.all(apis.map((api) => api.server.stop()));
    }
  });
}

if (!STEPS.length || !(SPEED > 0) || !(STEP_SECONDS > 0) || !(MAX_RUN_MS > 0)) {
  fail('BENCH_STEPS (ex.: 100,250), BENCH_SPEED, BENCH_STEP_SECONDS e BENCH_MAX_MINUTES precisam ser números positivos');
}
const results = [];
const skipped = { steps: [], reason: '' };
try {
  await bench(results, skipped);
} catch (error) {
  if (!run.signal.aborted) {
    console.error(`\n✖ ${error.stack ?? error.message}`);
    exitCode = 1;
  }
}
const remaining = STEPS.filter((n) => n > (results.at(-1)?.n ?? 0) && !skipped.steps.includes(n));
if (run.signal.aborted && remaining.length) {
  skipped.steps.push(...remaining);
  skipped.reason = run.signal.reason.message;
}
printSummary(results, skipped);
process.exit(exitCode);
