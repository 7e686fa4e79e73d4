import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { readEnv, resolveSecrets, type Config } from '../src/config';
import type { Database } from '../src/db';
import { DEMO_USERS, demoUser, type DemoClient } from '../src/db/demoData';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  config: Config;
  url: string;
  /** Calls the API over real HTTP; `token` becomes the bearer header, `body` is sent as JSON. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
    // The answer's JSON: each test asserts the shape it expects (toEqual/toMatchObject), which is the
    // check; typing it per route would repeat the contracts in every test.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any }>;
  /** Signs a demo user in (by e-mail) and returns the token. */
  login(email: string): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Pick<BuildAppOptions, 'logger' | 'realtime' | 'clock' | 'callSweepIntervalMs'>> {
  /** Registers extra, test-only routes before the app starts listening. */
  extend?(app: FastifyInstance): void;
  /**
   * Starts a second API instance on that app's database, through a connection of its own
   * (PostgreSQL; PGlite has one). Closing it closes that connection and leaves the database.
   */
  sameDatabaseAs?: TestApp;
  /** Environment variables the app's configuration reads (readEnv), beside the harness's own. */
  env?: Record<string, string>;
}

/** Request budgets out of reach: tests fire far faster than anyone works (rateLimit.test.ts passes its own). */
const NO_REQUEST_BUDGETS = {
  RATE_LIMIT_PERSON_PER_S: '1000000',
  RATE_LIMIT_PERSON_BURST: '1000000',
  RATE_LIMIT_ADDRESS_PER_S: '1000000',
  RATE_LIMIT_ADDRESS_BURST: '1000000',
};

/**
 * A fresh database (migrated and seeded) and the app listening on a random local port.
 * TRUST_PROXY is on so each test can sign in from its own X-Forwarded-For address and the
 * per-address throttling of one test does not leak into the next.
 */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const joined = options.sameDatabaseAs;
  const database = joined ? joined.database : await createTestDatabase({ migrated: true });
  const db = joined ? await database.connectAgain() : database.db;
  await migrate(db);
  await seedDemoData(db);
  const config = await resolveSecrets(readEnv({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent', ...NO_REQUEST_BUDGETS, ...options.env }), db);
  const app = await buildApp({
    config,
    db,
    logger: options.logger ?? false,
    realtime: options.realtime,
    clock: options.clock,
    callSweepIntervalMs: options.callSweepIntervalMs,
  });
  options.extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call: TestApp['call'] = async (method, path, { token, body, headers } = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  return {
    app,
    db,
    database,
    config,
    url,
    call,
    async login(email) {
      const { status, body } = await call('POST', '/lnk/token', {
        body: { EM_Email: email, PW_Senha: demoUser(email).password },
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(body)}`);
      return body.token;
    },
    async close() {
      await app.close();
      await (joined ? db.close() : database.drop());
    },
  };
}

/** The `pessoa` carried in a token's middle part. */
export const decodeToken = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/**
 * A test app with every demo user signed in, for a test file's lifetime. Inside tests: `demo.app`,
 * `demo.tokens[email]`, and `demo.get(path, email)`, a GET with that user's token.
 */
export function useSignedInDemoApp(options: Pick<StartOptions, 'clock' | 'env' | 'callSweepIntervalMs'> = {}) {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp(options);
    for (const user of DEMO_USERS) tokens[user.email] = await app.login(user.email);
  });
  afterAll(() => app.close());
  return {
    get app() {
      return app;
    },
    tokens,
    get: (path: string, email: string) => app.call('GET', path, { token: tokens[email] }),
  };
}

/** The id a demo client got when the seed inserted it (found by company and CPF: the seed appends the check digits). */
export async function demoClientId(db: Pick<Database, 'query'>, client: DemoClient): Promise<number> {
  const [row] = await db.query<{ id: number }>("select id_cliente as id from cliente where id_empresa = $1 and co_cpf like $2 || '__'", [
    client.company,
    client.cpfBase,
  ]);
  return row.id;
}
