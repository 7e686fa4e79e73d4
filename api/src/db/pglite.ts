import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { assertChannel, inlineParameters, type Database, type Db } from './db';

type PgliteHandle = Pick<Transaction, 'query' | 'exec'>;

function wrap(handle: PgliteHandle, transaction: Db['transaction']): Db {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await handle.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await handle.exec(sql);
    },
    transaction,
    async copyOut(select, params, options) {
      const { blob } = await handle.query(`copy (${inlineParameters(select, params)}) to '/dev/blob' with (${options})`);
      return blob ? Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>) : Readable.from([]);
    },
  };
}

/**
 * `dataDir` is a folder (created when missing) or 'memory://' for a throw-away database. `from` is a data
 * folder dumped by `dumpPglite` to start from instead of an empty cluster (a test's migrated template).
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, from ? { loadDataDir: from } : {});
  const txDb = (tx: Transaction): Db => wrap(tx, (fn) => fn(txDb(tx)));
  return {
    ...wrap(pg, (fn) => pg.transaction((tx) => fn(txDb(tx)))),
    // One process, one connection: LISTEN and NOTIFY happen in-process, through the same code path
    // as on a server.
    async listen(channel, onPayload) {
      assertChannel(channel);
      const unlisten = await pg.listen(channel, onPayload);
      // After close there is nothing left to unsubscribe from.
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    close: () => pg.close(),
    /** The data folder as a tar, for `from` (tests copy one migrated database instead of migrating each). */
    dump: () => pg.dumpDataDir('none'),
  };
}
