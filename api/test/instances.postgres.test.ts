import { readdirSync } from 'node:fs';
import { readEnv, resolveSecrets } from '../src/config';
import type { Database } from '../src/db';
import { DEMO_USERS } from '../src/db/demoData';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase, TEST_DB, type TestDatabase } from './database';
import { eventually } from './eventually';

/**
 * What only a PostgreSQL server can show: several real connections (several API instances) on one
 * database, and a connection that breaks. PGlite is one process per data folder (src/db/dataDirLock.ts
 * refuses a second one), so these cases do not exist there. The API's jest config runs `*.postgres.test.ts`
 * files only with TEST_DB=postgres.
 */
if (TEST_DB !== 'postgres') throw new Error('instances.postgres.test.ts needs TEST_DB=postgres');

const migrationFiles = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));

describe('two instances starting together on an empty database', () => {
  it('apply every migration once, seed once and share the generated secrets', async () => {
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
});

describe('the LISTEN connection', () => {
  let database: TestDatabase;
  let listener: Database;
  let sender: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    listener = database.db;
    sender = await database.connectAgain();
  });
  afterAll(() => database.drop());

  it('reconnects and listens again when its connection is killed', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const got: string[] = [];
    const unlisten = await listener.listen('teste_reconexao', (payload) => got.push(payload));
    const killed = await sender.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as killed, pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await eventually(async () => {
      await sender.query('select pg_notify($1, $2)', ['teste_reconexao', 'de novo']);
      return got.length > 0;
    }, 15_000);
    expect(got[0]).toBe('de novo');
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL: conexão de LISTEN perdida .*; reconectando$/));
    logged.mockRestore();
    await unlisten();
  });
});
