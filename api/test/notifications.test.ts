import type { Database } from '../src/db';
import { createTestDatabase, type TestDatabase } from './database';
import { eventually } from './eventually';

// Db.listen on the database TEST_DB selects; the sender is another connection (PGlite: the same one).
let database: TestDatabase;
let listener: Database;
let sender: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = database.db;
  sender = await database.connectAgain();
});
afterAll(() => database.drop());

const notify = (channel: string, payload: string, on: Pick<Database, 'query'> = sender) =>
  on.query('select pg_notify($1, $2)', [channel, payload]);

describe('Db.listen', () => {
  it('delivers notifications from another connection, only once committed, until unlistened', async () => {
    const got: string[] = [];
    const unlisten = await listener.listen('teste_canal', (payload) => got.push(payload));

    await expect(
      sender.transaction(async (tx) => {
        await notify('teste_canal', 'desfeita', tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await sender.transaction(async (tx) => {
      await notify('teste_canal', 'um', tx);
      await notify('teste_canal', 'dois', tx);
    });
    await notify('outro_canal', 'não é deste canal');
    await notify('teste_canal', 'três');
    await eventually(() => got.length === 3);
    expect(got).toEqual(['um', 'dois', 'três']);

    await unlisten();
    await notify('teste_canal', 'depois');
    // A second listener on the channel proves the notification went out and was not handed to the first.
    const witness: string[] = [];
    const stopWitness = await listener.listen('teste_canal', (payload) => witness.push(payload));
    await notify('teste_canal', 'testemunha');
    await eventually(() => witness.includes('testemunha'));
    expect(got).toEqual(['um', 'dois', 'três']);
    await stopWitness();
  });

  it('refuses channel names that are not plain identifiers', async () => {
    await expect(listener.listen('canal; drop table tarefa', () => undefined)).rejects.toThrow(/Invalid notification channel/);
  });
  // Reconnection after the listening connection is killed: test/instances.postgres.test.ts (only a server
  // has a connection that can break).
});
