import { readdirSync } from 'node:fs';
import type { Db } from '../db';
import { MIGRATIONS_DIR } from '../db/migrate';

/** The texts of a /health/ready that says no (503), for the operator reading it. */
export const NOT_READY_TEXT = {
  database: 'Banco de dados indisponível.',
  migrations: (missing: string[]) => `Migrações não aplicadas: ${missing.join(', ')}.`,
} as const;

export type Readiness = { ready: true } | { ready: false; text: string };

/** The migration files this build ships, in order (the same filter as db/migrate.ts). */
export function shippedMigrations(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * Ready to take traffic: the database answers and has every migration this build ships. A replica started
 * with newer code than its database (a migration still running on another instance) stays out of the
 * load balancer until it is applied.
 */
export async function checkReadiness(db: Pick<Db, 'query'>, migrations: readonly string[]): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const rows = await db.query<{ no_arquivo: string }>('select no_arquivo from schema_migrations');
    applied = new Set(rows.map((row) => row.no_arquivo));
  } catch {
    // Closed, unreachable, or not even migrated once (no schema_migrations): all the same to a load balancer.
    return { ready: false, text: NOT_READY_TEXT.database };
  }
  const missing = migrations.filter((name) => !applied.has(name));
  return missing.length ? { ready: false, text: NOT_READY_TEXT.migrations(missing) } : { ready: true };
}
