import type { FastifyInstance } from 'fastify';
import { ALERT_OPERATION_UPDATE } from '@consig/shared/contracts';
import { centsToDecimalText } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { buildApp } from '../src/app';
import { readEnv, resolveSecrets } from '../src/config';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { builtInBalanceOf, builtInFgtsBalanceProvider } from '../src/fgts/provider';
import { FGTS_TEXT } from '../src/fgts/routes';
import { TEST_DB } from './database';
import { eventually } from './eventually';
import { demoClientId, startTestApp, type TestApp } from './harness';
import { authenticate, person, wsClients } from './wsClient';

/**
 * The FGTS balance check across API instances on one PostgreSQL (what PGlite, one process, cannot show): the
 * request reaches instance A, the job runs on instance W's worker, the attendant's socket is held by instance B.
 */
if (TEST_DB !== 'postgres') throw new Error('fgtsBalance.postgres.test.ts needs TEST_DB=postgres');

let a: TestApp;
let b: TestApp;
let w: FastifyInstance;
const clients = wsClients();
const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // company 1, agency 4 (INSS)

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({ sameDatabaseAs: a });
  const db = await a.database.connectAgain();
  const config = await resolveSecrets(readEnv({ LOG_LEVEL: 'silent' }), db);
  w = await buildApp({
    config,
    db,
    logger: false,
    jobs: { pollIntervalMs: 50 },
    fgtsBalanceProvider: builtInFgtsBalanceProvider({ delayMs: 0 }),
  });
  await w.ready();
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await w.close();
  await b.close();
  await a.close();
});

it('asked on one instance, run on another, the alert reaches the socket a third instance holds', async () => {
  const ana = await person(a, 'atendente@demo.com.br');
  const socket = await authenticate(await clients.connect(b), ana, b);
  const clientId = await demoClientId(a.db, JOSE);
  // José, an INSS client, gets an FGTS operation (the demo data gives INSS clients none).
  const [{ id }] = await a.db.query<{ id: number }>(
    'insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas) values (1, $1, 4, 336, 5) returning id_operacao as id',
    [clientId],
  );

  const { body } = await a.call('POST', '/crm/fgts/saldo', {
    token: ana.token,
    body: { ClienteID: clientId, CO_CPF: makeCpf(JOSE.cpfBase), OperacaoID: id, DE_Telefone: JOSE.phones[0] },
  });
  expect(body).toEqual({ success: true, text: FGTS_TEXT.requested });
  await w.jobs.start();

  await eventually(() => socket.received.some((alert) => alert.TP_Alerta === ALERT_OPERATION_UPDATE), 10_000);
  const alert = socket.received.find((candidate) => candidate.TP_Alerta === ALERT_OPERATION_UPDATE)!;
  expect(alert.DE_Dados).toMatchObject({ OperacaoID: id, VL_BaseCalculo: centsToDecimalText(builtInBalanceOf(makeCpf(JOSE.cpfBase))) });
  expect(a.app.realtime.sockets(ana.id)).toBe(0);
  expect(b.app.realtime.sockets(ana.id)).toBe(1);
});
