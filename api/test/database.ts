import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { Database } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/**
 * Which database the tests run on: TEST_DB=pglite (default: a fresh in-memory PGlite per test file)
 * or TEST_DB=postgres (a fresh database consig_t_<random> on TEST_POSTGRES_URL, dropped afterwards).
 */
export const TEST_DB = process.env.TEST_DB ?? 'pglite';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (TEST_DB !== 'pglite' && TEST_DB !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, not ${TEST_DB}`);

export interface TestDatabase {
  db: Database;
  /** Another connection to the same database (on PGlite, which has one, the same handle). */
  connectAgain(): Promise<Database>;
  /** Closes every connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/** The URL of database `name` on the test server. */
export function postgresUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Where test/globalSetup.ts left the migrated template (a PGlite data folder's tar, or a PostgreSQL
 * database name): copying it is a fraction of opening an empty cluster and running every migration.
 */
export const TEMPLATE_VARIABLE = 'CONSIG_TEST_TEMPLATE';

/**
 * A fresh database: empty, or `{ migrated: true }` a copy of the migrated template (when the run has
 * one; the caller migrates anyway, which then finds nothing left to apply).
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<TestDatabase> {
  const template = migrated ? process.env[TEMPLATE_VARIABLE] : undefined;
  if (TEST_DB === 'pglite') {
    const db = await openPglite('memory://', template ? new Blob([readFileSync(template)]) : undefined);
    return { db, connectAgain: async () => ({ ...db, close: async () => undefined }), drop: () => db.close() };
  }
  const name = `consig_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const connections: Database[] = [];
  const connect = async () => {
    const db = await openPostgres(postgresUrl(name));
    connections.push(db);
    return db;
  };
  return {
    db: await connect(),
    connectAgain: connect,
    async drop() {
      await Promise.all(connections.map((db) => db.close()));
      await admin((client) => client.query(`drop database ${name} with (force)`));
    },
  };
}
