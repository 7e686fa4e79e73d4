#!/usr/bin/env node
// `npm run bench:followup`: prints the proposal follow-up's figures (never asserted in tests).
// On a throwaway PostgreSQL database (127.0.0.1:5432) with BENCH_PROPOSALS (default 1,000,000) proposals of
// company 1, seeded set-based (generate_series) over the last ~2 years, 8 statuses, 13 banks, 50 attendants,
// 20 referrers (and none on 40%), 200,000 clients; then VACUUM ANALYZE (what autovacuum does after a bulk
// insert: statistics and the visibility map that index-only counts need). Printed:
//   1. per filter combination (20: none, each filter, pairs, a day / month / year of typing, as an attendant),
//      p50/p95 of the list's first page (GET /crm/proposta/..., which also computes NU_Total) and of the
//      status counts (GET /crm/proposta/status?DT_Inicio=&DT_Fim=, the combination's days and role), and
//      both overall;
//   2. the full CSV export of every proposal (GET /crm/proposta/csv/0/0/0/0) beside
//      `psql -c "\copy (select … the same columns and rows …) to stdout"` into /dev/null: time, rows/s, ratio,
//      and the API process's RSS before and its sampled peak during the export.
// Goals: p95 ≤ 50 ms; export ≥ 0.5× \copy's throughput with flat memory. BENCH_SAMPLES sets the
// timed requests per combination and endpoint (default 30); TEST_POSTGRES_URL the server's admin URL.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { freePort, ms, percentile, sampleMemory, withClient, withThrowawayDatabase, UNBOUNDED_BUDGETS } from './benchLib.mjs';
import { step, tooling } from './lib.mjs';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 30);
const WARMUP = 3;
const CLIENTS = 200_000;
const ATTENDANTS = 50;
const INDICATORS = 20;
const DAYS = 730;
const SUPERVISOR = { EM_Email: 'supervisor@demo.com.br', PW_Senha: 'Supervisor@123' };
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';
const ATTENDANT_PASSWORD = 'Atendente@123';
const RSS_SAMPLE_MS = 25;
const API_ENV = { API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', PROSPECT_BASE_ROWS: '4000', TRUST_PROXY: 'true', ...UNBOUNDED_BUDGETS };

const { startApi } = tooling();

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

// ---------------------------------------------------------------------------------------------------
// The data.

/**
 * Bench attendants (copies of a demo attendant, same password), referrers, clients and proposals, all of
 * company 1, in a few set-based statements. Returns the ids the filter combinations pick from.
 */
export async function seed(client) {
  await client.query('set synchronous_commit = off');
  await client.query('select setseed(0.2025)');
  const { rows: attendants } = await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
     select t.id_empresa, 'acompanhamento' || g || '@bench.com.br', t.pw_senha, 'Atendente Carga ' || g, t.id_funcao
       from generate_series(1, $1) g, (select * from pessoa where lower(em_email) = $2) t
     returning id_pessoa as id, em_email as email`,
    [ATTENDANTS, TEMPLATE_ATTENDANT],
  );
  const { rows: indicators } = await client.query(
    `insert into indicador (id_empresa, de_indicador) select 1, 'Indicador Carga ' || g from generate_series(1, $1) g returning id_indicador as id`,
    [INDICATORS],
  );
  const {
    rows: [clients],
  } = await client.query(
    `with novos as (
       insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, de_sexo, em_email, co_cep, de_endereco, de_numero, de_bairro, de_cidade, sg_estado)
       select 1, (70000000000 + g)::text, 'Cliente Acompanhamento ' || g, date '1950-01-01' + (g % 9000),
              case when g % 2 = 0 then 'F' else 'M' end, 'cliente' || g || '@exemplo.com.br', '01310100',
              'Avenida Paulista', (g % 2000)::text, 'Bela Vista', 'São Paulo', 'SP'
         from generate_series(1, $1) g
       returning id_cliente)
     select min(id_cliente) as first, max(id_cliente) as last from novos`,
    [CLIENTS],
  );
  await client.query(
    `insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
     select 1, id_cliente, '11', (900000000 + id_cliente)::text from cliente where id_cliente between $1 and $2`,
    [clients.first, clients.last],
  );
  const banks = (await client.query('select array_agg(id_banco order by id_banco) as ids from banco')).rows[0].ids;
  const statuses = (await client.query('select array_agg(id_status order by id_status) as ids from status_proposta')).rows[0].ids;
  await client.query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_indicador, id_status, co_ade,
                           dt_digitacao, de_tabela, nu_parcelas, vl_parcela, vl_bruto, vl_liquido, sn_api)
     select 1, $1::int + (g % $2::int), 1 + (g % 7), ($3::int[])[1 + floor(random() * cardinality($3::int[]))::int],
            ($4::int[])[1 + floor(random() * cardinality($4::int[]))::int],
            case when random() < 0.4 then null else ($5::int[])[1 + floor(random() * cardinality($5::int[]))::int] end,
            ($6::int[])[1 + floor(random() * cardinality($6::int[]))::int], 'C' || lpad(g::text, 9, '0'),
            now() - random() * $7::int * interval '1 day', 'Tabela ' || (g % 12), 84, 250.00, 12000.00,
            round((1000 + random() * 20000)::numeric, 2), (g % 10 = 0)::int
       from generate_series(1, $8::int) g`,
    [clients.first, CLIENTS, banks, attendants.map((row) => row.id), indicators.map((row) => row.id), statuses, DAYS, PROPOSALS],
  );
  await client.query('vacuum (analyze) proposta');
  await client.query('vacuum (analyze) cliente');
  await client.query('analyze');
  return { attendants, indicators: indicators.map((row) => row.id), banks, statuses };
}

// ---------------------------------------------------------------------------------------------------
// The requests.

/** YYYYMMDD of the calendar day `daysAgo` days before today, in São Paulo. */
function dayAgo(daysAgo) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() - daysAgo * 86_400_000));
  return parts.replaceAll('-', '');
}

/** shared's proposalFilterPath (TypeScript, which this plain Node script cannot import), same shapes. */
function filterPath(base, { status = 0, bank = 0, attendant = 0, indicator = 0, start, end }) {
  const path = `${base}/${status}/${bank}/${attendant}/${indicator}`;
  if (start && end) return `${path}/0/${start}/${end}`;
  if (start) return `${path}/0/${start}`;
  if (end) return `${path}/0/00000000/${end}`;
  return path;
}

function countsPath({ start, end }) {
  const query = new URLSearchParams({ ...(start ? { DT_Inicio: start } : {}), ...(end ? { DT_Fim: end } : {}) }).toString();
  return `/crm/proposta/status${query ? `?${query}` : ''}`;
}

/** The 20 combinations: [label, role ('supervisor' | 'attendant'), filters]. */
function combinations({ attendants, indicators }) {
  const attendant = attendants[7].id;
  const indicator = indicators[3];
  const day = { start: dayAgo(10), end: dayAgo(10) };
  const month = { start: dayAgo(40), end: dayAgo(10) };
  const year = { start: dayAgo(375), end: dayAgo(10) };
  const S = 'supervisor';
  return [
    ['sem filtro', S, {}],
    ['status', S, { status: 40 }],
    ['banco', S, { bank: 318 }],
    ['atendente', S, { attendant }],
    ['indicador', S, { indicator }],
    ['dia', S, day],
    ['mês', S, month],
    ['ano', S, year],
    ['desde (início só)', S, { start: dayAgo(90) }],
    ['status + banco', S, { status: 40, bank: 318 }],
    ['status + atendente', S, { status: 60, attendant }],
    ['banco + indicador', S, { bank: 623, indicator }],
    ['atendente + indicador', S, { attendant, indicator }],
    ['status + mês', S, { status: 20, ...month }],
    ['banco + ano', S, { bank: 1, ...year }],
    ['atendente + dia', S, { attendant, ...day }],
    ['os quatro + ano', S, { status: 50, bank: 341, attendant, indicator, ...year }],
    ['atendente: sem filtro', 'attendant', {}],
    ['atendente: status + mês', 'attendant', { status: 20, ...month }],
    ['atendente: banco + ano', 'attendant', { bank: 237, ...year }],
  ];
}

async function signIn(apiUrl, credentials) {
  const response = await fetch(`${apiUrl}/lnk/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = await response.json();
  if (response.status !== 200 || !body.token)
    throw new Error(`entrada de ${credentials.EM_Email}: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** One timed GET; the body is read whole (what a client waits for). */
async function timedGet(apiUrl, path, token) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.success === false)
    throw new Error(`GET ${path}: ${response.status} ${body.text ?? JSON.stringify(body)}`);
  return { elapsed, body };
}

async function measure(apiUrl, path, token) {
  for (let index = 0; index < WARMUP; index += 1) await timedGet(apiUrl, path, token);
  const times = [];
  let body;
  for (let index = 0; index < SAMPLES; index += 1) ({ elapsed: times[index], body } = await timedGet(apiUrl, path, token));
  return { times, body };
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

// ---------------------------------------------------------------------------------------------------
// The export, and the \copy reference.

/** Streams GET /crm/proposta/csv/0/0/0/0 to nowhere, counting lines, while sampling the API's RSS. */
async function apiExport(apiUrl, token, pid) {
  const memory = sampleMemory(pid, RSS_SAMPLE_MS);
  const started = performance.now();
  let lines = 0;
  let bytes = 0;
  let measured;
  try {
    const response = await fetch(`${apiUrl}${filterPath('/crm/proposta/csv', {})}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`exportação: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    }
  } finally {
    measured = memory.stop();
  }
  return { ms: performance.now() - started, rows: lines - 1, bytes, ...measured };
}

/** The export's columns and rows in list order, the reference: plain columns, without the export's CPF mask and formula neutralisation. */
const COPY_SELECT = `select c.de_pessoa, p.co_ade, c.co_cpf, s.de_status, a.de_pessoa, i.de_indicador, replace(p.vl_liquido::text, '.', ','),
       t.de_tipo_credito, b.de_banco, to_char(p.dt_digitacao at time zone 'America/Sao_Paulo', 'DD/MM/YYYY')
  from proposta p
  join cliente c on c.id_empresa = p.id_empresa and c.id_cliente = p.id_cliente
  join tipo_credito t on t.id_tipo_credito = p.id_tipo_credito
  join status_proposta s on s.id_status = p.id_status
  join pessoa a on a.id_empresa = p.id_empresa and a.id_pessoa = p.id_atendente
  join banco b on b.id_banco = p.id_banco
  left join indicador i on i.id_empresa = p.id_empresa and i.id_indicador = p.id_indicador
 where p.id_empresa = 1
 order by p.dt_digitacao desc, p.id_proposta desc`;

function copyExport(url) {
  const sink = openSync('/dev/null', 'w');
  const command = `\\copy (${COPY_SELECT.replaceAll('\n', ' ')}) to stdout with (format csv, delimiter ';', header true)`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-q', url, '-c', command], { stdio: ['ignore', sink, 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      closeSync(sink);
      if (code === 0) resolve({ ms: performance.now() - started });
      else reject(new Error(`psql terminou com ${code}: ${errors}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  step(`Acompanhamento no PostgreSQL: ${PROPOSALS.toLocaleString('pt-BR')} propostas, ${SAMPLES} medições por combinação e endpoint`);
  await withThrowawayDatabase('consig_acompanhamento', async (url, name) => {
    const port = await freePort();
    // The API migrates the new database and seeds the demo company; the bench's rows go in after.
    const api = await startApi({ port, env: { ...API_ENV, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] });
    try {
      const apiUrl = `http://127.0.0.1:${port}`;
      let started = performance.now();
      const ids = await withClient(url, seed);
      const [{ total }] = await withClient(
        url,
        async (client) => (await client.query('select count(*)::int as total from proposta where id_empresa = 1')).rows,
      );
      console.log(
        `  banco ${name}; ${total.toLocaleString('pt-BR')} propostas da empresa 1 semeadas (com VACUUM ANALYZE) em ${seconds(performance.now() - started)}`,
      );

      const tokens = {
        supervisor: await signIn(apiUrl, SUPERVISOR),
        attendant: await signIn(apiUrl, { EM_Email: ids.attendants[7].email, PW_Senha: ATTENDANT_PASSWORD }),
      };

      step('Primeira página da lista (com NU_Total) e contagens por status (GET /crm/proposta/status com os dias e o papel)');
      console.log(
        `  ${'combinação'.padEnd(26)} ${'NU_Total'.padStart(9)}  ${'lista p50'.padStart(10)} ${'p95'.padStart(9)}   ${'contagens p50'.padStart(13)} ${'p95'.padStart(9)}`,
      );
      const allList = [];
      const allCounts = [];
      const slow = [];
      for (const [label, role, filters] of combinations(ids)) {
        const list = await measure(apiUrl, filterPath('/crm/proposta', filters), tokens[role]);
        const counts = await measure(apiUrl, countsPath(filters), tokens[role]);
        allList.push(...list.times);
        allCounts.push(...counts.times);
        const l = summary(list.times);
        const c = summary(counts.times);
        if (l.p95 > 50) slow.push(`lista ${label}`);
        if (c.p95 > 50) slow.push(`contagens ${label}`);
        console.log(
          `  ${label.padEnd(26)} ${String(list.body.NU_Total).padStart(9)}  ${ms(l.p50).padStart(10)} ${ms(l.p95).padStart(9)}   ${ms(c.p50).padStart(13)} ${ms(c.p95).padStart(9)}`,
        );
      }
      const l = summary(allList);
      const c = summary(allCounts);
      console.log(
        `  ${'geral'.padEnd(26)} ${''.padStart(9)}  ${ms(l.p50).padStart(10)} ${ms(l.p95).padStart(9)}   ${ms(c.p50).padStart(13)} ${ms(c.p95).padStart(9)}`,
      );
      console.log(`  meta: p95 ≤ 50 ms${slow.length ? `; acima: ${slow.join(', ')}` : '; todas dentro'}`);

      step(
        'Exportação CSV de todas as propostas: API (GET /crm/proposta/csv/0/0/0/0) e psql \\copy (mesmas colunas e linhas) para /dev/null',
      );
      // \copy twice: the first run also warms the server's caches; the figure is the second.
      await copyExport(url);
      const copy = await copyExport(url);
      const exported = await apiExport(apiUrl, tokens.supervisor, api.child.pid);
      const rate = (rows, elapsed) => `${(rows / (elapsed / 1000)).toFixed(0).padStart(7)} linhas/s`;
      console.log(`  ${'psql \\copy'.padEnd(12)} ${seconds(copy.ms).padStart(8)}  ${rate(total, copy.ms)}`);
      console.log(
        `  ${'API'.padEnd(12)} ${seconds(exported.ms).padStart(8)}  ${rate(exported.rows, exported.ms)}  ${(copy.ms / exported.ms).toFixed(2)}× o \\copy  ` +
          `${exported.rows.toLocaleString('pt-BR')} linhas, ${mb(exported.bytes)}; RSS da API ${mb(exported.rssBefore)} → pico ${mb(exported.rssPeak)} (VmHWM ${mb(exported.hwm)})`,
      );
      console.log('  meta: API ≥ 0,5× a vazão do \\copy, memória plana');
    } finally {
      await api.stop();
    }
  });
}

// Run as a command; imported (seed), nothing runs.
if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
