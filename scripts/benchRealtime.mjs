#!/usr/bin/env node
// `npm run bench:realtime`: prints what one API instance does with many realtime sockets (never asserted
// in tests), on a throwaway PostgreSQL database (127.0.0.1:5432, TEST_POSTGRES_URL for another admin URL):
//   1. opens BENCH_SOCKETS (5,000) authenticated sockets to /ws: BENCH_PEOPLE (100) attendants signed in over HTTP
//      (a sign-in costs a scrypt hash, ~0.3 s of CPU here, so fewer people with more sockets each), each from an
//      address of its own as behind a load balancer (TRUST_PROXY); WS_MAX_SOCKETS_PER_PERSON is raised to the
//      sockets per person (default 10), the per-address limit stays at its default;
//   2. pushes BENCH_ROUNDS (20) rounds of alerts, each round one alert to every attendant at once (so every
//      socket gets one), and measures each delivery's latency from the NOTIFY that sends it to the socket
//      receiving it: p50/p99/max over all deliveries, and per round the time until the last socket had it
//      (goal: p99 ≤ 100 ms);
//   3. the API process's memory (RSS) with 0 sockets and with all of them.
// Alerts go out the way `Realtime.push` sends them (api/src/realtime/realtime.ts and wire.ts): a NOTIFY on the
// channel every instance LISTENs on, here sent straight from a PostgreSQL client so that the sender adds no
// HTTP request or job to the figure. Everything stays on the loopback; every wait is bounded; it stops by itself.
// The sockets' client runs in this process and shares the machine's cores with the API and PostgreSQL.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  addressOf,
  eachLimited,
  freePort,
  ms,
  percentile,
  signInOverHttp,
  until,
  withClient,
  withThrowawayDatabase,
  UNBOUNDED_BUDGETS,
} from './benchLib.mjs';
import { root, step, tooling } from './lib.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS || 5_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE || 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 20);
/** Pause between rounds: the API's sockets are idle again before the next burst. */
const ROUND_GAP_MS = 300;
/** Sockets opening at once, and sign-ins at once (scrypt runs on libuv's 4 threads). */
const OPENING_AT_ONCE = 200;
const SIGN_INS_AT_ONCE = 8;
/** Bounds of each wait; the whole run is cut off after BENCH_MAX_MINUTES (default 10). */
const STEP_TIMEOUT_MS = 120_000;
const ROUND_TIMEOUT_MS = 15_000;
const MAX_RUN_MS = Number(process.env.BENCH_MAX_MINUTES || 10) * 60_000;
const GOAL_P99_MS = 100;
/** The demo attendant without telephony: the bench's attendants copy its company, role and password hash. */
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';
/** What api/src/realtime/realtime.ts LISTENs on, and the most wire.ts puts in one NOTIFY payload. */
const REALTIME_CHANNEL = 'alerta_tempo_real';
const NOTIFY_PART_BYTES = 7_900;

const WebSocket = createRequire(join(root, 'api', 'package.json'))('ws');
const { startApi } = tooling();

const rssOf = (pid) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function createAttendants(client, count) {
  const { rows } = await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
     select t.id_empresa, 'benchrt' || g || '@demo.com.br', t.pw_senha, 'Atendente Tempo Real ' || g, t.id_funcao
       from pessoa t, generate_series(1, $1::int) g
      where lower(t.em_email) = $2
     returning id_pessoa as id, em_email as email`,
    [count, TEMPLATE_ATTENDANT],
  );
  if (rows.length !== count) throw new Error(`atendente modelo ${TEMPLATE_ATTENDANT} não encontrado`);
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * The sockets and what they received. Each alert's DE_Observacao carries its round ("bench:<round>"); a
 * delivery's latency is from the round's NOTIFY to the socket's 'message' event.
 */
function socketPool(wsUrl) {
  const sockets = [];
  const received = new Map(); // round -> latencies
  const sentAt = new Map(); // round -> performance.now() before the NOTIFY
  const closes = new Map(); // close code -> count
  const open = (person, index) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': addressOf(person.index) }, perMessageDeflate: false });
      socket.once('open', () => {
        socket.send(person.token);
        resolve();
      });
      socket.on('error', reject); // after 'open' a no-op; a socket that breaks later shows in `closes`
      socket.on('message', (data) => {
        const now = performance.now();
        const round = Number(/"bench:(-?\d+)"/.exec(data.toString())?.[1]);
        const started = sentAt.get(round);
        if (started !== undefined) received.get(round).push(now - started);
      });
      socket.once('close', (code) => closes.set(code, (closes.get(code) ?? 0) + 1));
      sockets[index] = socket;
    });
  return {
    sockets,
    received,
    closes,
    open,
    beginRound(round) {
      received.set(round, []);
      sentAt.set(round, performance.now());
    },
    /** Closes every socket cleanly, cutting off after 5 s any the API does not answer. */
    async closeAll() {
      const closing = sockets.filter((socket) => socket && socket.readyState !== WebSocket.CLOSED);
      const closed = Promise.all(closing.map((socket) => new Promise((done) => socket.once('close', done))));
      for (const socket of closing) socket.close(1000);
      await Promise.race([closed, sleep(5_000)]);
      for (const socket of closing) socket.terminate();
    },
  };
}

/** One alert to every attendant in ONE statement: PostgreSQL delivers the notifications together at its commit. */
async function pushRound(client, people, round) {
  const payloads = people.map((person) => {
    const text = JSON.stringify({ p: person.id, a: { TP_Alerta: 1, DE_Dados: null, DE_Observacao: `bench:${round}` } });
    if (Buffer.byteLength(text) > NOTIFY_PART_BYTES) throw new Error('alerta maior que uma parte de NOTIFY');
    return `r${round}p${person.id}:0:1:${text}`; // wire.ts: <message id>:<part index>:<part count>:<text>
  });
  await client.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [REALTIME_CHANNEL, payloads]);
}

async function bench() {
  const perPerson = Math.ceil(SOCKETS / PEOPLE);
  step(
    `Tempo real: ${SOCKETS} sockets autenticados em /ws (${PEOPLE} atendentes × ${perPerson} abas), ${ROUNDS} rodadas de alertas para todos`,
  );
  await withThrowawayDatabase('consig_bench_rt', async (url, name) => {
    let api;
    let pool;
    try {
      const port = await freePort();
      api = await startApi({
        port,
        env: {
          DATABASE_URL: url,
          API_HOST: '127.0.0.1',
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'silent',
          ...UNBOUNDED_BUDGETS,
          PROSPECT_BASE_ROWS: '4000',
          WS_MAX_SOCKETS_PER_PERSON: String(perPerson),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
        restart: { limit: 0 },
      });
      const apiUrl = `http://127.0.0.1:${port}`;
      const people = await withClient(url, (client) => createAttendants(client, PEOPLE));
      const signInStarted = performance.now();
      await eachLimited(people, SIGN_INS_AT_ONCE, async (person, index) => {
        person.index = index;
        person.token = await signInOverHttp(apiUrl, person.email, index);
      });
      console.log(`  banco ${name}; ${PEOPLE} atendentes com sessão em ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);

      await sleep(2_000); // the sign-ins' garbage settles before the baseline
      const rssIdle = rssOf(api.child.pid);

      pool = socketPool(`ws://127.0.0.1:${port}/ws`);
      const assignments = Array.from({ length: SOCKETS }, (_, index) => people[index % PEOPLE]);
      const openStarted = performance.now();
      await eachLimited(assignments, OPENING_AT_ONCE, (person, index) => pool.open(person, index));
      const openSeconds = (performance.now() - openStarted) / 1000;

      // A socket is registered once its token is verified, which the API does not acknowledge: warm-up rounds
      // until every socket got one prove they all are (and warm the code paths up).
      await withClient(url, async (client) => {
        const warmStarted = performance.now();
        for (let warmUp = -1; ; warmUp -= 1) {
          pool.beginRound(warmUp);
          await pushRound(client, people, warmUp);
          const got = pool.received.get(warmUp);
          await until(
            () => got.length >= SOCKETS,
            3_000,
            () => 'aquecimento',
          ).catch(() => undefined);
          if (got.length >= SOCKETS) break;
          if (performance.now() - warmStarted > STEP_TIMEOUT_MS) {
            throw new Error(
              `só ${got.length} de ${SOCKETS} sockets recebem alertas (fechados, por código: ${JSON.stringify([...pool.closes])})`,
            );
          }
        }
      });
      console.log(`  ${SOCKETS} sockets abertos em ${openSeconds.toFixed(1)} s, todos autenticados e recebendo`);
      await sleep(2_000);
      const rssFull = rssOf(api.child.pid);

      const latencies = [];
      const roundTimes = [];
      const firstDeliveries = [];
      await withClient(url, async (client) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          pool.beginRound(round);
          await pushRound(client, people, round);
          const got = pool.received.get(round);
          await until(
            () => got.length >= SOCKETS,
            ROUND_TIMEOUT_MS,
            () => `rodada ${round}: ${got.length} de ${SOCKETS} entregas`,
          );
          latencies.push(...got);
          roundTimes.push(Math.max(...got));
          firstDeliveries.push(Math.min(...got));
          await sleep(ROUND_GAP_MS);
        }
      });
      const rssAfter = rssOf(api.child.pid);

      const sorted = latencies.sort((a, b) => a - b);
      const rounds = roundTimes.sort((a, b) => a - b);
      const firsts = firstDeliveries.sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      console.log(
        `  entrega (${sorted.length} entregas = ${ROUNDS} rodadas × ${SOCKETS} sockets): p50 ${ms(percentile(sorted, 50))}  ` +
          `p99 ${ms(p99)}  máx ${ms(sorted.at(-1))}  (meta p99 ≤ ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'atingida' : 'NÃO atingida'})`,
      );
      console.log(`  por rodada, até o 1º socket (NOTIFY → API → rede): p50 ${ms(percentile(firsts, 50))}  máx ${ms(firsts.at(-1))}`);
      console.log(`  por rodada, até o último socket:                   p50 ${ms(percentile(rounds, 50))}  máx ${ms(rounds.at(-1))}`);
      console.log(
        `  memória da API (RSS): ${mb(rssIdle)} com 0 sockets, ${mb(rssFull)} com ${SOCKETS} (${(rssFull / rssIdle).toFixed(2)}×, ` +
          `~${((rssFull - rssIdle) / SOCKETS / 1024).toFixed(1)} KB por socket), ${mb(rssAfter)} depois das rodadas`,
      );
      const unexpected = [...pool.closes].filter(([code]) => code !== 1000);
      if (unexpected.length) console.log(`  sockets fechados pelo caminho (código: quantidade): ${JSON.stringify(unexpected)}`);
    } finally {
      await pool?.closeAll();
      await api?.stop();
    }
  });
}

const watchdog = setTimeout(() => {
  console.error(`\n✖ benchmark passou de ${MAX_RUN_MS / 60_000} min; encerrando (a API termina junto)`);
  process.exit(1);
}, MAX_RUN_MS);
watchdog.unref();
await bench();
