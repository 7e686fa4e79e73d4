#!/usr/bin/env node
// `npm run bench:ratelimit`: prints what one person's flood costs everyone else (never asserted in tests). On a
// throwaway PostgreSQL database (127.0.0.1:5432) and one API process with the default request budgets
// (docs/rules.md "Request budgets"; RATE_LIMIT_* / API_INSTANCES in the environment replace them), BENCH_OTHERS
// (default 20) attendants, each from an address of its own, ask for a light answer (GET /atendente/status) and
// think 100 ms, over and over: BENCH_SECONDS (default 10) quietly, then as long again while one supervisor keeps
// 200 GET /crm/proposta/0/0/0/0 (the follow-up list) in flight, each fired again as soon as it is answered.
// Printed: the others' p50/p99 in both phases and the p99 ratio (goal: within 2×), and the supervisor's answers
// (how many 200, how many 429). Then, for reference, the same with budgets too large to matter (what the flood
// did before the budgets). The supervisor runs in a worker thread: its client work never delays the others'
// timings on the measuring thread. Everything stays on the loopback; it stops by itself.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { freePort, ms, percentile, signInOverHttp, withClient, UNBOUNDED_BUDGETS, withThrowawayDatabase } from './benchLib.mjs';
import { step, tooling } from './lib.mjs';

const OTHERS = Number(process.env.BENCH_OTHERS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const FLOOD_IN_FLIGHT = 200;
const THINK_MS = 100;
const LIGHT = '/atendente/status';
const HEAVY = '/crm/proposta/0/0/0/0';
const SUPERVISOR = 'supervisor@demo.com.br';
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';
const BUDGET_VARIABLES = [
  'RATE_LIMIT_PERSON_PER_S',
  'RATE_LIMIT_PERSON_BURST',
  'RATE_LIMIT_ADDRESS_PER_S',
  'RATE_LIMIT_ADDRESS_BURST',
  'API_INSTANCES',
];

/** The flood, in a worker thread: FLOOD_IN_FLIGHT requests always in flight until the main thread says stop. */
async function flood({ apiUrl, token }) {
  const counts = {};
  let stopping = false;
  parentPort.once('message', () => (stopping = true));
  const started = performance.now();
  const loop = async () => {
    while (!stopping) {
      try {
        const response = await fetch(apiUrl + HEAVY, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        counts[response.status] = (counts[response.status] ?? 0) + 1;
      } catch {
        counts.erro = (counts.erro ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: FLOOD_IN_FLIGHT }, loop);
  parentPort.postMessage({ started: true });
  await Promise.all(loops);
  parentPort.postMessage({ counts, seconds: (performance.now() - started) / 1000 });
}

/** BENCH_OTHERS attendants of company 1 (copies of a demo attendant, same password); their e-mails. */
async function createOthers(client) {
  const { rows } = await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_telefonia)
     select 1, 'limite' || g || '@bench.br', t.pw_senha, 'Atendente Limite ' || g, 11, 0
       from generate_series(1, $1) g, (select pw_senha from pessoa where em_email = $2) t
     returning em_email as email`,
    [OTHERS, TEMPLATE_ATTENDANT],
  );
  return rows.map((row) => row.email);
}

/** The others' light requests for `seconds`; their latencies, sorted. */
async function others(apiUrl, tokens, seconds) {
  const latencies = [];
  const failures = [];
  const until = performance.now() + seconds * 1000;
  const work = async (token, index) => {
    await sleep((THINK_MS * index) / tokens.length); // spread over the think time, not all at once
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(apiUrl + LIGHT, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) failures.push(response.status);
      await sleep(THINK_MS);
    }
  };
  await Promise.all(tokens.map(work));
  if (failures.length > 0) console.log(`  (${failures.length} respostas não-200 aos demais, ex.: ${failures[0]})`);
  return latencies.sort((a, b) => a - b);
}

/** CPU seconds a process has used (Linux /proc: user + system, in clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime + stime) / 100;
}

const figures = (sorted) =>
  `p50 ${ms(percentile(sorted, 50)).padStart(9)}  p99 ${ms(percentile(sorted, 99)).padStart(9)}  (${sorted.length} pedidos)`;

/** One API with `budgets`: the quiet phase, then the flood phase. */
async function run(label, url, budgets, emails) {
  const port = await freePort();
  const env = {
    DATABASE_URL: url,
    API_HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    PROSPECT_BASE_ROWS: '4000',
    ...budgets,
  };
  const api = await tooling().startApi({ port, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const apiUrl = `http://127.0.0.1:${port}`;
    const tokens = [];
    for (const [index, email] of emails.entries()) tokens.push(await signInOverHttp(apiUrl, email, index));
    const supervisor = await fetch(`${apiUrl}/lnk/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ EM_Email: SUPERVISOR, PW_Senha: 'Supervisor@123' }),
    });
    const { token } = await supervisor.json();
    if (!token) throw new Error(`entrada de ${SUPERVISOR}: ${supervisor.status}`);

    console.log(`  ${label}`);
    await others(apiUrl, tokens, 1); // warm-up: connections, caches, JIT
    const pid = api.child.pid;
    const cpu = (since) => `API ${((cpuSeconds(pid) - since.api) / SECONDS).toFixed(2)} CPU/s`;
    const quietCpu = { api: cpuSeconds(pid) };
    const quiet = await others(apiUrl, tokens, SECONDS);
    console.log(`    demais, sem a rajada:  ${figures(quiet)}  ${cpu(quietCpu)}`);

    const worker = new Worker(new URL(import.meta.url), { workerData: { apiUrl, token } });
    const message = () => new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await message(); // the flood is under way
    const floodCpu = { api: cpuSeconds(pid) };
    const flooded = await others(apiUrl, tokens, SECONDS);
    const floodFigures = cpu(floodCpu);
    const finished = message();
    worker.postMessage('stop');
    const result = await finished;
    await worker.terminate();
    console.log(`    demais, com a rajada:  ${figures(flooded)}  ${floodFigures}`);
    const ratio = percentile(flooded, 99) / percentile(quiet, 99);
    console.log(`    p99 com / sem a rajada: ${ratio.toFixed(2)}× (meta: até 2×)`);
    const total = Object.values(result.counts).reduce((sum, n) => sum + n, 0);
    const answers = Object.entries(result.counts)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    console.log(
      `    rajada do supervisor: ${total} pedidos em ${result.seconds.toFixed(1)} s (${(total / result.seconds).toFixed(0)}/s): ${answers}` +
        ` (${(((result.counts[429] ?? 0) / total) * 100).toFixed(1)}% recusados com 429)`,
    );
  } finally {
    await api.stop();
  }
}

async function main() {
  const given = BUDGET_VARIABLES.filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`);
  step(
    `Limites de requisições no PostgreSQL: ${OTHERS} atendentes (${LIGHT}, ${THINK_MS} ms entre pedidos) por ${SECONDS} s, ` +
      `depois outro tanto com 1 supervisor mantendo ${FLOOD_IN_FLIGHT} ${HEAVY} em andamento`,
  );
  await withThrowawayDatabase('consig_limites', async (url, name) => {
    // A first API start migrates and seeds the database; the attendants are added after it.
    const seeded = await tooling().startApi({
      port: await freePort(),
      env: { DATABASE_URL: url, API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', PROSPECT_BASE_ROWS: '4000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await seeded.stop();
    const emails = await withClient(url, createOthers);
    console.log(`  banco ${name}; ${emails.length} atendentes`);
    await run(`limites ${given.length > 0 ? given.join(' ') : 'padrão (api/src/config.ts)'}:`, url, {}, emails);
    await run('referência, limites grandes demais para contar (como antes deles):', url, UNBOUNDED_BUDGETS, emails);
  });
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  await flood(workerData);
}
