import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrate } from '../db/migrate';
import { MAX_FAILURES, clearFailures, isThrottled, recordFailure } from './throttle';

// Runs on the database selected by TEST_DB, like the integration tests: the logic is its SQL.
describe('sign-in throttle', () => {
  let database: TestDatabase;
  const t0 = new Date('2026-03-02T12:00:00Z');
  const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
  });
  afterAll(() => database.drop());
  beforeEach(() => database.db.query('delete from tentativa_login'));

  const fail = async (email: string, ip: string, times: number, at = t0) => {
    for (let i = 0; i < times; i += 1) await recordFailure(database.db, email, ip, at);
  };

  it('blocks an e-mail after 5 failures within 15 minutes, from any address', async () => {
    const { db } = database;
    await fail('a@x.br', '1.1.1.1', MAX_FAILURES - 1);
    expect(await isThrottled(db, 'a@x.br', '9.9.9.9', t0)).toBe(false);
    await fail('a@x.br', '2.2.2.2', 1);
    expect(await isThrottled(db, 'a@x.br', '9.9.9.9', minutes(1))).toBe(true);
    expect(await isThrottled(db, 'b@x.br', '9.9.9.9', minutes(1))).toBe(false);
  });

  it('blocks an address after 5 failures for any e-mails', async () => {
    const { db } = database;
    for (let i = 0; i < MAX_FAILURES; i += 1) await recordFailure(db, `u${i}@x.br`, '3.3.3.3', t0);
    expect(await isThrottled(db, 'nova@x.br', '3.3.3.3', t0)).toBe(true);
    expect(await isThrottled(db, 'nova@x.br', '4.4.4.4', t0)).toBe(false);
  });

  it('lets the e-mail in again once the failures leave the 15-minute window', async () => {
    const { db } = database;
    await fail('a@x.br', '1.1.1.1', MAX_FAILURES);
    expect(await isThrottled(db, 'a@x.br', '1.1.1.1', minutes(14))).toBe(true);
    expect(await isThrottled(db, 'a@x.br', '1.1.1.1', minutes(15))).toBe(false);
  });

  it('purges failures older than the window when it records a new one', async () => {
    const { db } = database;
    await fail('a@x.br', '1.1.1.1', 3);
    await recordFailure(db, 'b@x.br', '5.5.5.5', minutes(20));
    const rows = await db.query<{ em_email: string }>('select em_email from tentativa_login');
    expect(rows).toEqual([{ em_email: 'b@x.br' }]);
  });

  it("forgets only that e-mail's failures after a success", async () => {
    const { db } = database;
    await fail('a@x.br', '1.1.1.1', MAX_FAILURES);
    await fail('b@x.br', '1.1.1.1', 2);
    await clearFailures(db, 'a@x.br');
    expect(await isThrottled(db, 'a@x.br', '7.7.7.7', t0)).toBe(false);
    const rows = await db.query<{ n: number }>('select count(*)::int as n from tentativa_login');
    expect(rows[0].n).toBe(2);
  });
});
