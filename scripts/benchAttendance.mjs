#!/usr/bin/env node
// `npm run bench:attendance`: prints the client service screen's figures (never asserted in tests):
//   1. POST /crm/atualizaOperacao latency (p50/p95/p99/max) and throughput with 50 attendants editing at once,
//      beside the same with 1 attendant, on a throwaway PostgreSQL database (127.0.0.1:5432);
//   2. the gzip JS that /atendimento adds on top of the signed-in shell (/dashboard), in Chromium (budget: 150 KB);
//   3. the time from clicking a dashboard lead to the 'Cadastro' card showing the client's name (median of 5).
// Parts 2 and 3 serve the existing production builds (`npm run build`); nothing is built here.
// BENCH_REQUESTS (default 40) sets each attendant's requests in part 1; TEST_POSTGRES_URL the server's admin URL.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  columnsBut,
  DEMO_PASSWORD,
  freePort,
  ms,
  percentile,
  signInOverHttp,
  withClient,
  withThrowawayDatabase,
  UNBOUNDED_BUDGETS,
} from './benchLib.mjs';
import { APPS, root, step, tooling } from './lib.mjs';

const ATTENDANTS = 50;
const REQUESTS_PER_ATTENDANT = Number(process.env.BENCH_REQUESTS || 40);
/** The 1-attendant reference run: as many requests as the busiest run's share of 5 attendants, at least 100. */
const REFERENCE_REQUESTS = Math.max(100, REQUESTS_PER_ATTENDANT * 5);
const WARM_UP_REQUESTS = 20;
const JS_BUDGET_KB = 150;
const CLICKS = 5;
/** The demo attendant without telephony: its password hash signs the bench's attendants in with the same password. */
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';
/** José Carlos Pereira: the demo INSS client (Banco BMG, free margin R$ 1.120,00) every bench client copies. */
const TEMPLATE_CPF_BASE = '111444777';
const INSS = 1;
const LEAD_NAME = 'José Carlos Pereira';

const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('playwright-core');
const { startApi, startProduct, REMOTES } = tooling();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

// ---------------------------------------------------------------------------------------------------
// Part 1: atualizaOperacao under load.

/**
 * Creates `count` attendants of company 1, each with its own copy of the demo INSS client, of its INSS
 * operation and a lead for it. Returns { email, clientId, operationId } per attendant.
 */
async function createAttendants(client, count) {
  const clientColumns = (await columnsBut(client, 'cliente', ['id_cliente', 'co_cpf', 'ts_criacao'])).join(', ');
  const operationColumns = (await columnsBut(client, 'operacao', ['id_operacao', 'id_cliente'])).join(', ');
  const {
    rows: [template],
  } = await client.query(
    "select c.id_cliente, o.id_operacao from cliente c join operacao o on o.id_cliente = c.id_cliente and o.id_tipo_credito = $2 where c.id_empresa = 1 and c.co_cpf like $1 || '__'",
    [TEMPLATE_CPF_BASE, INSS],
  );
  const attendants = [];
  for (let index = 1; index <= count; index += 1) {
    const email = `bench${index}@demo.com.br`;
    const {
      rows: [person],
    } = await client.query(
      'insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao) select id_empresa, $1, pw_senha, $2, id_funcao from pessoa where lower(em_email) = $3 returning id_pessoa as id',
      [email, `Atendente Bench ${index}`, TEMPLATE_ATTENDANT],
    );
    const {
      rows: [copy],
    } = await client.query(
      `insert into cliente (co_cpf, ${clientColumns}) select $1, ${clientColumns} from cliente where id_cliente = $2 returning id_cliente as id`,
      [String(90_000_000_000 + index), template.id_cliente],
    );
    const {
      rows: [operation],
    } = await client.query(
      `insert into operacao (id_cliente, ${operationColumns}) select $1, ${operationColumns} from operacao where id_operacao = $2 returning id_operacao as id`,
      [copy.id, template.id_operacao],
    );
    await client.query('insert into lead (id_empresa, id_cliente, id_atendente, id_tipo_credito) values (1, $1, $2, $3)', [
      copy.id,
      person.id,
      INSS,
    ]);
    attendants.push({ email, clientId: copy.id, operationId: operation.id });
  }
  return attendants;
}

/**
 * One attendant typing installments in its INSS card: `count` requests one after the other, each a different
 * installment within the R$ 1.120,00 margin. Returns each request's milliseconds; refusals count as failures.
 */
async function editLoop(apiUrl, attendant, count, seed, failures) {
  const latencies = [];
  for (let request = 0; request < count; request += 1) {
    const installment = 300 + ((seed * 37 + request * 13) % 800);
    const started = performance.now();
    const response = await fetch(`${apiUrl}/crm/atualizaOperacao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${attendant.token}` },
      body: JSON.stringify({
        OperacaoID: attendant.operationId,
        ID_Cliente: attendant.clientId,
        NU_Parcelas: 84,
        VL_Parcela: `${installment}.00`,
        TP_Calculo: 'parcela',
        SN_Selecionado: true,
      }),
    });
    const body = await response.json();
    latencies.push(performance.now() - started);
    if (response.status !== 200 || body.success !== true) failures.push(`${response.status} ${body.text}`);
  }
  return latencies;
}

/** Runs the attendants' loops at once; prints and returns the latency figures. */
async function loadRun(label, apiUrl, attendants, requestsEach) {
  const failures = [];
  const started = performance.now();
  const runs = await Promise.all(attendants.map((attendant, index) => editLoop(apiUrl, attendant, requestsEach, index, failures)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = runs.flat().sort((a, b) => a - b);
  const figures = {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    throughput: sorted.length / seconds,
  };
  console.log(
    `  ${label.padEnd(15)} ${String(sorted.length).padStart(5)} req  p50 ${ms(figures.p50).padStart(9)}  p95 ${ms(figures.p95).padStart(9)}  ` +
      `p99 ${ms(figures.p99).padStart(9)}  máx ${ms(figures.max).padStart(9)}  ${figures.throughput.toFixed(0).padStart(5)} req/s` +
      (failures.length ? `  (${failures.length} falhas, ex.: ${failures[0]})` : ''),
  );
  return figures;
}

async function benchUpdateLatency() {
  step(
    `atualizaOperacao no PostgreSQL: ${ATTENDANTS} atendentes ao mesmo tempo × ${REQUESTS_PER_ATTENDANT} pedidos, e 1 atendente como referência`,
  );
  await withThrowawayDatabase('consig_bench', async (url, name) => {
    let api;
    try {
      const port = await freePort();
      // The API as `npm start` runs it (its own process, which migrates and seeds), so the load generator
      // does not share its event loop.
      api = await startApi({
        port,
        env: {
          DATABASE_URL: url,
          API_HOST: '127.0.0.1',
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'silent',
          PROSPECT_BASE_ROWS: '4000',
          ...UNBOUNDED_BUDGETS,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const apiUrl = `http://127.0.0.1:${port}`;
      const attendants = await withClient(url, (client) => createAttendants(client, ATTENDANTS));
      for (const [index, attendant] of attendants.entries()) attendant.token = await signInOverHttp(apiUrl, attendant.email, index);
      console.log(`  banco ${name}; ${ATTENDANTS} atendentes com cliente, operação INSS e lead próprios, todos com sessão`);

      await loadRun('aquecimento', apiUrl, attendants.slice(0, 10), WARM_UP_REQUESTS);
      const single = await loadRun('1 atendente', apiUrl, attendants.slice(0, 1), REFERENCE_REQUESTS);
      const many = await loadRun(`${ATTENDANTS} atendentes`, apiUrl, attendants, REQUESTS_PER_ATTENDANT);
      const ratio = (key) => `${(many[key] / single[key]).toFixed(1)}×`;
      console.log(
        `  razão ${ATTENDANTS}/1: p50 ${ratio('p50')}, p95 ${ratio('p95')}, p99 ${ratio('p99')}; vazão ${(many.throughput / single.throughput).toFixed(1)}×`,
      );
    } finally {
      await api?.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Parts 2 and 3: the screen in Chromium.

/** Records every script the page loads, by URL, with its gzip size; `settled()` waits for bodies still read. */
function recordScripts(page) {
  const scripts = new Map();
  const pending = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
    const read = response
      .body()
      .then((body) => scripts.set(response.url(), gzipSync(body).length))
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return { scripts, settled: () => Promise.all([...pending]) };
}

const leadLink = (page) => page.locator('a[href^="/atendimento?clientId="]', { hasText: LEAD_NAME });

/** Clicks the lead and waits for the 'Cadastro' card to show its name; returns the milliseconds in between. */
async function openLead(page) {
  const link = leadLink(page);
  await link.waitFor();
  const started = performance.now();
  await link.click();
  await page.getByRole('region', { name: 'Cadastro' }).getByText(LEAD_NAME).waitFor();
  return performance.now() - started;
}

async function benchScreen() {
  step(`JS que /atendimento acrescenta ao shell com sessão, e tempo do clique no lead até o Cadastro preenchido (Chromium)`);
  const missing = APPS.filter((app) => !existsSync(join(root, app, 'dist', 'index.html')));
  if (missing.length) {
    console.log(`  construções de produção ausentes (${missing.join(', ')}): rode \`npm run build\` antes; partes 2 e 3 não medidas`);
    return;
  }
  console.log('  (das construções de produção existentes em */dist; este script não constrói)');
  const dataDir = mkdtempSync(join(tmpdir(), 'consig-bench-'));
  const ports = { host: await freePort(), api: await freePort() };
  for (const { name } of REMOTES) ports[name] = await freePort();
  const product = await startProduct({
    ports,
    publicHost: '127.0.0.1',
    apiEnv: { DATA_DIR: join(dataDir, 'pglite'), DATABASE_URL: '', LOG_LEVEL: 'silent', PROSPECT_BASE_ROWS: '4000', ...UNBOUNDED_BUDGETS },
    apiStdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const { scripts, settled } = recordScripts(page);
    const app = product.urls.app;
    await page.goto(`${app}/`);
    await page.getByLabel('E-mail').fill('atendente@demo.com.br');
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${app}/dashboard`);
    await leadLink(page).waitFor();
    await page.waitForLoadState('networkidle');
    await settled();
    const shell = new Map(scripts);

    const clicks = [await openLead(page)];
    await page.waitForLoadState('networkidle');
    await settled();
    const added = [...scripts].filter(([url]) => !shell.has(url)).sort((a, b) => b[1] - a[1]);
    const sum = (entries) => entries.reduce((total, [, bytes]) => total + bytes, 0);
    console.log(`  /dashboard com sessão: ${kb(sum([...shell]))} gzip em ${shell.size} arquivos`);
    for (const [url, bytes] of added) console.log(`  ${kb(bytes).padStart(9)}  ${url}`);
    const addedKb = sum(added) / 1024;
    console.log(
      `  /atendimento acrescenta ${addedKb.toFixed(1)} KB gzip em ${added.length} arquivos (orçamento: ${JS_BUDGET_KB} KB; ${addedKb <= JS_BUDGET_KB ? 'dentro' : 'acima'})`,
    );

    while (clicks.length < CLICKS) {
      await page.goBack();
      await page.waitForURL(`${app}/dashboard`);
      clicks.push(await openLead(page));
    }
    console.log(
      `  clique no lead → Cadastro com o nome: mediana de ${CLICKS} cliques ${ms(median(clicks))} (${clicks.map((value) => value.toFixed(0)).join(', ')} ms; o 1º carrega o remote)`,
    );
  } finally {
    await browser.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchUpdateLatency();
await benchScreen();
