#!/usr/bin/env node
// `npm run bench:queue`: prints the campaign queue's figures (never asserted in tests). On a throwaway
// PostgreSQL database (127.0.0.1:5432) and two API processes, BENCH_ATTENDANTS (default 200) attendants each
// claim a client (GET /crm/cliente/proximo) and close it (PUT /crm/tabulacao/cliente 303) in a loop for
// BENCH_SECONDS (default 30), half through each API. Printed: claims, claims per second, p50/p99/max of the
// claim, and the distinct-claim check (every client handed out once, and at most one holder per client and per
// attendant in the table afterwards), beside a 1-attendant reference run in the same process.
import { performance } from 'node:perf_hooks';
import { freePort, ms, percentile, signInOverHttp, withClient, withThrowawayDatabase, UNBOUNDED_BUDGETS } from './benchLib.mjs';
import { step, tooling } from './lib.mjs';

const ATTENDANTS = Number(process.env.BENCH_ATTENDANTS || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const REFERENCE_SECONDS = 5;
const QUEUE_SIZE = 40_000;
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';

const { startApi } = tooling();

/** A campaign of its own with QUEUE_SIZE callable clients and `count` attendants selected in it. */
async function prepare(client, count) {
  const {
    rows: [campaign],
  } = await client.query(
    "insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status) values (1, 'BENCH', 'Carga da fila', 4, 35) returning id_campanha as id",
  );
  // The demo campaign stops handing out clients, so every claim comes from the bench's queue.
  await client.query("update campanha set id_status = 58 where id_empresa = 1 and co_campanha <> 'BENCH'");
  await client.query(
    `with clients as (
       insert into cliente (id_empresa, co_cpf, de_pessoa, sg_estado)
       select 1, (80000000000 + g)::text, 'Cliente Carga ' || g, 'SP' from generate_series(1, $1) g
       returning id_cliente)
     insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
     select 1, id_cliente, '11', (900000000 + id_cliente)::text from clients`,
    [QUEUE_SIZE],
  );
  await client.query(
    `insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel)
     select 1, $1, id_cliente, now() - interval '1 day' + id_cliente * interval '1 millisecond'
       from cliente where id_empresa = 1 and de_pessoa like 'Cliente Carga %'`,
    [campaign.id],
  );
  const emails = [];
  for (let index = 1; index <= count; index += 1) {
    const email = `fila${index}@bench.com.br`;
    const {
      rows: [person],
    } = await client.query(
      'insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao) select id_empresa, $1, pw_senha, $2, id_funcao from pessoa where lower(em_email) = $3 returning id_pessoa as id',
      [email, `Atendente Fila ${index}`, TEMPLATE_ATTENDANT],
    );
    await client.query('insert into campanha_atendente (id_empresa, id_campanha, id_atendente) values (1, $1, $2)', [
      campaign.id,
      person.id,
    ]);
    emails.push(email);
  }
  await client.query('analyze');
  return emails;
}

/** One attendant's working day, compressed: claim, close, until `until`. */
async function work(apiUrl, token, until, record) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/crm/cliente/proximo`, { headers });
    const body = await response.json();
    record.latencies.push(performance.now() - started);
    if (!body.success) {
      record.failures.push(`${response.status} ${body.text}`);
      return;
    }
    const clientId = body.data.cliente.ClienteID;
    record.claims.push(clientId);
    const closed = await fetch(`${apiUrl}/crm/tabulacao/cliente`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ID_Status: 303, ID_Cliente: clientId }),
    });
    if (closed.status !== 200) record.failures.push(`tabulação ${closed.status}`);
  }
}

async function run(label, apis, tokens, seconds) {
  const record = { latencies: [], claims: [], failures: [] };
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(tokens.map((token, index) => work(apis[index % apis.length], token, until, record)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...record.latencies].sort((a, b) => a - b);
  const figures = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1), rate: record.claims.length / elapsed };
  const duplicates = record.claims.length - new Set(record.claims).size;
  console.log(
    `  ${label.padEnd(16)} ${String(record.claims.length).padStart(6)} entregas  ${figures.rate.toFixed(0).padStart(5)}/s  ` +
      `p50 ${ms(figures.p50).padStart(8)}  p99 ${ms(figures.p99).padStart(8)}  máx ${ms(figures.max).padStart(8)}  ` +
      `repetidas ${duplicates}${record.failures.length ? `  (${record.failures.length} falhas, ex.: ${record.failures[0]})` : ''}`,
  );
  return { ...figures, duplicates };
}

async function main() {
  step(`Fila no PostgreSQL: ${ATTENDANTS} atendentes por 2 APIs durante ${SECONDS} s, e 1 atendente como referência`);
  await withThrowawayDatabase('consig_fila', async (url, name) => {
    const apis = [];
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
        const port = await freePort();
        apis.push({ url: `http://127.0.0.1:${port}`, process: await startApi({ port, env, stdio: ['ignore', 'ignore', 'inherit'] }) });
      }
      const emails = await withClient(url, (client) => prepare(client, ATTENDANTS));
      const tokens = [];
      for (const [index, email] of emails.entries()) tokens.push(await signInOverHttp(apis[index % 2].url, email, index));
      console.log(`  banco ${name}; campanha com ${QUEUE_SIZE} clientes; ${ATTENDANTS} atendentes com sessão`);

      const urls = apis.map((api) => api.url);
      const single = await run('1 atendente', urls.slice(0, 1), tokens.slice(0, 1), REFERENCE_SECONDS);
      const many = await run(`${ATTENDANTS} atendentes`, urls, tokens, SECONDS);
      console.log(
        `  razão ${ATTENDANTS}/1: p50 ${(many.p50 / single.p50).toFixed(1)}×, p99 ${(many.p99 / single.p99).toFixed(1)}×; vazão ${(many.rate / single.rate).toFixed(1)}×`,
      );
      const [table] = await withClient(
        url,
        async (client) =>
          (
            await client.query(
              `select count(*)::int as held, count(distinct id_cliente)::int as clients, count(distinct id_atendente)::int as holders,
                  (select count(*)::int from historico_atendimento) as outcomes
             from fila where co_estado = 'em_atendimento'`,
            )
          ).rows,
      );
      console.log(
        `  tabela ao fim: ${table.held} em atendimento, ${table.clients} clientes distintos, ${table.holders} atendentes distintos; ` +
          `${table.outcomes} resultados no histórico; entregas repetidas: ${single.duplicates + many.duplicates}`,
      );
    } finally {
      await Promise.all(apis.map((api) => api.process.stop()));
    }
  });
}

await main();
