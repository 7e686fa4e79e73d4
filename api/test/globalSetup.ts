import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { admin, postgresUrl, TEMPLATE_VARIABLE, TEST_DB } from './database';

/**
 * Migrates one database before the run, which every test app then copies (test/database.ts): PGlite's
 * empty cluster and the migrations cost about 2 s per test file, a copy about 0.5 s. Each test file still
 * gets a database of its own, and migrate() still runs on it (finding nothing to apply).
 */
export default async function globalSetup(): Promise<void> {
  if (TEST_DB === 'pglite') {
    const db = await openPglite('memory://');
    await migrate(db);
    const file = join(mkdtempSync(join(tmpdir(), 'consig-template-')), 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
    await db.close();
    process.env[TEMPLATE_VARIABLE] = file;
    return;
  }
  const name = `consig_template_${process.pid}`;
  await admin((client) => client.query(`drop database if exists ${name}`).then(() => client.query(`create database ${name}`)));
  const db = await openPostgres(postgresUrl(name));
  await migrate(db);
  await db.close(); // a database someone is connected to cannot be a template
  process.env[TEMPLATE_VARIABLE] = name;
}
