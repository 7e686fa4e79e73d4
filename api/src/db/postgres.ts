import { Pool, type PoolClient } from 'pg';
import type { Database, Db } from './db';
import { PostgresListener } from './postgresListener';

function clientDb(client: PoolClient): Db {
  const db: Db = {
    query: async <T>(sql: string, params?: unknown[], options?: { prepare?: string }) =>
      (await client.query({ text: sql, values: params, name: options?.prepare })).rows as T[],
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
  };
  return db;
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new Pool({ connectionString });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', (err) => console.error('PostgreSQL: conexão ociosa falhou:', err.message));
  await pool.query('select 1'); // fail at start-up, not on the first request
  const listener = new PostgresListener(connectionString);
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
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    // Idempotent: tests close a second instance's connection and then drop the database.
    close() {
      closing ??= listener.close().then(() => pool.end());
      return closing;
    },
  };
}
