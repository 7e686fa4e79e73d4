import type { Database } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Database, Db, ListenOptions, Notifications, Unlisten } from './db';
export { isForeignKeyViolation, isUniqueViolation } from './errors';

/** A PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
