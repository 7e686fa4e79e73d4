import type { Readable } from 'node:stream';

/**
 * The one database interface the whole API uses. Two adapters implement it with the same SQL:
 * embedded PGlite (default, PostgreSQL 18 in WASM) and a PostgreSQL server through `pg` (DATABASE_URL).
 */
export interface Db {
  /**
   * One statement with $1..$n parameters; returns the rows. `prepare` names it: on a PostgreSQL server each
   * connection then plans it once and reuses the plan (for hot, fixed statements whose planning costs more
   * than running them, like the queue's claim); PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: { prepare?: string }): Promise<T[]>;
  /** Several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws.
   * Inside, use ONLY `tx`: on PGlite the outer handle waits for the transaction and deadlocks.
   * Calling `tx.transaction` joins the running transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * The output of `COPY (select) TO STDOUT WITH (options)` as a byte stream, for downloads of any size.
   * PostgreSQL server: streamed on a connection of its own, outside the pool, read as the consumer reads
   * (backpressure), so memory stays flat and a slow download never holds a pooled connection; destroying
   * the stream before its end cuts that connection, which ends the statement. PGlite: it has no COPY
   * stream, so the output is made whole first (COPY TO '/dev/blob'), then streamed; fine for the embedded
   * database's sizes. COPY takes no bind parameters: `params` are written into the statement as literals
   * (inlineParameters).
   */
  copyOut(select: string, params: unknown[], options: string): Promise<Readable>;
}

/** What else a `listen` subscription wants to hear of. */
export interface ListenOptions {
  /**
   * Called once each time the channel is listened to again on a new connection after the previous one
   * dropped: whatever was notified in between is lost, and this is the cue to make up for it. Never on
   * PGlite, whose listening is in-process and never drops.
   */
  onRelisten?: () => void;
}

/** Stops one `listen` subscription. */
export type Unlisten = () => Promise<void>;

/**
 * PostgreSQL LISTEN/NOTIFY. Anyone sends with `select pg_notify(channel, payload)` through any `Db`
 * (inside a transaction it is delivered at COMMIT, and not at all on rollback); payloads must stay
 * under 8000 bytes. Notifications sent while a listening connection is down are lost, so listeners
 * use them to react sooner, never as the only copy of anything.
 */
export interface Notifications {
  /**
   * Calls `onPayload` with every notification on `channel` (lower-case letters, digits, `_`) until
   * the returned function is called. PGlite: in-process. PostgreSQL: one dedicated connection per
   * `Database` that reconnects by itself and listens again.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
}

/** An open database: a `Db` that can listen and be closed. */
export interface Database extends Db, Notifications {
  close(): Promise<void>;
}

/** Channel names are interpolated into LISTEN, so only plain identifiers are accepted. */
export function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** A value as an SQL literal: safe integers, text (quotes doubled; standard_conforming_strings is on) or null. */
function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`Valor sem forma literal segura: ${typeof value}`);
}

/**
 * `sql` with each $n replaced by `params[n-1]` as a literal, for statements that cannot bind parameters
 * (COPY). Only for SQL the code writes itself: a `$n` inside one of its string literals would be replaced too.
 */
export function inlineParameters(sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`Parâmetro $${n} sem valor`);
    return sqlLiteral(params[index]);
  });
}
