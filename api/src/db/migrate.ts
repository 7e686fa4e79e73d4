import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = resolve(__dirname, '../../migrations');

/**
 * Key of the transaction-level advisory lock every migration takes, so that two API instances
 * starting together on one server apply each file once (the second waits, then sees it applied).
 */
const MIGRATION_LOCK = 7_215_001;

/** Applies the migrations/NNN_name.sql files not applied yet, in order, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec(`create table if not exists schema_migrations (
        no_arquivo text primary key,
        ts_aplicada timestamptz not null default now()
      )`);
      const done = await tx.query('select 1 from schema_migrations where no_arquivo = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(readFileSync(join(dir, name), 'utf8'));
      await tx.query('insert into schema_migrations (no_arquivo) values ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
