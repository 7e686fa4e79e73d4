import { REALTIME_RESYNC } from '@consig/shared/contracts';
import { TEST_DB } from './database';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';
import { alert, authenticate, person, settle, wsClients, type Person } from './wsClient';

/**
 * An instance whose LISTEN connection drops misses every alert notified until it listens again, so it then
 * tells each of its sockets to reload (REALTIME_RESYNC). Only a server connection can drop: PGlite's LISTEN is
 * in-process.
 */
if (TEST_DB !== 'postgres') throw new Error('realtimeResync.postgres.test.ts needs TEST_DB=postgres');

let t: TestApp;
/** A second instance on the same database, whose LISTEN connection stays up. */
let other: TestApp;
let ana: Person;
const clients = wsClients();

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({ sameDatabaseAs: t });
  ana = await person(t, 'atendente@demo.com.br');
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Terminates the LISTEN connection of `t`: the first one opened, since `t` started before `other`. */
async function killListenerOfFirstInstance() {
  const killed = await other.db.query<{ pid: number }>(
    `select pid, pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'
      order by backend_start limit 1`,
  );
  expect(killed).toHaveLength(1);
}

it("sends the resync message to the instance's sockets once its LISTEN connection is back, then alerts again", async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const onFirst = await authenticate(await clients.connect(t), ana, t);
    const onOther = await authenticate(await clients.connect(other), ana, other);
    await settle(t, ana.id, [onFirst, onOther]);

    await killListenerOfFirstInstance();
    await eventually(() => onFirst.received.length > 0, 15_000);
    expect(onFirst.received).toEqual([REALTIME_RESYNC]);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL: conexão de LISTEN perdida/));

    // Listening again: pushes from either instance reach the socket again.
    await t.app.realtime.push(ana.id, alert('depois da reconexão'));
    await other.app.realtime.push(ana.id, alert('da outra instância'));
    await eventually(() => onFirst.received.length === 3 && onOther.received.length === 2);
    expect(onFirst.received).toEqual([REALTIME_RESYNC, alert('depois da reconexão'), alert('da outra instância')]);
    // The other instance lost nothing: its sockets are not told to reload.
    expect(onOther.received).toEqual([alert('depois da reconexão'), alert('da outra instância')]);
  } finally {
    logged.mockRestore();
  }
});
