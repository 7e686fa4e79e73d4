import { TEST_DB } from './database';
import { startTestApp, type TestApp } from './harness';

/**
 * Concurrent registrations and the proposal counts (proposta_contagem, migration 014): two transactions adding
 * proposals of one company, day, status and bank neither wait for each other nor deadlock when they add them
 * at two banks in opposite orders (each change goes to a counts row no other transaction holds). Only a server
 * has several connections; run with TEST_DB=postgres.
 */
if (TEST_DB !== 'postgres') throw new Error('proposalCountsConcurrency.postgres.test.ts needs TEST_DB=postgres');

let app: TestApp;
let client: number;
let attendant: number;

beforeAll(async () => {
  app = await startTestApp();
  [{ client, attendant }] = await app.db.query<{ client: number; attendant: number }>(
    `select (select min(id_cliente) from cliente where id_empresa = 1) as client,
            (select min(id_pessoa) from pessoa where id_empresa = 1 and id_funcao = 11) as attendant`,
  );
});
afterAll(() => app.close());

const counted = async (bank: number) =>
  (
    await app.db.query<{ n: number }>(
      `select coalesce(sum(nu_propostas), 0)::int as n from proposta_contagem
        where id_empresa = 1 and dt_dia = (now() at time zone 'America/Sao_Paulo')::date and id_status = 10 and id_banco = $1`,
      [bank],
    )
  )[0].n;

let ade = 0;
/** A proposal typed now, status 10 (what a registration inserts). */
const insert = (db: Pick<TestApp['db'], 'query'>, bank: number) =>
  db.query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     values (1, $1, 1, $2, $3, 10, $4, 84, 100, 5000, 1000)`,
    [client, bank, attendant, `CC-${(ade += 1)}`],
  );

it('lets two registrations add proposals at the same banks in opposite orders, without waiting, and counts them all', async () => {
  // Today's counts rows of both banks exist (the first registration will hold the one of 318).
  await insert(app.db, 318);
  await insert(app.db, 623);
  const before = { 318: await counted(318), 623: await counted(623) };
  let releaseFirst!: () => void;
  const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstStarted!: () => void;
  const firstHolds = new Promise<void>((resolve) => (firstStarted = resolve));

  // The first registration adds a proposal at bank 318 and stays open (its counts row held until commit).
  const first = app.db.transaction(async (tx) => {
    await insert(tx, 318);
    firstStarted();
    await firstMayFinish;
    await insert(tx, 623);
  });
  await firstHolds;
  // The second adds at 623, then 318, and commits while the first is still open: waiting on the first's row
  // would end in lock_timeout (and the first's 623 after this one's would have been a deadlock).
  await app.db.transaction(async (tx) => {
    await tx.query("set local lock_timeout = '2s'");
    await insert(tx, 623);
    await insert(tx, 318);
  });
  releaseFirst();
  await first;

  expect({ 318: await counted(318), 623: await counted(623) }).toEqual({ 318: before[318] + 2, 623: before[623] + 2 });
  const [{ n }] = await app.db.query<{ n: number }>(
    `select count(*)::int as n from proposta
      where id_empresa = 1 and id_status = 10 and id_banco = any('{318,623}')
        and (dt_digitacao at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date`,
  );
  expect(n).toBe((await counted(318)) + (await counted(623)));
});
