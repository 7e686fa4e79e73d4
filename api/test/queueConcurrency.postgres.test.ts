import { ROLE } from '@consig/shared/contracts';
import { DEMO_QUEUE } from '../src/db/demoData';
import { TEST_DB } from './database';
import { startTestApp, type TestApp } from './harness';

/**
 * Claims racing through two API instances on one PostgreSQL database (the row locks and SKIP LOCKED only
 * matter with several connections; PGlite has one). Run with TEST_DB=postgres.
 */
if (TEST_DB !== 'postgres') throw new Error('queueConcurrency.postgres.test.ts needs TEST_DB=postgres');

const ATTENDANTS = 50;
let first: TestApp;
let second: TestApp;
const tokens: string[] = [];

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
  const db = first.db;
  const [{ id: campaign }] = await db.query<{ id: number }>(
    'select id_campanha as id from campanha where id_empresa = 1 and co_campanha = $1',
    [DEMO_QUEUE.campaignCode],
  );
  // A second running campaign over the same clients: a client may be claimed through either, never twice.
  const [{ id: twin }] = await db.query<{ id: number }>(
    "insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status) values (1, 'CMP-GEMEA', 'Gêmea', 4, 35) returning id_campanha as id",
  );
  await db.query(
    'insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel) select 1, $1, id_cliente, ts_disponivel from fila where id_campanha = $2',
    [twin, campaign],
  );
  for (let index = 0; index < ATTENDANTS; index++) {
    const name = `Atendente Carga ${index + 1}`;
    const [{ id }] = await db.query<{ id: number }>(
      "insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao) values (1, $1, 'sem-login', $2, $3) returning id_pessoa as id",
      [`carga${index + 1}@demo.com.br`, name, ROLE.ATENDENTE],
    );
    for (const campaignId of [campaign, twin]) {
      await db.query('insert into campanha_atendente (id_empresa, id_campanha, id_atendente) values (1, $1, $2)', [campaignId, id]);
    }
    tokens.push(
      await first.app.sessions.start({
        ID_Pessoa: id,
        ID_Funcao: ROLE.ATENDENTE,
        DE_Pessoa: name,
        DE_Funcao: 'Atendente',
        SN_Telefonia: 0,
        ID_Empresa: 1,
      }),
    );
  }
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const claimAll = () =>
  Promise.all(tokens.map((token, index) => (index % 2 ? second : first).call('GET', '/crm/cliente/proximo', { token })));

it('50 attendants claiming at once through two instances get 50 distinct clients, and the same ones when they ask again', async () => {
  const answers = await claimAll();
  expect(answers.map((a) => a.status)).toEqual(Array(ATTENDANTS).fill(200));
  expect(answers.filter((a) => !a.body.success)).toEqual([]);
  const clients = answers.map((a) => a.body.data.cliente.ClienteID);
  expect(new Set(clients).size).toBe(ATTENDANTS);

  const again = await claimAll();
  expect(again.map((a) => a.body.data.cliente.ClienteID)).toEqual(clients);

  const [table] = await first.db.query<{ held: number; clients: number; holders: number }>(
    `select count(*)::int as held, count(distinct id_cliente)::int as clients, count(distinct id_atendente)::int as holders
       from fila where co_estado = 'em_atendimento'`,
  );
  expect(table).toEqual({ held: ATTENDANTS, clients: ATTENDANTS, holders: ATTENDANTS });
});

it('when fewer clients than attendants remain, each client still goes to one attendant only', async () => {
  // Everyone closes their client: 61 callable clients minus 50 leaves 11 for the next 50 claims.
  await Promise.all(
    tokens.map(async (token, index) => {
      const app = index % 2 ? second : first;
      const { body } = await app.call('GET', '/crm/cliente/proximo', { token });
      await app.call('PUT', '/crm/tabulacao/cliente', { token, body: { ID_Status: 303, ID_Cliente: body.data.cliente.ClienteID } });
    }),
  );
  const answers = await claimAll();
  const got = answers.filter((a) => a.body.success).map((a) => a.body.data.cliente.ClienteID);
  expect(got.length).toBeGreaterThan(0);
  expect(new Set(got).size).toBe(got.length);
  const [table] = await first.db.query<{ held: number; clients: number }>(
    "select count(*)::int as held, count(distinct id_cliente)::int as clients from fila where co_estado = 'em_atendimento'",
  );
  expect(table).toEqual({ held: got.length, clients: got.length });
});
