#!/usr/bin/env node
// `npm run bench:import`: prints the own-batch import's figures (never asserted in tests). A
// 50,000-line Windows-1252 CSV (`;`, valid CPFs, accented names, dd/mm/yyyy, comma decimals, phones) goes
//   1. through `psql \copy` (client_encoding WIN1252) into a table with a unique CPF index: the reference the import is measured against;
//   2. through POST /importacao/upload into a new INSS campaign until GET /importacao/{id} says 63 (or 99), on
//      a throwaway PostgreSQL database (127.0.0.1:5432) and on PGlite (a temporary folder);
//   3. through psql again, the database's floor for the SAME writes as the import: `\copy` into a temporary
//      staging table, then the import's three INSERT … SELECT (cliente, telefone, fila) into a new company and
//      campaign, all in one transaction, timed together.
// Printed per run: wall time, rows per second, the API process's RSS (before, sampled peak during the import,
// and the kernel's high-water mark since start), and the API's throughput ratio to \copy and to the floor.
// Goal: ≥ 0.5× \copy on PostgreSQL, peak ≤ 300 MB; docs/architecture.md "### Import benchmark"
// explains why that reference cannot be reached and the goal against the floor. BENCH_LINES sets the lines
// (default 50,000); BENCH_SANITIZE=0 uploads without sanitising; TEST_POSTGRES_URL the server's admin URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, sampleMemory, withClient, withThrowawayDatabase, UNBOUNDED_BUDGETS } from './benchLib.mjs';
import { step, tooling } from './lib.mjs';

const LINES = Number(process.env.BENCH_LINES || 50_000);
const SANITIZE = process.env.BENCH_SANITIZE !== '0';
const SUPERVISOR = { EM_Email: 'supervisor@demo.com.br', PW_Senha: 'Supervisor@123' };
const INSS = 4;
const DONE = 63;
const RUNNING = 0;
const RSS_SAMPLE_MS = 25;
const IMPORT_TIMEOUT_MS = 10 * 60_000;
/** The API as the benches run it: quiet, and a small prospect base so its background growth stays out of the way. */
const API_ENV = { API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', PROSPECT_BASE_ROWS: '4000', ...UNBOUNDED_BUDGETS };

const { startApi } = tooling();

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// ---------------------------------------------------------------------------------------------------
// The file.

/** mulberry32: the same file on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 9-digit base with its two check digits. */
function cpfOf(base) {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const text = digits.join('');
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

const FIRST = [
  'João',
  'José',
  'Maria',
  'Antônio',
  'Conceição',
  'Sebastião',
  'Luíza',
  'Márcia',
  'Inês',
  'Célia',
  'Fábio',
  'Lúcia',
  'Raimundo',
  'Francisca',
  'Benedito',
  'Aparecida',
];
const LAST = [
  'Gonçalves',
  'Araújo',
  'Conceição',
  'Simões',
  'Magalhães',
  'Guimarães',
  'Brandão',
  'Falcão',
  'Patrício',
  'Estêvão',
  'Silva',
  'Souza',
  'Pereira',
  'Assunção',
  'Damião',
  'Romão',
];
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '91', '27', '48', '62', '67', '83', '98'];
const SPECIES = [41, 41, 42, 42, 21, 32, 46, 87, 88, 93];
const HEADER = ['CPF', 'Nome', 'Nascimento', 'Telefone 1', 'Telefone 2', 'Matrícula/NB', 'Espécie', 'Valor ofertado', 'Valor parcela'];

const pad = (value, length) => String(value).padStart(length, '0');
/** 12345.67 → '12.345,67' (Excel pt-BR). */
const brl = (cents) => `${Math.floor(cents / 100).toLocaleString('pt-BR')},${pad(cents % 100, 2)}`;

/** Writes the file (Windows-1252: every character used is in Latin-1) and returns its path and byte size. */
function writeFile(folder) {
  const random = generator(20_249);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const bases = new Set();
  const rows = [HEADER.join(';')];
  for (let index = 0; index < LINES; index += 1) {
    // Scattered CPFs (as a real sheet has them), each once: a multiplicative walk over the 9-digit bases.
    const base = 100_000_000 + (((index + 1) * 15_485_863) % 899_999_989);
    bases.add(base);
    const name = `${pick(FIRST)} ${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;
    const birth = `${pad(1 + Math.floor(random() * 28), 2)}/${pad(1 + Math.floor(random() * 12), 2)}/${1935 + Math.floor(random() * 35)}`;
    const mobile = `(${pick(DDDS)}) 9${pad(Math.floor(random() * 1e4), 4)}-${pad(Math.floor(random() * 1e4), 4)}`;
    const landline = random() < 0.6 ? `(${pick(DDDS)}) 3${pad(Math.floor(random() * 1e3), 3)}-${pad(Math.floor(random() * 1e4), 4)}` : '';
    const offered = 100_000 + Math.floor(random() * 4_900_000);
    const installment = 5_000 + Math.floor(random() * 95_000);
    rows.push(
      [
        cpfOf(base),
        name,
        birth,
        mobile,
        landline,
        pad(Math.floor(random() * 1e10), 10),
        pick(SPECIES),
        brl(offered),
        brl(installment),
      ].join(';'),
    );
  }
  if (bases.size !== LINES) throw new Error(`CPFs repetidos no arquivo gerado (${LINES - bases.size})`);
  const bytes = Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
  const path = join(folder, 'importacao.csv');
  writeFileSync(path, bytes);
  return { path, folder, bytes: bytes.length };
}

// ---------------------------------------------------------------------------------------------------
// The reference: psql \copy.

function psql(url, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-q', url, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`psql terminou com ${code}: ${output}`))));
  });
}

/** `\copy` of the file into a new table with a unique CPF index; returns the milliseconds of psql's run. */
async function copyRun(url, file) {
  await withClient(url, async (client) => {
    await client.query('drop table if exists bench_copia');
    await client.query(
      `create table bench_copia (cpf text not null, nome text, nascimento date, telefone_1 text, telefone_2 text,
                                 matricula text, especie int, valor_ofertado text, valor_parcela text)`,
    );
    await client.query('create unique index bench_copia_cpf on bench_copia (cpf)');
  });
  const started = performance.now();
  await psql(url, ['-c', `\\copy bench_copia from '${file.path}' with (format csv, delimiter ';', header true)`], {
    PGCLIENTENCODING: 'WIN1252',
    PGDATESTYLE: 'ISO, DMY',
  });
  const elapsed = performance.now() - started;
  const [{ count }] = await withClient(url, async (client) => (await client.query('select count(*)::int as count from bench_copia')).rows);
  await withClient(url, (client) => client.query('drop table bench_copia'));
  return { ms: elapsed, rows: count };
}

/**
 * The same writes as the import, done by the database alone: the file is staged with `\copy`, then one
 * statement per table as the import's merge (cliente returning the new ids; telefone and fila from those ids),
 * into a new company so every CPF is new as in the API's run. One transaction, psql's whole run timed; the
 * temporary tables are analysed so the planner hash-joins them instead of guessing their size.
 */
async function sameWritesRun(url, file) {
  const { company, campaign } = await withClient(url, async (client) => {
    const [{ id }] = (await client.query('select coalesce(max(id_empresa), 0) + 1 as id from empresa')).rows;
    await client.query('insert into empresa (id_empresa, de_empresa) values ($1, $2)', [id, `Bench importação ${id}`]);
    const created = await client.query(
      `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values ($1, 'BENCH', 'Bench importação', $2) returning id_campanha as id`,
      [id, INSS],
    );
    return { company: id, campaign: created.rows[0].id };
  });
  const digits = (column) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;
  const script = join(file.folder, 'mesmas-escritas.sql');
  writeFileSync(
    script,
    `begin;
create temporary table bench_staging (n int generated always as identity, cpf text, nome text, nascimento date, telefone_1 text,
  telefone_2 text, matricula text, especie int, valor_ofertado text, valor_parcela text) on commit drop;
\\copy bench_staging (cpf, nome, nascimento, telefone_1, telefone_2, matricula, especie, valor_ofertado, valor_parcela) from '${file.path}' with (format csv, delimiter ';', header true)
analyze bench_staging;
create temporary table bench_novos (id_cliente int, co_cpf text) on commit drop;
with novos as (
  insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, co_matricula, id_especie, id_orgao)
  select ${company}, ${digits('cpf')}, nome, nascimento, matricula, especie, ${INSS} from bench_staging
  on conflict (id_empresa, co_cpf) do nothing
  returning id_cliente, co_cpf)
insert into bench_novos select * from novos;
analyze bench_novos;
insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
select ${company}, c.id_cliente, substr(p.fone, 1, 2), substr(p.fone, 3)
  from bench_staging s join bench_novos c on c.co_cpf = ${digits('s.cpf')}
  cross join lateral (values (1, ${digits('s.telefone_1')}), (2, ${digits('s.telefone_2')})) as p(k, fone)
 where p.fone <> ''
 order by s.n, p.k
on conflict (id_cliente, co_ddd, co_telefone) do nothing;
insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel)
select ${company}, ${campaign}, c.id_cliente, now() + (s.n - 1) * interval '1 microsecond'
  from bench_staging s join bench_novos c on c.co_cpf = ${digits('s.cpf')}
on conflict (id_campanha, id_cliente) do nothing;
commit;
`,
  );
  const started = performance.now();
  await psql(url, ['-f', script], { PGCLIENTENCODING: 'WIN1252', PGDATESTYLE: 'ISO, DMY' });
  const elapsed = performance.now() - started;
  const [{ count }] = await withClient(
    url,
    async (client) => (await client.query('select count(*)::int as count from fila where id_campanha = $1', [campaign])).rows,
  );
  return { ms: elapsed, rows: count };
}

// ---------------------------------------------------------------------------------------------------
// The API.

async function call(apiUrl, method, path, token, body) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status !== 200 || json.success === false)
    throw new Error(`${method} ${path}: ${response.status} ${json.text ?? JSON.stringify(json)}`);
  return json;
}

/** Starts an API, signs the supervisor in, creates an INSS campaign, uploads the file and waits for the end. */
async function apiRun(label, env, file) {
  const port = await freePort();
  const api = await startApi({ port, env: { ...API_ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const apiUrl = `http://127.0.0.1:${port}`;
    const pid = api.child.pid;
    const { token } = await call(apiUrl, 'POST', '/lnk/token', null, SUPERVISOR);
    const { data: campaign } = await call(apiUrl, 'POST', '/cadastro/campanha', token, {
      ID_Orgao: INSS,
      DE_Campanha: `Bench importação ${label}`,
    });
    const dataUrl = `data:text/csv;base64,${readFileSync(file.path).toString('base64')}`;
    const memory = sampleMemory(pid, RSS_SAMPLE_MS);
    const started = performance.now();
    let measured;
    let status;
    let uploadMs;
    try {
      const { data } = await call(apiUrl, 'POST', '/importacao/upload', token, {
        TX_Base: dataUrl,
        ID_Campanha: campaign.CampanhaID,
        SN_Higienizar: SANITIZE,
      });
      uploadMs = performance.now() - started;
      do {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ({ data: status } = await call(apiUrl, 'GET', `/importacao/${data.ID_Importacao}`, token));
        if (performance.now() - started > IMPORT_TIMEOUT_MS)
          throw new Error(`${label}: a importação não terminou em ${seconds(IMPORT_TIMEOUT_MS)}`);
      } while (status.ID_Status === RUNNING);
    } finally {
      measured = memory.stop();
    }
    const elapsed = performance.now() - started;
    if (status.ID_Status !== DONE) console.log(`  ${label}: importação terminou com ${status.ID_Status} (${status.DE_Motivo})`);
    return {
      ms: elapsed,
      uploadMs,
      rows: status.NU_Importados,
      rejected: status.NU_Rejeitados,
      sanitized: status.NU_Higienizados,
      ...measured,
    };
  } finally {
    await api.stop();
  }
}

// ---------------------------------------------------------------------------------------------------

/** API throughput ÷ the reference's (= reference time ÷ API time). */
const ratio = (reference, run) => (reference ? `${(reference.ms / run.ms).toFixed(2)}×` : '');

function printRow(label, run, copy, floor) {
  const rate = (LINES / (run.ms / 1000)).toFixed(0);
  const memory = run.rssPeak ? `${mb(run.rssBefore)} → pico ${mb(run.rssPeak)} (VmHWM ${mb(run.hwm)})` : '';
  const counts =
    run.rejected === undefined ? `${run.rows} linhas` : `${run.rows} na fila, ${run.rejected} recusadas, ${run.sanitized} higienizadas`;
  console.log(
    `  ${label.padEnd(30)} ${seconds(run.ms).padStart(8)}  ${rate.padStart(7)} linhas/s  ${ratio(copy, run).padStart(6)}  ${ratio(floor, run).padStart(6)}  ${memory}  ${counts}`,
  );
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'consig-bench-importacao-'));
  try {
    step(`Arquivo: ${LINES} linhas, Windows-1252, ';'`);
    const file = writeFile(folder);
    console.log(`  ${file.path} (${mb(file.bytes)}); upload ${SANITIZE ? 'com' : 'sem'} higienização`);

    let copy;
    let floor;
    const results = [];
    step('PostgreSQL (127.0.0.1:5432, banco descartável): \\copy, a API e as mesmas escritas em SQL, no mesmo banco');
    await withThrowawayDatabase('consig_importacao', async (url) => {
      // Twice: the first run also warms the server's caches for the file's table; the figure is the second.
      await copyRun(url, file);
      copy = await copyRun(url, file);
      results.push(['API PostgreSQL', await apiRun('PostgreSQL', { DATABASE_URL: url, TRUST_PROXY: 'true' }, file)]);
      // After the API (which creates the schema), each run into a company of its own; the figure is the second.
      await sameWritesRun(url, file);
      floor = await sameWritesRun(url, file);
    });

    step('PGlite (pasta temporária)');
    const dataDir = join(folder, 'pglite');
    results.push(['API PGlite', await apiRun('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, file)]);

    step('Figuras (tempo do upload até Concluído; razões = vazão da API ÷ vazão da referência no PostgreSQL)');
    console.log(
      `  ${''.padEnd(30)} ${'tempo'.padStart(8)}  ${'vazão'.padStart(16)}  ${'÷copy'.padStart(6)}  ${'÷piso'.padStart(6)}  RSS da API antes → pico durante a importação`,
    );
    printRow('psql \\copy (PostgreSQL)', copy, null, null);
    printRow('psql mesmas escritas (piso)', floor, copy, null);
    for (const [label, run] of results) printRow(label, run, copy, floor);
    for (const [label, run] of results) console.log(`  ${label}: resposta do upload em ${seconds(run.uploadMs)}, o resto é a tarefa`);
    console.log('  meta: API no PostgreSQL ≥ 0,5× o \\copy; pico de memória da API ≤ 300 MB');
    console.log('  meta revista (docs/architecture.md "### Import benchmark"): API no PostgreSQL ≥ 0,5× o piso das mesmas escritas');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
