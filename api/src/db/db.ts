/**
 * The one database interface the whole API uses. Two adapters implement it with the same SQL:
 * embedded PGlite (default, PostgreSQL 18 in WASM) and a PostgreSQL server through `pg` (DATABASE_URL).
 */
export interface Db {
  /** One statement with $1..$n parameters; returns the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws.
   * Inside, use ONLY `tx`: on PGlite the outer handle waits for the transaction and deadlocks.
   * Calling `tx.transaction` joins the running transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

/** An open database: a `Db` that can be closed. */
export interface Database extends Db {
  close(): Promise<void>;
}
