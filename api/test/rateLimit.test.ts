import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from './harness';
import { authenticate, person, wsClients } from './wsClient';

// One supervisor firing 200 follow-up lists at once took other users' p99 from 12 ms to 1.5 s: budgets per
// person and per client address (docs/rules.md "Request budgets"). The harness lifts the budgets; each app here
// sets small ones (the defaults are in config.ts). Buckets refill in real time, so the one test that waits for a
// refill uses a fast refill.

const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const LIST = '/crm/proposta/0/0/0/0';

/** A request with the answer's Retry-After (the harness's call() does not return headers). */
async function request(t: TestApp, path: string, { token, address }: { token?: string; address?: string } = {}) {
  const response = await fetch(t.url + path, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(address ? { 'x-forwarded-for': address } : {}) },
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text ? JSON.parse(text) : undefined };
}

/** `count` requests at once; their statuses, and the first refusal. */
async function burst(count: number, send: () => ReturnType<typeof request>) {
  const answers = await Promise.all(Array.from({ length: count }, send));
  return { statuses: answers.map((a) => a.status), refused: answers.find((a) => a.status === 429) };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('per person', () => {
  let t: TestApp;
  // 6 at once across 2 instances: each instance grants 3, refilled at one every 10 seconds.
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PERSON_PER_S: '0.2', RATE_LIMIT_PERSON_BURST: '6', API_INSTANCES: '2' } });
  });
  afterAll(() => t.close());

  it("answers a burst over the person's budget 429 with Retry-After and the wait in the text; another person is unaffected", async () => {
    const supervisor = await t.login(SUPERVISOR);
    const attendant = await t.login(ATTENDANT);

    const { statuses, refused } = await burst(8, () => request(t, LIST, { token: supervisor }));
    expect(count(statuses, 200)).toBe(3);
    expect(count(statuses, 429)).toBe(5);
    expect(refused).toEqual({
      status: 429,
      retryAfter: '10',
      body: { success: false, text: 'Muitas requisições. Tente de novo em 10 segundos.' },
    });
    // Any route of the person, not only the one that was hammered.
    expect((await request(t, '/atendente/status', { token: supervisor })).status).toBe(429);

    // Another person, from the same address, keeps their whole budget.
    const other = await burst(3, () => request(t, LIST, { token: attendant }));
    expect(other.statuses).toEqual([200, 200, 200]);
  });
});

describe('refill', () => {
  let t: TestApp;
  // 2 at once, one more every 100 ms.
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PERSON_PER_S: '10', RATE_LIMIT_PERSON_BURST: '2' } });
  });
  afterAll(() => t.close());

  it('gives the person requests again as the budget refills with time', async () => {
    const supervisor = await t.login(SUPERVISOR);
    const { statuses, refused } = await burst(10, () => request(t, LIST, { token: supervisor }));
    expect(count(statuses, 429)).toBeGreaterThan(0);
    expect(refused).toEqual({
      status: 429,
      retryAfter: '1',
      body: { success: false, text: 'Muitas requisições. Tente de novo em 1 segundo.' },
    });

    await sleep(400);
    expect((await request(t, LIST, { token: supervisor })).status).toBe(200);
    expect((await request(t, LIST, { token: supervisor })).status).toBe(200);
  });
});

describe('per client address', () => {
  let t: TestApp;
  const clients = wsClients();
  // 3 at once, one more every 2 seconds (the tests never wait for it).
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ADDRESS_PER_S: '0.5', RATE_LIMIT_ADDRESS_BURST: '3' } });
  });
  afterEach(() => clients.closeAll());
  afterAll(() => t.close());

  it('applies before sign-in: an address over its budget gets 429, a valid token too while others spent it; another address does not', async () => {
    const token = await t.login(SUPERVISOR);
    const address = '10.30.0.1';
    const anonymous = await burst(3, () => request(t, '/cadastro/banco', { address }));
    expect(anonymous.statuses).toEqual([401, 401, 401]);

    expect(await request(t, '/cadastro/banco', { address })).toEqual({
      status: 429,
      retryAfter: '2',
      body: { success: false, text: 'Muitas requisições. Tente de novo em 2 segundos.' },
    });
    expect((await request(t, '/cadastro/banco', { address, token })).status).toBe(429);
    // A public route and an unknown one count too.
    expect((await request(t, '/banco/logo/318.svg', { address })).status).toBe(429);
    expect((await request(t, '/nao/existe', { address })).status).toBe(429);

    expect((await request(t, '/cadastro/banco', { address: '10.30.0.2', token })).status).toBe(200);
  });

  it("does not charge a signed-in person's requests to the address: colleagues behind one office address go on", async () => {
    const supervisor = await t.login(SUPERVISOR);
    const attendant = await t.login(ATTENDANT);
    const office = '10.30.0.5';
    // Far past the address's 3: counted per person (unbounded in this app), not per address.
    const flood = await burst(20, () => request(t, '/cadastro/banco', { address: office, token: supervisor }));
    expect(count(flood.statuses, 200)).toBe(20);
    expect((await request(t, '/cadastro/banco', { address: office, token: attendant })).status).toBe(200);
    expect((await request(t, '/cadastro/banco', { address: office })).status).toBe(401);
  });

  it('charges a refused token (logged out) to the address, so a revoked token floods no more than none', async () => {
    const token = await t.login(ATTENDANT);
    await t.call('POST', '/lnk/sair', { token });
    const address = '10.30.0.6';
    const refused = await burst(3, () => request(t, '/cadastro/banco', { address, token }));
    expect(refused.statuses).toEqual([401, 401, 401]);
    expect((await request(t, '/cadastro/banco', { address, token })).status).toBe(429);
  });

  it('never refuses the health probes, the sign-in, Kamailio or the realtime socket, even from an address over its budget', async () => {
    const address = '10.30.0.3';
    await burst(3, () => request(t, '/cadastro/banco', { address }));
    expect((await request(t, '/cadastro/banco', { address })).status).toBe(429);

    for (let i = 0; i < 5; i += 1) {
      expect((await request(t, '/health/live', { address })).status).toBe(200);
      expect((await request(t, '/health/ready', { address })).status).toBe(200);
    }

    const signIn = await fetch(`${t.url}/lnk/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ EM_Email: ATTENDANT, PW_Senha: 'Atendente@123' }),
    });
    expect(signIn.status).toBe(200);

    // Kamailio's event of an unknown call: its own answer (ok=0), never a 429 it would send again.
    for (let i = 0; i < 5; i += 1) {
      const event = await fetch(`${t.url}/telefonia/sip/eventos`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${t.config.sip.apiSecret}`,
          'x-forwarded-for': address,
        },
        body: new URLSearchParams({ evento: 'encerrada', chamada: `desconhecida-${i}`, instante: String(Date.now() / 1000) }).toString(),
      });
      expect({ status: event.status, text: await event.text() }).toEqual({ status: 200, text: 'ok=0' });
    }

    // The socket upgrade passes; /ws counts its own sockets (realtimeLimits.test.ts).
    await authenticate(await clients.connect(t, address), await person(t, ATTENDANT), t);
  });
});
