import { WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { createTokenService } from '../src/auth/tokens';
import { decodeToken, startTestApp, type TestApp } from './harness';
import { eventually } from './eventually';
import { alert, authenticate, closeOf, person, settle, wsClients, type Person } from './wsClient';

let t: TestApp;
/** A second API instance on the same database (on PostgreSQL through its own connections). */
let other: TestApp;
let ana: Person;
let bruno: Person;
const clients = wsClients();

beforeAll(async () => {
  t = await startTestApp({ realtime: { authTimeoutMs: 300 } });
  other = await startTestApp({ sameDatabaseAs: t });
  ana = await person(t, 'atendente@demo.com.br');
  bruno = await person(t, 'atendente2@demo.com.br');
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('GET /ws', () => {
  it('closes with 4401 when no token arrives in time', async () => {
    const client = await clients.connect(t);
    expect((await closeOf(client)).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(WS_CLOSE_UNAUTHORIZED).toBe(4401);
  });

  it('closes with 4401 on an invalid or expired token', async () => {
    const expired = createTokenService({ secret: t.config.jwtSecret, ttlHours: 12 }).sign(
      decodeToken(ana.token).pessoa,
      decodeToken(ana.token).sid ?? '',
      Date.now() - 13 * 3_600_000,
    );
    for (const token of ['nao-e-um-token', expired, '']) {
      const client = await clients.connect(t);
      client.socket.send(token);
      expect((await closeOf(client)).code).toBe(WS_CLOSE_UNAUTHORIZED);
    }
  });

  it('delivers nothing before the token, then delivers pushes to the authenticated person', async () => {
    const client = await clients.connect(t);
    // Delivery is asynchronous: a tab of Ana's that is signed in shows when the push was handed out.
    const witness = await authenticate(await clients.connect(t), ana, t);
    await t.app.realtime.push(ana.id, alert('antes do token'));
    await eventually(() => witness.received.length === 1);
    client.socket.send(`Bearer ${ana.token}`);
    await eventually(async () => {
      await t.app.realtime.push(ana.id, alert('depois do token'));
      return client.received.length > 0;
    });
    expect(client.received.every((a) => a.DE_Observacao === 'depois do token')).toBe(true);
  });

  it("reaches every tab of the person and never another person's socket", async () => {
    const tab1 = await authenticate(await clients.connect(t), ana, t);
    const tab2 = await authenticate(await clients.connect(t), ana, t);
    const brunos = await authenticate(await clients.connect(t), bruno, t);
    await settle(t, ana.id, [tab1, tab2]);
    expect(t.app.realtime.sockets(ana.id)).toBe(2);

    await t.app.realtime.push(ana.id, alert('para a Ana'));
    await eventually(() => tab1.received.length === 1 && tab2.received.length === 1);
    expect(tab1.received).toEqual([alert('para a Ana')]);
    expect(tab2.received).toEqual([alert('para a Ana')]);

    // A push to Bruno arrives after anything sent before it: once he has it, Ana's push did not come.
    await t.app.realtime.push(bruno.id, alert('para o Bruno'));
    await eventually(() => brunos.received.length === 1);
    expect(brunos.received).toEqual([alert('para o Bruno')]);
  });

  it('stops counting a socket once it is closed', async () => {
    const client = await authenticate(await clients.connect(t), ana, t);
    expect(t.app.realtime.sockets(ana.id)).toBe(1);
    client.socket.close();
    await client.closed;
    await eventually(() => t.app.realtime.sockets(ana.id) === 0);
  });
});

describe('realtime across API instances', () => {
  it('delivers a push raised on one instance to the sockets held by another, both ways', async () => {
    const onOther = await authenticate(await clients.connect(other), ana, t);
    const onFirst = await authenticate(await clients.connect(t), ana, other);
    expect(t.app.realtime.sockets(ana.id)).toBe(1);
    expect(other.app.realtime.sockets(ana.id)).toBe(1);
    await settle(t, ana.id, [onOther, onFirst]);

    await t.app.realtime.push(ana.id, alert('da instância A'));
    await eventually(() => onOther.received.length === 1 && onFirst.received.length === 1);
    await other.app.realtime.push(ana.id, alert('da instância B'));
    await eventually(() => onOther.received.length === 2 && onFirst.received.length === 2);
    for (const client of [onOther, onFirst]) {
      expect(client.received).toEqual([alert('da instância A'), alert('da instância B')]);
    }
  });

  it('delivers alerts far bigger than a NOTIFY payload (8000 bytes) whole, accents and emoji included', async () => {
    const onOther = await authenticate(await clients.connect(other), ana, t);
    // An operation object as alert 1087 carries it, ~75 KB of it multi-byte text.
    const operation = {
      OperacaoID: 7,
      DE_Banco: 'Banco Itaú Consignado',
      parcelas: Array.from({ length: 1200 }, (_, i) => ({ nu: i + 1, de: `Parcela nº ${i + 1} — atualização 😀 çãõ` })),
    };
    const big = { TP_Alerta: 1087, DE_Dados: operation, DE_Observacao: 'Operação atualizada.' };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(9 * 8000);

    await t.app.realtime.push(ana.id, big);
    await t.app.realtime.push(ana.id, alert('depois do grande'));
    await eventually(() => onOther.received.length === 2);
    expect(onOther.received).toEqual([big, alert('depois do grande')]);
  });

  it('sends a push made inside a transaction only when it commits', async () => {
    const client = await authenticate(await clients.connect(other), ana, t);
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.realtime.push(ana.id, alert('desfeito'), tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.db.transaction((tx) => t.app.realtime.push(ana.id, alert('confirmado'), tx));
    await eventually(() => client.received.length === 1);
    expect(client.received).toEqual([alert('confirmado')]);
  });
});
