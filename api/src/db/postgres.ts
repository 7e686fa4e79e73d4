import type { Readable } from 'node:stream';
import { Client, Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters, type Database, type Db } from './db';
import { PostgresListener } from './postgresListener';

const copyStatement = (select: string, params: unknown[], options: string) =>
  `copy (${inlineParameters(select, params)}) to stdout with (${options})`;

/**
 * Cuts a connection at once. client.end() would wait: a COPY the reader stopped reading blocks the server
 * in a send, so it never reads our Terminate message; a closed socket ends the statement there.
 */
function cut(client: Client): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

function clientDb(client: PoolClient): Db {
  const db: Db = {
    query: async <T>(sql: string, params?: unknown[], options?: { prepare?: string }) =>
      (await client.query({ text: sql, values: params, name: options?.prepare })).rows as T[],
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    // Inside a transaction the COPY sees the transaction's snapshot; the caller reads it to the end before committing.
    copyOut: async (select, params, options) => client.query(copyTo(copyStatement(select, params, options))),
  };
  return db;
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new Pool({ connectionString });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', (err) => console.error('PostgreSQL: conexão ociosa falhou:', err.message));
  await pool.query('select 1'); // fail at start-up, not on the first request
  const listener = new PostgresListener(connectionString);
  /** The connections of COPY streams under way (Db.copyOut), cut when the database closes. */
  const copies = new Set<Client>();
  let closing: Promise<void> | undefined;
  return {
    query: async <T>(sql: string, params?: unknown[], options?: { prepare?: string }) =>
      (await pool.query({ text: sql, values: params, name: options?.prepare })).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(clientDb(client));
        await client.query('commit');
        return result;
      } catch (err) {
        // The connection may be gone; the error worth reporting is the original one.
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async copyOut(select, params, options): Promise<Readable> {
      const client = new Client({ connectionString });
      // A cut connection emits here; the stream reports what its reader needs to know.
      client.on('error', () => undefined);
      await client.connect();
      copies.add(client);
      const stream = client.query(copyTo(copyStatement(select, params, options)));
      stream.once('close', () => {
        copies.delete(client);
        if (stream.readableEnded) void client.end().catch(() => undefined);
        else {
          // Destroyed before its end (the download was abandoned or failed): nobody reads it any more, and the
          // cut makes pg report "connection terminated" on it once more.
          stream.on('error', () => undefined);
          cut(client);
        }
      });
      return stream;
    },
    listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
    // Idempotent: tests close a second instance's connection and then drop the database.
    close() {
      for (const client of copies) cut(client); // their streams then fail, and their readers see why
      closing ??= listener.close().then(() => pool.end());
      return closing;
    },
  };
}
