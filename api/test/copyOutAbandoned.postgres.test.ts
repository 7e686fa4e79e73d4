import type { Readable } from 'node:stream';
import { TEST_DB, createTestDatabase, type TestDatabase } from './database';

/**
 * A COPY stream whose reader goes away (Db.copyOut on a PostgreSQL server): the download of a big export that
 * the browser cancels, or an API that shuts down in the middle of one. The statement must end on the server
 * and the connection must go, or each abandoned download would hold a backend (and its snapshot) forever and
 * the API could not close. Only a server has those connections; run with TEST_DB=postgres.
 */
if (TEST_DB !== 'postgres') throw new Error('copyOutAbandoned.postgres.test.ts needs TEST_DB=postgres');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** ~200 MB of CSV: far more than the socket buffers hold, so the server is still sending when the reader stops. */
const BIG = `select g, repeat('x', 100) from generate_series(1, 2000000) g`;

/**
 * The connections, seen from another one, whose last statement was a COPY of `select` (running, or done on a
 * connection still open: pg_stat_activity keeps an idle connection's last query).
 */
async function copiesRunning(db: TestDatabase['db'], select = BIG): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like $1`,
    [`copy (${select})%`],
  );
  return n;
}

async function untilNoCopies(db: TestDatabase['db'], select = BIG): Promise<void> {
  for (let attempt = 0; attempt < 100 && (await copiesRunning(db, select)) > 0; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Reads the first chunk and stops reading (a slow or gone client). */
async function startReading(stream: Readable): Promise<void> {
  await new Promise((resolve) => stream.once('data', resolve));
  stream.pause();
}

it('a stream destroyed before its end ends the statement on the server', async () => {
  const stream = await t.db.copyOut(BIG, [], 'format csv');
  await startReading(stream);
  expect(await copiesRunning(t.db)).toBe(1);
  stream.destroy();
  await untilNoCopies(t.db);
  expect(await copiesRunning(t.db)).toBe(0);
});

it('closing the database cuts the copies still under way, and the close finishes', async () => {
  const other = await t.connectAgain();
  const stream = await other.copyOut(BIG, [], 'format csv');
  const failed = new Promise<Error>((resolve) => stream.once('error', resolve));
  await startReading(stream);
  expect(await copiesRunning(t.db)).toBe(1);
  await other.close();
  // The reader (the export's response) learns the download is cut, and ends it.
  expect((await failed).message).toBe('Connection terminated unexpectedly');
  await untilNoCopies(t.db);
  expect(await copiesRunning(t.db)).toBe(0);
});

it('a stream read to its end closes its connection', async () => {
  const small = 'select g from generate_series(1, 3) g';
  const stream = await t.db.copyOut(small, [], 'format csv');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('1\n2\n3\n');
  await untilNoCopies(t.db, small);
  expect(await copiesRunning(t.db, small)).toBe(0);
});
