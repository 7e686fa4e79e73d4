import WebSocket from 'ws';
import { WS_CLOSE_UNAUTHORIZED, type RealtimeAlert } from '@consig/shared/contracts';
import { createTokenService } from '../src/auth/tokens';
import { decodeToken, startTestApp, type TestApp } from './harness';

let t: TestApp;
let ana: { token: string; id: number };
let bruno: { token: string; id: number };
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ realtime: { authTimeoutMs: 300 } });
  const person = async (email: string) => {
    const token = await t.login(email);
    return { token, id: decodeToken(token).pessoa.ID_Pessoa as number };
  };
  ana = await person('atendente@demo.com.br');
  bruno = await person('atendente2@demo.com.br');
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});
afterAll(() => t.close());

const alert = (text: string): RealtimeAlert => ({ TP_Alerta: 1087, DE_Dados: { OperacaoID: 1 }, DE_Observacao: text });

/** A connected client that records what it receives and how it was closed. */
async function connect() {
  const socket = new WebSocket(`${t.url.replace('http', 'ws')}/ws`);
  open.push(socket);
  const received: RealtimeAlert[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, received, closed };
}

/** Retries `condition` until it holds (the server handles the token asynchronously). */
async function eventually(condition: () => boolean, timeoutMs = 5000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Makes every client of the person drop what it received so far: pushes a marker and waits until
 * each client's last message is that marker (messages on a socket arrive in order).
 */
async function settle(id: number, clients: { received: RealtimeAlert[] }[]) {
  const marker = alert(`marcador ${Math.random()}`);
  t.app.realtime.push(id, marker);
  await eventually(() => clients.every((c) => c.received.at(-1)?.DE_Observacao === marker.DE_Observacao));
  for (const client of clients) client.received.length = 0;
}

/** Authenticates a client and waits until pushes reach it (the server checks the token asynchronously). */
async function authenticated(person: { token: string; id: number }) {
  const client = await connect();
  client.socket.send(person.token);
  await eventually(() => {
    if (client.received.length > 0) return true;
    t.app.realtime.push(person.id, alert('pronto'));
    return false;
  });
  await settle(person.id, [client]);
  return client;
}

describe('GET /ws', () => {
  it('closes with 4401 when no token arrives in time', async () => {
    const { closed } = await connect();
    expect((await closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(WS_CLOSE_UNAUTHORIZED).toBe(4401);
  });

  it('closes with 4401 on an invalid or expired token', async () => {
    const expired = createTokenService({ secret: t.config.jwtSecret, ttlHours: 12 }).sign(
      decodeToken(ana.token).pessoa,
      Date.now() - 13 * 3_600_000,
    );
    for (const token of ['nao-e-um-token', expired, '']) {
      const { socket, closed } = await connect();
      socket.send(token);
      expect((await closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    }
  });

  it('delivers nothing before the token, then delivers pushes to the authenticated person', async () => {
    const client = await connect();
    expect(t.app.realtime.push(ana.id, alert('antes do token'))).toBe(0);
    client.socket.send(`Bearer ${ana.token}`);
    await eventually(() => t.app.realtime.push(ana.id, alert('depois do token')) === 1);
    await eventually(() => client.received.length > 0);
    expect(client.received).toEqual([alert('depois do token')]);
  });

  it("reaches every tab of the person and never another person's socket", async () => {
    const tab1 = await authenticated(ana);
    const tab2 = await authenticated(ana);
    const other = await authenticated(bruno);
    await settle(ana.id, [tab1, tab2]);

    expect(t.app.realtime.push(ana.id, alert('para a Ana'))).toBe(2);
    await eventually(() => tab1.received.length === 1 && tab2.received.length === 1);
    expect(tab1.received).toEqual([alert('para a Ana')]);
    expect(tab2.received).toEqual([alert('para a Ana')]);

    // A push to Bruno arrives after anything sent before it: once he has it, Ana's push did not come.
    expect(t.app.realtime.push(bruno.id, alert('para o Bruno'))).toBe(1);
    await eventually(() => other.received.length === 1);
    expect(other.received).toEqual([alert('para o Bruno')]);
  });

  it('stops counting a socket once it is closed', async () => {
    const client = await authenticated(ana);
    client.socket.close();
    await client.closed;
    await eventually(() => t.app.realtime.push(ana.id, alert('ninguém')) === 0);
  });
});
