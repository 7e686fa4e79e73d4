import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ALERT_OPERATION_UPDATE, operation, type RealtimeAlert } from '@consig/shared/contracts';
import {
  centsToDecimalText,
  fgtsAnticipation,
  formatCents,
  largestFgtsTermFor,
  percentRate,
  saoPauloDate,
  type Cents,
} from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { buildApp } from '../src/app';
import { readEnv, resolveSecrets } from '../src/config';
import type { Database, Db } from '../src/db';
import { DEMO_CLIENTS, demoUser, type DemoClient } from '../src/db/demoData';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { seedDemoData } from '../src/db/seed';
import { DEMO_RATES } from '../src/db/seedRates';
import { ALERT_FGTS_BALANCE_FAILED, FGTS_BALANCE_JOB, FGTS_BALANCE_MAX_ATTEMPTS } from '../src/fgts/balanceJob';
import { builtInBalanceOf, builtInFgtsBalanceProvider, type FgtsBalanceProvider, type FgtsBalanceQuery } from '../src/fgts/provider';
import { FGTS_TEXT } from '../src/fgts/routes';
import { createTestDatabase, TEST_DB } from './database';
import { eventually } from './eventually';
import { decodeToken, demoClientId, useSignedInDemoApp, type TestApp } from './harness';
import { authenticate, wsClients, type Person, type WsClient } from './wsClient';

/**
 * POST /crm/fgts/saldo (docs/rules.md "FGTS balance"). The demo API (`demo.app`) answers HTTP and holds the
 * sockets, with its job worker off as in every test app; a second instance on the same database (`worker`) runs
 * the checks with a stand-in provider the tests steer. The job reaches the socket the way it does in production:
 * NOTIFY from whichever instance ran it.
 */
const demo = useSignedInDemoApp();
const clients = wsClients();
let worker: FastifyInstance;

const ATTENDANT = 'atendente@demo.com.br';
const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // company 1, agency 4 (INSS)
const ANA = DEMO_CLIENTS.find((c) => c.name === 'Ana Lúcia Martins')!; // company 1, agency 1 (FGTS), has an FGTS operation
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2, agency 4
const FGTS = 4;
const INSS = 1;
const FGTS_RATE = percentRate(DEMO_RATES.find((rate) => rate.company === 1 && rate.creditType === FGTS)!.percent);

/** Fast retries, so the backoff is seen in a test's time. */
const FAST_JOBS = { pollIntervalMs: 50, retry: { baseMs: 50, maxMs: 100 } };

// The stand-in provider: the built-in balances without delay, unless a test says otherwise.
const builtIn = builtInFgtsBalanceProvider({ delayMs: 0 });
let answer: (query: FgtsBalanceQuery) => Promise<Cents>;
const asked: string[] = [];
const provider: FgtsBalanceProvider = {
  balanceOf(query) {
    asked.push(query.cpf);
    return answer(query);
  },
};

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** An API instance with its job worker running on `db`, answering balances through `provider`. */
async function startWorkerInstance(db: Database): Promise<FastifyInstance> {
  const config = await resolveSecrets(readEnv({ LOG_LEVEL: 'silent' }), db);
  const app = await buildApp({ config, db, logger: false, jobs: FAST_JOBS, fgtsBalanceProvider: provider });
  await app.ready();
  await app.jobs.start();
  return app;
}

/** Gives the client an FGTS operation (José, an INSS client, has none in the demo data); returns its id. */
async function addFgtsOperation(db: Db, client: DemoClient): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(
    `insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas)
     values ($1, $2, $3, 336, 5) returning id_operacao as id`,
    [client.company, await demoClientId(db, client), FGTS],
  );
  return id;
}

const operationOf = async (client: DemoClient, creditType: number) =>
  (
    await demo.app.db.query<{ id: number }>('select id_operacao as id from operacao where id_cliente = $1 and id_tipo_credito = $2', [
      await demoClientId(demo.app.db, client),
      creditType,
    ])
  )[0].id;

let joseFgts: number;
let ana: Person;

beforeAll(async () => {
  worker = await startWorkerInstance(await demo.app.database.connectAgain());
  joseFgts = await addFgtsOperation(demo.app.db, JOSE);
  await addFgtsOperation(demo.app.db, OSVALDO);
  ana = { token: demo.tokens[ATTENDANT], id: decodeToken(demo.tokens[ATTENDANT]).pessoa.ID_Pessoa };
});
beforeEach(() => {
  answer = (query) => builtIn.balanceOf(query);
  asked.length = 0;
});
afterEach(async () => {
  clients.closeAll();
  // A check still finishing would swallow the next test's request (one unfinished check per operation and person).
  await eventually(async () => {
    const unfinished = await demo.app.db.query("select 1 from tarefa where co_tipo = $1 and co_estado in ('pendente', 'executando')", [
      FGTS_BALANCE_JOB,
    ]);
    return unfinished.length === 0;
  }, 10_000);
});
afterAll(() => worker?.close());

/** What 'Verificar' sends for an operation of a demo client. */
async function request(client: DemoClient, operationId: number) {
  return {
    ClienteID: await demoClientId(demo.app.db, client),
    CO_CPF: makeCpf(client.cpfBase),
    OperacaoID: operationId,
    DE_Telefone: client.phones[0],
  };
}
const ask = (body: unknown, email = ATTENDANT) => demo.app.call('POST', '/crm/fgts/saldo', { token: demo.tokens[email], body });

/** A socket of Ana's (the attendant) on the demo API, signed in and quiet. */
const anasSocket = async () => authenticate(await clients.connect(demo.app), ana, demo.app);

/** The first alert of that type the socket gets. */
async function alertOf(client: WsClient, type: number, timeoutMs = 10_000): Promise<RealtimeAlert> {
  await eventually(() => client.received.some((alert) => alert.TP_Alerta === type), timeoutMs);
  return client.received.find((alert) => alert.TP_Alerta === type)!;
}

const jobsOf = (operationId: number) =>
  demo.app.db.query<{ state: string; attempts: number; error: string | null }>(
    `select co_estado as state, nu_tentativas as attempts, de_erro as error from tarefa
      where co_tipo = $1 and (de_dados->>'operationId')::int = $2 order by id_tarefa`,
    [FGTS_BALANCE_JOB, operationId],
  );

/** What the job is expected to make of a balance today: the largest term the balance and the rules allow. */
function expectedOffer(balance: Cents) {
  const on = saoPauloDate(new Date());
  const years = largestFgtsTermFor({ balance, on });
  const offer = fgtsAnticipation({ balance, years, monthlyRate: FGTS_RATE, on });
  if (!offer.ok) throw new Error('the balance should allow an anticipation');
  return { years, gross: offer.gross, net: offer.net };
}

describe('POST /crm/fgts/saldo', () => {
  it('answers at once, then alert 1087 brings the attendant the operation recomputed on the balance', async () => {
    const socket = await anasSocket();
    const held = gate();
    answer = async (query) => {
      await held.opened;
      return builtIn.balanceOf(query);
    };

    const { status, body } = await ask(await request(JOSE, joseFgts));
    // Answered while the provider has not answered yet.
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: FGTS_TEXT.requested });
    await eventually(() => asked.length === 1);
    expect(socket.received).toEqual([]);
    held.open();

    const alert = await alertOf(socket, ALERT_OPERATION_UPDATE);
    const balance = builtInBalanceOf(makeCpf(JOSE.cpfBase));
    const offer = expectedOffer(balance);
    expect(alert.DE_Observacao).toBe(
      `Saldo FGTS atualizado: ${formatCents(balance)}. Antecipação de até ${offer.years} anos: ${formatCents(offer.net)} líquidos.`,
    );
    const pushed = alert.DE_Dados as Record<string, unknown>;
    // The operations list's card without ID_Cliente, so the screen's push rule (product-spec §4) merges it.
    expect(Object.keys(pushed).sort()).toEqual(
      Object.keys(operation.shape)
        .filter((key) => key !== 'ID_Cliente')
        .sort(),
    );
    expect(pushed).toMatchObject({
      OperacaoID: joseFgts,
      ID_TipoCredito: FGTS,
      NU_Parcelas: offer.years,
      VL_BaseCalculo: centsToDecimalText(balance),
      VL_Bruto: centsToDecimalText(offer.gross),
      VL_Liquido: centsToDecimalText(offer.net),
      DE_Liquido: formatCents(offer.net),
      DE_Mensagem: null,
    });
    // Exactly what the operations list shows now: the figures were stored, not only pushed.
    const listed = await demo.get(`/crm/cliente/operacoes/${await demoClientId(demo.app.db, JOSE)}`, ATTENDANT);
    expect(listed.body.data.find((op: { OperacaoID: number }) => op.OperacaoID === joseFgts)).toEqual({
      ...pushed,
      ID_Cliente: await demoClientId(demo.app.db, JOSE),
    });
    await eventually(async () => (await jobsOf(joseFgts)).every((job) => job.state === 'concluida'));
    expect(await jobsOf(joseFgts)).toEqual([{ state: 'concluida', attempts: 1, error: null }]);
  });

  it('shows why there is no offer when the balance allows no anticipation, and clears the old figures', async () => {
    const socket = await anasSocket();
    answer = async () => 15_000; // R$ 150,00: a first year of R$ 75,00, below the R$ 100,00 minimum in force
    await ask(await request(JOSE, joseFgts));
    const alert = await alertOf(socket, ALERT_OPERATION_UPDATE);
    expect(alert.DE_Observacao).toBe('Saldo FGTS atualizado: R$ 150,00. O saldo do FGTS não permite a antecipação.');
    expect(alert.DE_Dados).toMatchObject({
      VL_BaseCalculo: '150.00',
      VL_Bruto: '0.00',
      VL_Liquido: '0.00',
      DE_Mensagem: 'O saldo do FGTS não permite a antecipação.',
      VL_Taxa: null,
    });
  });

  it('queues one check per operation and person while it runs', async () => {
    const held = gate();
    answer = async (query) => {
      await held.opened;
      return builtIn.balanceOf(query);
    };
    const socket = await anasSocket();
    const body = await request(JOSE, joseFgts);
    expect((await ask(body)).body.text).toBe(FGTS_TEXT.requested);
    expect((await ask(body)).body).toEqual({ success: true, text: FGTS_TEXT.alreadyRequested });
    held.open();
    await alertOf(socket, ALERT_OPERATION_UPDATE);
    expect(asked).toEqual([makeCpf(JOSE.cpfBase)]);
  });

  it('retries a failing provider with backoff until it answers', async () => {
    const socket = await anasSocket();
    answer = async (query) => {
      if (asked.length < 3) throw new Error('Provedor FGTS fora do ar');
      return builtIn.balanceOf(query);
    };
    const before = (await jobsOf(joseFgts)).length;
    await ask(await request(JOSE, joseFgts));
    const alert = await alertOf(socket, ALERT_OPERATION_UPDATE);
    expect(alert.DE_Dados).toMatchObject({ VL_BaseCalculo: centsToDecimalText(builtInBalanceOf(makeCpf(JOSE.cpfBase))) });
    expect(asked).toHaveLength(3);
    await eventually(async () => (await jobsOf(joseFgts)).slice(before)[0]?.state === 'concluida');
    expect((await jobsOf(joseFgts)).slice(before)).toEqual([{ state: 'concluida', attempts: 3, error: 'Error: Provedor FGTS fora do ar' }]);
    expect(socket.received.filter((a) => a.TP_Alerta === ALERT_FGTS_BALANCE_FAILED)).toEqual([]);
  });

  it('after the last failed attempt, warns the attendant with alert 1088 instead of leaving them waiting', async () => {
    const socket = await anasSocket();
    answer = async () => {
      throw new Error('Provedor FGTS fora do ar');
    };
    const before = (await jobsOf(joseFgts)).length;
    await ask(await request(JOSE, joseFgts));
    const alert = await alertOf(socket, ALERT_FGTS_BALANCE_FAILED);
    expect(alert).toEqual({
      TP_Alerta: ALERT_FGTS_BALANCE_FAILED,
      DE_Dados: null,
      DE_Observacao: 'Não foi possível consultar o saldo FGTS agora. Tente novamente em alguns minutos.',
    });
    await eventually(async () => (await jobsOf(joseFgts)).slice(before)[0]?.state === 'falhou');
    expect((await jobsOf(joseFgts)).slice(before)).toEqual([
      { state: 'falhou', attempts: FGTS_BALANCE_MAX_ATTEMPTS, error: 'Error: Provedor FGTS fora do ar' },
    ]);
    expect(asked).toHaveLength(FGTS_BALANCE_MAX_ATTEMPTS);
    expect(socket.received.filter((a) => a.TP_Alerta === ALERT_OPERATION_UPDATE)).toEqual([]);
  });

  it('warns with alert 1088 when the operation stopped being checkable before the balance came', async () => {
    const socket = await anasSocket();
    const extra = await addFgtsOperation(demo.app.db, JOSE);
    const held = gate();
    answer = async (query) => {
      await held.opened;
      return builtIn.balanceOf(query);
    };
    await ask(await request(JOSE, extra));
    await eventually(() => asked.length === 1);
    await demo.app.db.query('delete from operacao where id_operacao = $1', [extra]);
    held.open();
    expect((await alertOf(socket, ALERT_FGTS_BALANCE_FAILED)).DE_Observacao).toBe(
      'Não foi possível atualizar o saldo FGTS: a operação não está mais disponível para consulta.',
    );
  });

  it('is for every role of the company: supervisors and managers may ask too', async () => {
    for (const email of ['supervisor@demo.com.br', 'gerente@demo.com.br']) {
      expect(demoUser(email).company).toBe(1);
      const { status, body } = await ask(await request(JOSE, joseFgts), email);
      expect([status, body.success]).toEqual([200, true]);
    }
  });

  it('refuses, with a text and without queueing, operations that are not FGTS and clients outside agency 4', async () => {
    const before = await demo.app.db.query('select 1 from tarefa where co_tipo = $1', [FGTS_BALANCE_JOB]);
    const inss = await ask(await request(JOSE, await operationOf(JOSE, INSS)));
    expect([inss.status, inss.body]).toEqual([422, { success: false, text: FGTS_TEXT.notFgts }]);
    const agencyFgts = await ask(await request(ANA, await operationOf(ANA, FGTS)));
    expect([agencyFgts.status, agencyFgts.body]).toEqual([422, { success: false, text: FGTS_TEXT.notInss }]);
    const otherCpf = await ask({ ...(await request(JOSE, joseFgts)), CO_CPF: makeCpf(ANA.cpfBase) });
    expect([otherCpf.status, otherCpf.body]).toEqual([422, { success: false, text: FGTS_TEXT.otherCpf }]);
    expect(await demo.app.db.query('select 1 from tarefa where co_tipo = $1', [FGTS_BALANCE_JOB])).toHaveLength(before.length);
  });

  it("answers 404 for another company's operation, another client's operation and an unknown one", async () => {
    const osvaldos = await request(OSVALDO, await operationOf(OSVALDO, FGTS));
    // Valid for its own company...
    expect((await ask(osvaldos, 'atendente@outra.com.br')).status).toBe(200);
    // ...and unknown to company 1, even with the matching client and CPF.
    expect(await ask(osvaldos)).toEqual({ status: 404, body: { success: false, text: FGTS_TEXT.operationNotFound } });
    const anasClient = { ...(await request(JOSE, joseFgts)), ClienteID: await demoClientId(demo.app.db, ANA) };
    expect(await ask(anasClient)).toEqual({ status: 404, body: { success: false, text: FGTS_TEXT.operationNotFound } });
    expect((await ask({ ...(await request(JOSE, joseFgts)), OperacaoID: 2_000_000_000 })).status).toBe(404);
  });

  it('answers 401 without a token and 400 with the field for a malformed request', async () => {
    const body = await request(JOSE, joseFgts);
    expect(await demo.app.call('POST', '/crm/fgts/saldo', { body })).toEqual({
      status: 401,
      body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
    });
    expect(await ask({ ...body, CO_CPF: '11144477700' })).toEqual({ status: 400, body: { success: false, text: 'CO_CPF: CPF inválido.' } });
    expect((await ask({ ...body, OperacaoID: '7' })).status).toBe(400);
    expect((await ask({ ...body, DE_Telefone: '11 98765-4321' })).status).toBe(400);
  });
});

describe('POST /crm/fgts/saldo across an API restart', () => {
  it('a check asked just before the API stopped is answered by the API after it starts again', async () => {
    const restartable = await restartableDatabase();
    try {
      // The first process answers the request and stops before its worker ran the job.
      const before = await restartable.open();
      await migrate(before);
      await seedDemoData(before);
      const operationId = await addFgtsOperation(before, JOSE);
      const first = await instance(before);
      const token = await signIn(first, ATTENDANT);
      const body = { ClienteID: await demoClientId(before, JOSE), CO_CPF: makeCpf(JOSE.cpfBase), OperacaoID: operationId, DE_Telefone: '' };
      expect(await post(first, '/crm/fgts/saldo', body, token)).toEqual({ success: true, text: FGTS_TEXT.requested });
      await first.app.close();
      await before.close();

      // The new process: the attendant's screen reconnects, then the worker starts and finds the job.
      const after = await restartable.open();
      const second = await instance(after);
      try {
        const socket = await authenticate(await clients.connect(second), { token, id: decodeToken(token).pessoa.ID_Pessoa }, second);
        await second.app.jobs.start();
        const alert = await alertOf(socket, ALERT_OPERATION_UPDATE);
        expect(alert.DE_Dados).toMatchObject({
          OperacaoID: operationId,
          VL_BaseCalculo: centsToDecimalText(builtInBalanceOf(makeCpf(JOSE.cpfBase))),
        });
      } finally {
        clients.closeAll();
        await second.app.close();
        await after.close();
      }
    } finally {
      await restartable.remove();
    }
  });
});

/**
 * One API process on `db`, listening, its worker not started yet. Only `app` and `url` of a TestApp: what the
 * socket helpers use.
 */
async function instance(db: Database): Promise<TestApp> {
  const config = await resolveSecrets(readEnv({ LOG_LEVEL: 'silent' }), db);
  const app = await buildApp({ config, db, logger: false, jobs: FAST_JOBS, fgtsBalanceProvider: provider });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` } as unknown as TestApp;
}

/** A JSON POST over HTTP (fastify's inject needs an ESM-only module jest cannot load). */
// The answer's JSON: the caller asserts the shape it expects (as harness.ts `call` does).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function post(t: TestApp, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function signIn(t: TestApp, email: string): Promise<string> {
  return (await post(t, '/lnk/token', { EM_Email: email, PW_Senha: demoUser(email).password })).token;
}

/** A database that outlives the process, as a restart sees it: a PGlite folder, or a PostgreSQL database. */
async function restartableDatabase(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'consig-fgts-'));
    return { open: () => openPglite(dir), remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const fresh = await createTestDatabase();
  return { open: () => fresh.connectAgain(), remove: () => fresh.drop() };
}
