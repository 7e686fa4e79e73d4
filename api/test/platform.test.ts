import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { readEnv, resolveSecrets } from '../src/config';
import type { Db } from '../src/db';
import { DEMO_USERS } from '../src/db/demo-data';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase } from './database';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    extend(app) {
      // Test-only route: an unexpected failure deep inside a handler.
      app.get('/teste/falha', { schema: { hide: true } }, async () => {
        throw new Error('detalhe interno: senha do banco em /etc/segredo');
      });
    },
  });
});
afterAll(() => t.close());

const migrationFiles = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));

describe('error envelopes', () => {
  it('answers an unknown route with the 404 envelope, with or without a token', async () => {
    const notFound = { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
    expect(await t.call('GET', '/nao/existe')).toEqual(notFound);
    const token = await t.login('gerente@demo.com.br');
    expect(await t.call('GET', '/nao/existe', { token })).toEqual(notFound);
    expect(await t.call('DELETE', '/atendente', { token })).toEqual(notFound);
  });

  it('answers an unexpected error with the 500 envelope, no details, and logs it', async () => {
    const response = await fetch(`${t.url}/teste/falha`);
    const raw = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(raw)).toEqual({ success: false, text: 'Erro interno do servidor. Tente novamente.' });
    expect(raw).not.toMatch(/segredo|stack|at .*\.ts/);
    expect(logLines.join('')).toContain('detalhe interno: senha do banco em /etc/segredo');
  });
});

describe('OpenAPI', () => {
  it('describes every endpoint at /docs/json, protected ones with the bearer scheme', async () => {
    const { status, body } = await t.call('GET', '/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const operations = Object.entries(body.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.map((o) => o.route).sort()).toEqual(
      [
        'POST /lnk/token',
        'GET /atendente/ramal',
        'GET /atendente',
        'GET /atendente/status',
        'PUT /atendente/tabular',
        'GET /atendente/lead',
        'GET /cadastro/campanhas',
        'GET /crm/proposta/status',
        'GET /crm/proposta/status/possiveis',
      ].sort(),
    );
    for (const { route, op } of operations) {
      expect({ route, security: op.security }).toEqual({
        route,
        security: route === 'POST /lnk/token' ? undefined : [{ bearer: [] }],
      });
    }
    expect(body.paths['/lnk/token'].post.requestBody.content['application/json'].schema.required).toEqual(['EM_Email', 'PW_Senha']);
  });

  it('serves swagger-ui at /docs', async () => {
    const response = await fetch(`${t.url}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('CORS', () => {
  it('allows any origin by default (bearer tokens, no cookies)', async () => {
    const response = await fetch(`${t.url}/atendente`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
  });
});

describe('database adapter (the one selected by TEST_DB)', () => {
  const keys = async () =>
    (await t.db.query<{ co_chave: string }>("select co_chave from configuracao where co_chave like 'teste_%' order by 1")).map(
      (r) => r.co_chave,
    );
  const put = (db: Db, key: string) => db.query('insert into configuracao (co_chave, de_valor) values ($1, $2)', [key, 'x']);

  it('commits a transaction whose callback resolves, with nested calls joining it', async () => {
    const result = await t.db.transaction(async (tx) => {
      await put(tx, 'teste_a');
      await tx.transaction((inner) => put(inner, 'teste_b'));
      return 42;
    });
    expect(result).toBe(42);
    expect(await keys()).toEqual(['teste_a', 'teste_b']);
  });

  it('rolls the whole transaction back when the callback throws', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await put(tx, 'teste_c');
        await tx.transaction((inner) => put(inner, 'teste_d'));
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await expect(t.db.transaction((tx) => put(tx, 'teste_a'))).rejects.toThrow(/duplicate key|unique/);
    expect(await keys()).toEqual(['teste_a', 'teste_b']);
  });
});

describe('migrations, demo data and secrets', () => {
  it('are no-ops when run again', async () => {
    const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
    const before = { migrations: await count('schema_migrations'), people: await count('pessoa'), proposals: await count('proposta') };
    expect(before.migrations).toBe(migrationFiles.length);
    expect(await migrate(t.db)).toEqual([]);
    expect(await seedDemoData(t.db)).toBe(false);
    expect({ migrations: await count('schema_migrations'), people: await count('pessoa'), proposals: await count('proposta') }).toEqual(before);
  });

  it('are applied once when two instances start together on an empty database', async () => {
    const fresh = await createTestDatabase();
    try {
      const other = await fresh.connectAgain();
      const applied = await Promise.all([migrate(fresh.db), migrate(other)]);
      expect(applied.flat().sort()).toEqual(migrationFiles.sort());
      const seeded = await Promise.all([seedDemoData(fresh.db), seedDemoData(other)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const [{ n }] = await fresh.db.query<{ n: number }>('select count(*)::int as n from pessoa');
      expect(n).toBe(DEMO_USERS.length);

      const env = readEnv({});
      const [a, b] = await Promise.all([resolveSecrets(env, fresh.db), resolveSecrets(env, other)]);
      expect(a.jwtSecret).toBe(b.jwtSecret);
      expect(a.sip.secret).toBe(b.sip.secret);
      expect(a.jwtSecret).toHaveLength(43);
      expect(a.jwtSecret).not.toBe(a.sip.secret);
      const given = await resolveSecrets(readEnv({ JWT_SECRET: 'segredo-do-ambiente-123' }), fresh.db);
      expect(given.jwtSecret).toBe('segredo-do-ambiente-123');
      expect(given.sip.secret).toBe(a.sip.secret);
    } finally {
      await fresh.drop();
    }
  });

  it('store passwords as scrypt hashes only', async () => {
    const rows = await t.db.query<{ pw_senha: string }>('select pw_senha from pessoa');
    for (const { pw_senha } of rows) {
      expect(pw_senha).toMatch(/^scrypt\$/);
      for (const user of DEMO_USERS) expect(pw_senha).not.toContain(user.password);
    }
  });
});
