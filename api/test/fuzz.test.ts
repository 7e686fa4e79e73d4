// Property-based fuzz of every operation the OpenAPI description lists (test/openApiFuzz.ts), for each role: no
// token, attendant, supervisor, manager of company 1 and the attendant of company 2. Whatever the request, the API
// never answers 5xx; a refusal (4xx, or 200 with success: false) is `{ success: false, text }` with a Portuguese
// text, never zod's or Fastify's English; and no request stalls the event loop over 100 ms (the API runs in this
// process; a stall the garbage collector explains is reported, not failed). Kamailio's form endpoints
// (/telefonia/sip/*, not in the description) get random fields as well: never 5xx, always a plain text, and a call
// event is always 200.
//
// `npm test` runs a small fixed seed. `npm run fuzz` (scripts/fuzz.mjs) runs FUZZ_RUNS requests (10,000 by
// default) with a new seed each time and prints its figures; FUZZ_SEED=<seed> repeats a run.
//
// Excluded: /ws (a WebSocket, not an HTTP operation). Nothing else: no SMTP is configured here, so
// /crm/simulacao/enviar records a simulation and sends no e-mail, and jobs (imports, FGTS balances, recordings)
// are only enqueued, since the test app never starts its worker.
//
// Refusals made before any hook of the app (a path with malformed percent-encoding, a path parameter over 100
// characters, a request line over 16 KiB: Fastify's router and Node's HTTP parser) are in the seed too: the app
// answers them in Portuguese (http/frameworkErrors.ts); the fuzz found them answered in Fastify's English JSON.
import { request as httpRequest } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import fc from 'fast-check';
import { FOLLOWUP_TEXT } from '@consig/shared/contracts';
import { DEMO_USERS } from '../src/db/demoData';
import { useSignedInDemoApp } from './harness';
import { operationsOf, requestFor, type FuzzRequest, type Operation, type Pools } from './openApiFuzz';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.FUZZ_RUNS ? Date.now() % 2 ** 31 : 20261101));
/** Kamailio's share of the run, on top of it. */
const KAMAILIO_RUNS = Math.ceil(RUNS / 8);
const STALL_LIMIT_MS = 100;
const LONG_RUN = process.env.FUZZ_RUNS !== undefined;

const demo = useSignedInDemoApp();

const ROLES = {
  anonimo: undefined,
  atendente: 'atendente@demo.com.br',
  supervisor: 'supervisor@demo.com.br',
  gerente: 'gerente@demo.com.br',
  atendenteOutraEmpresa: 'atendente@outra.com.br',
} as const;
type Role = keyof typeof ROLES;

/** Codes of docs/rules.md "Status codes": a field taking a code gets real ones. */
const CODES = [
  0, 10, 20, 26, 30, 35, 40, 50, 58, 60, 63, 72, 73, 75, 81, 90, 91, 99, 201, 202, 203, 204, 205, 206, 301, 302, 303, 304, 305, 306,
];

let operations: Operation[];
let pools: Pools;
let extensions: string[];
let companyNumbers: string[];

beforeAll(async () => {
  const { body: doc } = await demo.app.call('GET', '/docs/json');
  // 'Sair' would end the roles' sessions mid-run, and every later request would only test the 401
  // (revocation.test.ts tests it).
  operations = operationsOf(doc).filter((operation) => operation.path !== '/lnk/sair');
  const db = demo.app.db;
  // Every single-column key of a company's table: the ids of both companies, which the fuzz mixes freely.
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select k.table_name, min(k.column_name) as column_name
       from information_schema.table_constraints c
       join information_schema.key_column_usage k using (constraint_schema, constraint_name, table_name)
      where c.constraint_type = 'PRIMARY KEY' and c.table_schema = 'public'
        and exists (select 1 from information_schema.columns o
                     where o.table_schema = 'public' and o.table_name = k.table_name and o.column_name = 'id_empresa')
      group by k.table_name having count(*) = 1`,
  );
  const ids = new Set<number>();
  for (const { table_name, column_name } of keys) {
    const rows = await db.query<{ id: unknown }>(`select ${column_name} as id from ${table_name} order by 1 desc limit 100`);
    for (const { id } of rows) if (Number.isSafeInteger(Number(id)) && Number(id) > 0) ids.add(Number(id));
  }
  const column = async (sql: string) => (await db.query<{ v: string }>(sql)).map((row) => row.v).filter(Boolean);
  const phones = [
    ...(await column('select co_ddd || co_telefone as v from telefone limit 100')),
    ...(await column('select co_telefone as v from nao_perturbe limit 20')),
  ];
  companyNumbers = await column('select nu_numero as v from numero_empresa');
  extensions = await column('select nu_ramal as v from pessoa where nu_ramal is not null');
  pools = {
    ids: [...ids],
    codes: CODES,
    cpfs: await column('select co_cpf as v from cliente limit 100'),
    phones: [...phones, ...companyNumbers],
    emails: DEMO_USERS.map((user) => user.email),
  };
  expect(operations.length).toBeGreaterThan(50);
  expect(pools.ids.length).toBeGreaterThan(10);
  expect(pools.cpfs.length).toBeGreaterThan(0);
});

/** Words of zod's, Fastify's and Node's English answers; none is Portuguese. */
const ENGLISH =
  /\b(invalid|required|expected|received|must|should|cannot|unsupported|not found|bad request|too (big|small|long|short)|unrecognized|unexpected|error|failed|missing|allowed|forbidden|unauthorized|payload|request|body)\b/i;

/** What is wrong with an answer, if anything. */
function problemOf(status: number, json: Answer['json'], jsonExpected = true): string | undefined {
  if (status === 0) return 'sem resposta';
  if (status >= 500) return `${status}`;
  const refused = status >= 400 || json?.success === false;
  if (!refused || !jsonExpected) return undefined;
  if (!json) return 'recusa sem JSON';
  if (json.success !== false) return 'recusa sem success: false';
  if (typeof json.text !== 'string' || !json.text.trim()) return 'recusa sem text';
  // The field's path before the message is ours to name (`cliente.DE_Endereco: ...`), not a sentence.
  if (ENGLISH.test(json.text.replace(/^[\w.[\]-]+: /, ''))) return 'texto em inglês';
  return undefined;
}

interface Failure {
  route: string;
  problem: string;
  status: number;
  text: string;
  times: number;
  example: string;
}

/** Figures of a run, printed by the long run. */
class Tally {
  readonly perRole = new Map<string, number>();
  readonly statuses = new Map<string, number>();
  readonly failures = new Map<string, Failure>();
  readonly routes = new Set<string>();
  count(role: string, status: number) {
    this.perRole.set(role, (this.perRole.get(role) ?? 0) + 1);
    const key = `${role} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }
  fail(route: string, problem: string, status: number, text: string, example: string) {
    // One entry per operation and kind of problem, with its first example: the texts of one kind may quote the request.
    const key = `${route} ${problem} ${status}`;
    const known = this.failures.get(key);
    if (known) known.times += 1;
    else this.failures.set(key, { route, problem, status, text, times: 1, example });
  }
}

interface Stall {
  route: string;
  role: string;
  ms: number;
  /** Garbage collection inside the request's window: the test process's heap, not the handler's work. */
  gcMs: number;
  /** CPU time the process had in the window: a delay longer than it is the machine's load, not our work. */
  cpuMs: number;
  example: string;
}

/**
 * Measures the event loop during each request (which one stalled it) and over the whole run (the test's own work
 * between requests included). Each request's window opens once the timers are due again, so a delay left by
 * generating the request is not counted against it. A delay is the API's own when neither a garbage-collection
 * pause nor a busy machine explains it: the process must have run on the CPU for that long in the window (a
 * handler blocking the loop does), beyond any collection. The others are reported, not failed.
 */
function stallMeter() {
  const overall = monitorEventLoopDelay({ resolution: 10 });
  const current = monitorEventLoopDelay({ resolution: 10 });
  const pauses: { start: number; end: number }[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration > 5) pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  gc.observe({ entryTypes: ['gc'] });
  overall.enable();
  current.enable();
  const windows: (Omit<Stall, 'gcMs'> & { start: number; end: number })[] = [];
  let opened = 0;
  let cpu = process.cpuUsage();
  let worst = { route: '', ms: 0 };
  return {
    async open() {
      await new Promise((resolve) => setTimeout(resolve, 0));
      current.reset();
      opened = performance.now();
      cpu = process.cpuUsage();
    },
    close(route: string, role: string, example: string) {
      const ms = current.max / 1e6;
      const used = process.cpuUsage(cpu);
      if (ms > worst.ms) worst = { route, ms: Math.round(ms) };
      if (ms > STALL_LIMIT_MS) {
        const cpuMs = Math.round((used.user + used.system) / 1000);
        windows.push({ route, role, ms: Math.round(ms), cpuMs, example: example.slice(0, 400), start: opened, end: performance.now() });
      }
    },
    stop() {
      overall.disable();
      current.disable();
      gc.disconnect();
      const stalls: Stall[] = windows.map(({ start, end, ...stall }) => ({
        ...stall,
        gcMs: Math.round(
          pauses.filter((p) => p.end > start - STALL_LIMIT_MS && p.start < end).reduce((sum, p) => sum + p.end - p.start, 0),
        ),
      }));
      const ours = (stall: Stall) => Math.min(stall.ms, stall.cpuMs) - stall.gcMs > STALL_LIMIT_MS;
      return {
        /** Stalls neither the collector nor the machine's load explains: the API's own. */
        stalls: stalls.filter(ours),
        explained: stalls.filter((stall) => !ours(stall)),
        /** The longest delay inside one request, and its operation. */
        worst,
        maxMs: overall.max / 1e6,
        p99Ms: overall.percentile(99) / 1e6,
        longestGcMs: Math.max(0, ...pauses.map((p) => p.end - p.start)),
      };
    },
  };
}

/**
 * Authorization headers of each role. The anonymous one tries none, garbage, another scheme, a token whose claims
 * were edited (a manager's, under the attendant's signature) and a real token without its `Bearer`.
 */
function authorizations(): Record<Role, fc.Arbitrary<string | undefined>> {
  const real = demo.tokens[ROLES.atendente];
  const [head, , signature] = real.split('.');
  const forged = Buffer.from(JSON.stringify({ pessoa: { ID_Pessoa: 1, ID_Funcao: 13, ID_Empresa: 1 }, exp: 4102444800 })).toString(
    'base64url',
  );
  const bearer = (email: string) => fc.constant(`Bearer ${demo.tokens[email]}`);
  return {
    anonimo: fc.constantFrom(undefined, 'Bearer', 'Bearer x.y.z', 'Basic dXNlcjpzZW5oYQ==', `Bearer ${head}.${forged}.${signature}`, real),
    atendente: bearer(ROLES.atendente),
    supervisor: bearer(ROLES.supervisor),
    gerente: bearer(ROLES.gerente),
    atendenteOutraEmpresa: bearer(ROLES.atendenteOutraEmpresa),
  };
}

interface Answer {
  /** 0: no answer at all (the connection dropped, or 30 s went by). */
  status: number;
  text: string;
  json?: { success?: unknown; text?: unknown };
  type: string;
}

/**
 * One request on a connection of its own (a refusal may close its connection: no other request must fail on it),
 * with the path as written: `..` and malformed escapes reach the server as they are.
 */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(demo.app.url);
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve) => {
    const req = httpRequest({ hostname, port, method, path, headers: { ...headers, ...length }, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const type = res.headers['content-type'] ?? '';
        let json;
        try {
          json = type.includes('json') ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json, type });
      });
    });
    req.on('timeout', () => req.destroy(new Error('sem resposta em 30 s')));
    req.on('error', (error) => resolve({ status: 0, text: `sem resposta: ${error.message}`, type: '' }));
    req.end(body);
  });
}

/** A request as the report shows it: a user's token by its role, long parts cut. */
function describeRequest(role: string, method: string, url: string, headers: Record<string, string>, body?: string) {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} caracteres)` : text);
  const secret = role === 'kamailio' ? '<segredo do Kamailio>' : `<token de ${role}>`;
  const shown = role === 'anonimo' || role === 'semSegredo' ? headers : { ...headers, authorization: secret };
  return `${role}: ${method} ${cut(url, 400)} ${JSON.stringify(shown)}${body === undefined ? '' : ` ${cut(body, 2000)}`}`;
}

type Measured = ReturnType<ReturnType<typeof stallMeter>['stop']>;

/** The long run's figures (npm run fuzz), on the terminal. */
function report(title: string, tally: Tally, loop: Measured, started: number) {
  if (!LONG_RUN) return;
  const sorted = (map: Map<string, number>) => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));
  const total = [...tally.perRole.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `${title}: semente ${SEED}, ${total} requisições em ${((Date.now() - started) / 1000).toFixed(1)} s, ${tally.routes.size} operações`,
    `por papel: ${JSON.stringify(sorted(tally.perRole))}`,
    `papel e status: ${JSON.stringify(sorted(tally.statuses))}`,
    `laço de eventos: máx ${loop.maxMs.toFixed(1)} ms (o trabalho do próprio teste incluído), p99 ${loop.p99Ms.toFixed(1)} ms; ` +
      `maior numa requisição ${loop.worst.ms} ms (${loop.worst.route}); maior pausa do GC ${loop.longestGcMs.toFixed(1)} ms`,
    `pausas > ${STALL_LIMIT_MS} ms em uma requisição: ${JSON.stringify(loop.stalls, null, 1)}`,
    `pausas > ${STALL_LIMIT_MS} ms explicadas pelo GC ou pela carga da máquina: ${loop.explained.length}, ` +
      JSON.stringify(loop.explained.slice(0, 10).map(({ example: _example, ...stall }) => stall)),
    `falhas: ${JSON.stringify([...tally.failures.values()], null, 1)}`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

/** Every problem of a run, all at once: a failure lists each kind once, with how often it happened. */
function expectClean(tally: Tally, loop: Measured) {
  expect([...tally.failures.values()]).toEqual([]);
  expect(loop.stalls).toEqual([]);
}

// What the fuzz found, fixed since: the exact requests, so that they cannot come back unnoticed.
it('answers a proposal status no integer column can hold with 400, as any other unknown status (it was 500)', async () => {
  for (const ID_Status of [-9007199254740991, -2147483649, 2147483648, 1e15]) {
    const answer = await demo.app.call('PUT', '/crm/proposta', {
      token: demo.tokens[ROLES.supervisor],
      body: { PropostaID: 1, ID_Status },
    });
    expect({ ID_Status, ...answer }).toEqual({ ID_Status, status: 400, body: { success: false, text: FOLLOWUP_TEXT.statusInvalid } });
  }
});

it(
  `answers every operation, for every role, without 5xx, English texts or stalls (seed ${SEED}, ${RUNS} requests)`,
  async () => {
    const tally = new Tally();
    const roles = authorizations();
    const role = fc.constantFrom(...(Object.keys(ROLES) as Role[]));
    const request = fc
      .constantFrom(...operations)
      .chain((operation) => requestFor(operation, pools, { frameworkRefusals: true }))
      .chain((req: FuzzRequest) => role.chain((r) => fc.tuple(fc.constant(req), fc.constant(r), roles[r], fc.ipV4())));
    const meter = stallMeter();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(request, async ([{ operation, url, body }, r, authorization, address]) => {
        // Sign-in throttling counts per address: each request comes from its own.
        const headers: Record<string, string> = { 'x-forwarded-for': address };
        if (body.contentType) headers['content-type'] = body.contentType;
        if (authorization) headers.authorization = authorization;
        const example = describeRequest(r, operation.method, url, headers, body.text);
        await meter.open();
        const answer = await send(operation.method, url, headers, body.text);
        meter.close(operation.route, r, example);
        tally.routes.add(operation.route);
        tally.count(r, answer.status);
        const problem = problemOf(answer.status, answer.json);
        if (problem) tally.fail(operation.route, problem, answer.status, String(answer.json?.text ?? answer.text.slice(0, 200)), example);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const loop = meter.stop();
    report('API', tally, loop, started);
    expectClean(tally, loop);
    // Every role reached the API, and the run went past validation: some requests were served.
    expect(tally.perRole.size).toBe(Object.keys(ROLES).length);
    expect([...tally.statuses.keys()].some((key) => key.endsWith(' 200'))).toBe(true);
  },
  Math.max(60_000, RUNS * 200),
);

it(
  `answers Kamailio's random forms without 5xx, always with a text, every call event with 200 (${KAMAILIO_RUNS} requests)`,
  async () => {
    const tally = new Tally();
    const hostile = fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      'abc',
      'x'.repeat(300),
      '💥',
      '\u0000',
      '%zz',
      '1e3',
      'anonymous',
      '+5511987654321',
    );
    const field = (valid: fc.Arbitrary<string>) =>
      fc.option(fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile }), { freq: 8 });
    // Few Call-IDs, so that events find the calls the decisions recorded.
    const callId = fc.oneof(
      fc.nat(30).map((n) => `fuzz-${n}@pabx`),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    const phone = fc.oneof(
      fc.constantFrom(...pools.phones),
      fc.constantFrom(...pools.phones).map((p) => `0${p}`),
      fc.constantFrom(...pools.phones).map((p) => `+55${p}`),
      fc.constantFrom('190', '0800123456', '1001'),
    );
    const instant = fc.integer({ min: -600, max: 600 }).map((s) => (Date.now() / 1000 + s).toFixed(6));
    const forms: Record<string, fc.Arbitrary<Record<string, string | null>>> = {
      saida: fc.record({
        chamada: field(callId),
        ramal: field(fc.constantFrom(...extensions)),
        destino: field(fc.oneof(phone, fc.constantFrom(...extensions))),
      }),
      entrada: fc.record({ chamada: field(callId), origem: field(phone), did: field(fc.constantFrom(...companyNumbers)) }),
      eventos: fc.record({
        evento: field(fc.constantFrom('tocando', 'atendida', 'encerrada', 'falhou', 'reinicio')),
        chamada: field(callId),
        instante: field(instant),
        codigo: field(fc.constantFrom('200', '408', '480', '486', '487', '603', '999')),
        quem: field(fc.constantFrom('chamador', 'chamado')),
        ramal: field(fc.constantFrom(...extensions)),
      }),
    };
    const secret = `Bearer ${demo.app.config.sip.apiSecret}`;
    const request = fc.tuple(
      fc.constantFrom(...Object.keys(forms)).chain((endpoint) => fc.tuple(fc.constant(endpoint), forms[endpoint])),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(secret) },
        { weight: 1, arbitrary: fc.constantFrom<string | undefined>(undefined, 'Bearer errado') },
      ),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant('application/x-www-form-urlencoded') },
        { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/plain') },
      ),
    );
    const meter = stallMeter();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(request, async ([[endpoint, form], authorization, contentType]) => {
        const fields = Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== null);
        const body = new URLSearchParams(fields).toString();
        const headers: Record<string, string> = { 'content-type': contentType };
        if (authorization) headers.authorization = authorization;
        const url = `/telefonia/sip/${endpoint}`;
        const route = `POST ${url}`;
        const who = authorization === secret ? 'kamailio' : 'semSegredo';
        const example = describeRequest(who, 'POST', url, headers, body);
        await meter.open();
        const answer = await send('POST', url, headers, body);
        meter.close(route, who, example);
        tally.routes.add(route);
        tally.count(who, answer.status);
        const problem =
          problemOf(answer.status, undefined, false) ??
          (!answer.type.startsWith('text/plain') || !answer.text.trim()
            ? 'resposta sem texto'
            : answer.status >= 400 && ENGLISH.test(answer.text)
              ? 'texto em inglês'
              : endpoint === 'eventos' && who === 'kamailio' && contentType.endsWith('urlencoded') && answer.status !== 200
                ? 'evento recusado com status diferente de 200'
                : undefined);
        if (problem) tally.fail(route, problem, answer.status, answer.text.slice(0, 200), example);
      }),
      { seed: SEED, numRuns: KAMAILIO_RUNS },
    );
    const loop = meter.stop();
    report('Kamailio', tally, loop, started);
    expectClean(tally, loop);
  },
  Math.max(60_000, KAMAILIO_RUNS * 200),
);
