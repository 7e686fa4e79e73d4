import { LOGOUT_TEXT, WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { SESSION_ENDED_REASON } from '../src/realtime/sessionWatch';
import { TEST_DB } from './database';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';
import { authenticate, closeOf, person, wsClients } from './wsClient';

/**
 * 'Sair' through one API instance ends the session on every instance (docs/rules.md "Sign-in and sessions"): the
 * other instance refuses the token within its 2-second lookup cache, and closes its sockets of that session within
 * 5 s. Only a PostgreSQL server has several instances on one database.
 */
if (TEST_DB !== 'postgres') throw new Error('sessionsInstances.postgres.test.ts needs TEST_DB=postgres');

let t: TestApp;
let other: TestApp;
const clients = wsClients();

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({ sameDatabaseAs: t });
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await other.close();
  await t.close();
});

it("'Sair' on one instance closes the session's socket on the other within 5 s, and its HTTP within 2 s", async () => {
  const ana = await person(t, 'supervisor@demo.com.br');
  const socket = await authenticate(await clients.connect(other, '10.9.3.1'), ana, other);
  expect((await other.call('GET', '/atendente/status', { token: ana.token })).status).toBe(200);

  expect(await t.call('POST', '/lnk/sair', { token: ana.token })).toEqual({ status: 200, body: { success: true, text: LOGOUT_TEXT } });
  expect(await closeOf(socket, 5_000)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: SESSION_ENDED_REASON });
  await eventually(async () => (await other.call('GET', '/atendente/status', { token: ana.token })).status === 401, 2_500);
});
