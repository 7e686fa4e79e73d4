import { shippedMigrations } from '../src/health/readiness';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';

/** How long one readiness answer serves later probes (src/health/routes.ts), and a little more. */
const READINESS_STALE_MS = 1_500;

// The probes a process manager or load balancer calls: public, no token (docs/architecture.md "Scale-out").

describe('with the database up and migrated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('/health/live answers 200 without a token', async () => {
    expect(await t.call('GET', '/health/live')).toEqual({ status: 200, body: { success: true, text: 'API no ar.' } });
  });

  test('/health/ready answers 200 without a token when every migration is applied', async () => {
    expect(await t.call('GET', '/health/ready')).toEqual({ status: 200, body: { success: true, text: 'API pronta.' } });
  });

  test('/health/ready answers 503 naming a migration the database lacks, and 200 again once it is applied', async () => {
    const last = shippedMigrations().at(-1)!;
    const [row] = await t.db.query<{ ts_aplicada: Date }>('delete from schema_migrations where no_arquivo = $1 returning ts_aplicada', [
      last,
    ]);
    try {
      await eventually(async () => (await t.call('GET', '/health/ready')).status === 503, READINESS_STALE_MS);
      expect(await t.call('GET', '/health/ready')).toEqual({
        status: 503,
        body: { success: false, text: `Migrações não aplicadas: ${last}.` },
      });
    } finally {
      await t.db.query('insert into schema_migrations (no_arquivo, ts_aplicada) values ($1, $2)', [last, row.ts_aplicada]);
    }
    await eventually(async () => (await t.call('GET', '/health/ready')).status === 200, READINESS_STALE_MS);
  });

  test('/health/ready asks the database once for a burst of probes (they are public and never budgeted)', async () => {
    await new Promise((resolve) => setTimeout(resolve, READINESS_STALE_MS));
    const query = jest.spyOn(t.app.db, 'query');
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => t.call('GET', '/health/ready')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const readinessQueries = query.mock.calls.filter(([sql]) => String(sql).includes('schema_migrations'));
      expect(readinessQueries.length).toBeLessThanOrEqual(2);
      expect(readinessQueries.length).toBeGreaterThanOrEqual(1);
    } finally {
      query.mockRestore();
    }
  });
});

test('/health/ready answers 503 once the database is gone, while /health/live still answers 200', async () => {
  const t = await startTestApp();
  try {
    // Closes every connection (and, on PostgreSQL, drops the database): the API can no longer reach it.
    await t.database.drop();
    await eventually(async () => (await t.call('GET', '/health/ready')).status === 503, READINESS_STALE_MS);
    expect(await t.call('GET', '/health/ready')).toEqual({ status: 503, body: { success: false, text: 'Banco de dados indisponível.' } });
    expect((await t.call('GET', '/health/live')).status).toBe(200);
  } finally {
    await t.app.close();
  }
});
