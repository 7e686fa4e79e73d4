import { request } from 'node:http';
import { EXPORT_BUSY_TEXT } from '../src/proposals/exportRoute';
import { TEST_DB } from './database';
import { startTestApp, type TestApp } from './harness';

/**
 * A big CSV export whose download the browser cancels half-way (GET /crm/proposta/csv/...): the COPY behind
 * it stops on the server, its place among the exports one instance streams at once (EXPORT_MAX_CONCURRENT,
 * 1 here) is free again, and the API still closes at once afterwards. Only a server has the export's own
 * connection to watch; run with TEST_DB=postgres.
 */
if (TEST_DB !== 'postgres') throw new Error('proposalExportAbandoned.postgres.test.ts needs TEST_DB=postgres');

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ env: { EXPORT_MAX_CONCURRENT: '1' } });
  token = await app.login('supervisor@demo.com.br');
  // ~8 MB of CSV: more than the sockets between the database, the API and the client hold.
  await app.db.query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     select 1, (select min(id_cliente) from cliente where id_empresa = 1), 1, 1,
            (select min(id_pessoa) from pessoa where id_empresa = 1 and id_funcao = 11), 10, 'GRANDE-' || g, 84, 100, 5000, 1000
       from generate_series(1, 80000) g`,
  );
});
afterAll(() => app.close());

const exportsRunning = async () =>
  (
    await app.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'copy (select%'`,
    )
  )[0].n;

it('a download cancelled half-way ends the export on the database and frees its place', async () => {
  const cancelled = new Promise<{ running: number; meanwhile: { status: number; retryAfter: string | null; body: unknown } }>(
    (resolve, reject) => {
      const req = request(`${app.url}/crm/proposta/csv/0/0/0/0`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        response.once('data', async () => {
          response.pause();
          const running = await exportsRunning();
          // The one place is taken: another export waits its turn.
          const other = await fetch(`${app.url}/crm/proposta/csv/0/0/0/0`, { headers: { authorization: `Bearer ${token}` } });
          const meanwhile = { status: other.status, retryAfter: other.headers.get('retry-after'), body: await other.json() };
          req.destroy();
          resolve({ running, meanwhile });
        });
      });
      req.on('error', () => undefined); // the cancel itself
      req.once('response', (response) => response.once('error', reject));
      req.end();
    },
  );
  const { running, meanwhile } = await cancelled;
  expect(running).toBe(1);
  expect(meanwhile).toEqual({ status: 429, retryAfter: '10', body: { success: false, text: EXPORT_BUSY_TEXT } });
  for (let attempt = 0; attempt < 100 && (await exportsRunning()) > 0; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await exportsRunning()).toBe(0);
  // The next export runs normally: the cancelled one gave its place back.
  const response = await fetch(`${app.url}/crm/proposta/csv/0/0/0/0`, { headers: { authorization: `Bearer ${token}` } });
  expect((await response.text()).split('\r\n').filter((line) => line.includes('GRANDE-')).length).toBe(80000);
});
