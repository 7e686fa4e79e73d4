import { WS_CLOSE_TOO_MANY, WS_TOO_MANY_FOR_PERSON, WS_TOO_MANY_FROM_ADDRESS } from '../src/realtime/limits';
import { startTestApp, type TestApp } from './harness';
import { eventually } from './eventually';
import { alert, authenticate, closeOf, person, settle, wsClients, type Person } from './wsClient';

// Probing found /ws buffering a 90 MB first message from an unauthenticated client and accepting
// thousands of sockets per address and per person. Small limits here; the defaults are in config.ts.
let t: TestApp;
let ana: Person;
let bruno: Person;
const clients = wsClients();

beforeAll(async () => {
  t = await startTestApp({ realtime: { authTimeoutMs: 2000, maxSocketsPerAddress: 3, maxSocketsPerPerson: 2, heartbeatMs: 150 } });
  ana = await person(t, 'atendente@demo.com.br');
  bruno = await person(t, 'atendente2@demo.com.br');
});
afterEach(() => clients.closeAll());
afterAll(() => t.close());

describe('GET /ws limits', () => {
  it('closes a socket whose message is bigger than a token could be with 1009 (Message Too Big)', async () => {
    const client = await clients.connect(t, '10.20.0.1');
    client.socket.send('x'.repeat(1024 * 1024));
    expect((await closeOf(client)).code).toBe(1009);

    // A token still gets through.
    await authenticate(await clients.connect(t, '10.20.0.1'), ana, t);
  });

  it('closes sockets beyond the limit per client address with 4429, and accepts again once one closes', async () => {
    const first = await clients.connect(t, '10.20.0.2');
    await clients.connect(t, '10.20.0.2');
    await clients.connect(t, '10.20.0.2');

    const extra = await clients.connect(t, '10.20.0.2');
    expect(await closeOf(extra)).toEqual({ code: WS_CLOSE_TOO_MANY, reason: WS_TOO_MANY_FROM_ADDRESS });
    expect(WS_TOO_MANY_FROM_ADDRESS).toBe('Conexões demais a partir deste endereço. Feche outras abas e tente novamente.');

    // Another address is not affected.
    await authenticate(await clients.connect(t, '10.20.0.3'), bruno, t);

    // Unauthenticated sockets count too, until they leave: then the address may connect again.
    first.socket.close();
    await first.closed;
    await connectAndAuthenticate('10.20.0.2', ana);
  });

  it("closes a person's sockets beyond the limit per person with 4429, without touching the others", async () => {
    const tab1 = await authenticate(await clients.connect(t, '10.20.1.1'), ana, t);
    const tab2 = await authenticate(await clients.connect(t, '10.20.1.2'), ana, t);

    const tab3 = await clients.connect(t, '10.20.1.3');
    tab3.socket.send(ana.token);
    expect(await closeOf(tab3)).toEqual({ code: WS_CLOSE_TOO_MANY, reason: WS_TOO_MANY_FOR_PERSON });
    expect(WS_TOO_MANY_FOR_PERSON).toBe('Conexões demais para este usuário. Feche outras abas do sistema e tente novamente.');

    // Bruno is not affected, and Ana's open tabs still receive.
    await authenticate(await clients.connect(t, '10.20.1.3'), bruno, t);
    await settle(t, ana.id, [tab1, tab2]);
    await t.app.realtime.push(ana.id, alert('ainda conectada'));
    await eventually(() => tab1.received.length > 0);
    expect(tab1.received).toEqual([alert('ainda conectada')]);

    // Once a tab closes, a new one is accepted.
    tab1.socket.close();
    await tab1.closed;
    await connectAndAuthenticate('10.20.1.4', ana);
  });
});

describe('GET /ws heartbeat', () => {
  it('cuts off a socket that stops answering pings and frees its slot; sockets that answer stay', async () => {
    const vanished = await authenticate(await clients.connect(t, '10.20.2.1', { autoPong: false }), ana, t);
    const answering = await authenticate(await clients.connect(t, '10.20.2.2'), bruno, t);
    expect((await closeOf(vanished)).code).toBe(1006); // terminated: no close frame
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    // Ana's slot is free again: two new tabs fit under her limit of 2.
    await connectAndAuthenticate('10.20.2.3', ana);
    await connectAndAuthenticate('10.20.2.4', ana);
    await t.app.realtime.push(bruno.id, alert('ainda aqui'));
    await eventually(() => answering.received.length > 0);
  });
});

/**
 * Connects and authenticates, retrying while the server may still count a socket the client has
 * just closed (the client can see the close before the server does).
 */
async function connectAndAuthenticate(address: string, who: Person) {
  for (let tries = 1; ; tries++) {
    try {
      return await authenticate(await clients.connect(t, address), who, t);
    } catch (err) {
      if (tries >= 20) throw err;
    }
  }
}
