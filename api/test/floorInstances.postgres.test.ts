import { ALERT_FLOOR_CHANGE, type FloorAttendant } from '@consig/shared/contracts';
import { TEST_DB } from './database';
import { eventually, eventuallyPasses } from './eventually';
import { startTestApp, type TestApp } from './harness';
import { authenticate, person, wsClients, type Person } from './wsClient';

/**
 * The floor across two API instances on one database (docs/rules.md "Attendant state"): the supervisor's board
 * is connected to one, the attendant to the other; every change reaches the board, and the attendant stays
 * present while any instance holds a socket of theirs.
 */
if (TEST_DB !== 'postgres') throw new Error('floorInstances.postgres.test.ts needs TEST_DB=postgres');

let first: TestApp;
let second: TestApp;
let supervisor: Person;
let ana: Person;
const clients = wsClients();

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
  supervisor = await person(first, 'supervisor@demo.com.br');
  ana = await person(second, 'atendente@demo.com.br');
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await second.close();
  await first.close();
});

const anaRows = (received: { TP_Alerta: number; DE_Dados: unknown }[]) =>
  received.filter((alert) => alert.TP_Alerta === ALERT_FLOOR_CHANGE).map((alert) => alert.DE_Dados as FloorAttendant);
const stateOnBoard = async () => {
  const { body } = await first.call('GET', '/relatorios/ao-vivo', { token: supervisor.token });
  return body.data.atendentes.find((row: FloorAttendant) => row.AtendenteID === ana.id).CO_Estado;
};

it('the board on one instance follows an attendant connected to the other, who stays present while any instance holds a socket', async () => {
  const board = await authenticate(await clients.connect(first), supervisor, first);
  const onSecond = await authenticate(await clients.connect(second, '10.1.0.2'), ana, second);
  await eventually(() => anaRows(board.received).some((row) => row.AtendenteID === ana.id && row.CO_Estado === 'disponivel'));

  expect((await second.call('PUT', '/atendente/tabular', { token: ana.token, body: { ID_Status: 203 } })).status).toBe(200);
  await eventually(() => anaRows(board.received).some((row) => row.CO_Estado === 'pausa' && row.ID_MotivoPausa === 203));

  // A second tab on the first instance, then the one on the second closes: still present.
  const onFirst = await authenticate(await clients.connect(first, '10.1.0.3'), ana, first);
  onSecond.socket.close();
  await eventuallyPasses(async () =>
    expect(await second.db.query('select co_instancia from atendente_presenca where id_pessoa = $1', [ana.id])).toEqual([
      { co_instancia: first.app.floor.instance },
    ]),
  );
  expect(await stateOnBoard()).toBe('pausa');

  onFirst.socket.close();
  await eventuallyPasses(async () => expect(await stateOnBoard()).toBe('offline'));
  await eventually(() => anaRows(board.received).at(-1)?.CO_Estado === 'offline');
});

it('an API restart does not show the floor offline: the browser reconnects to the instance that remains', async () => {
  const third = await startTestApp({ sameDatabaseAs: first });
  const onThird = await authenticate(await clients.connect(third, '10.1.0.4'), ana, third);
  await eventuallyPasses(async () => expect(await stateOnBoard()).toBe('pausa'));
  const statesBefore = await first.db.query('select count(*)::int as n from atendente_estado_historico where id_pessoa = $1', [ana.id]);

  // The instance goes away (a deploy); its browser's socket drops and comes back on another instance.
  await third.close();
  expect(onThird.isClosed() || (await onThird.closed)).toBeTruthy();
  await authenticate(await clients.connect(first, '10.1.0.5'), ana, first);
  // A sweep now (as every instance runs every 20 s) finds her present: no state change was written.
  await first.app.floor.heartbeat();
  expect(await stateOnBoard()).toBe('pausa');
  expect(await first.db.query('select count(*)::int as n from atendente_estado_historico where id_pessoa = $1', [ana.id])).toEqual(
    statesBefore,
  );
});
