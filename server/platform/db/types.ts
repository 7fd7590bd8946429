/** The one database interface the server uses; PGlite and node-postgres both implement it. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT; any throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The embedded database only: from now on, stop and reopen it when one statement keeps it busy
   * longer than `ms` (PGlite has no statement_timeout; PostgreSQL's roles carry their own).
   */
  watchdog?(ms: number): void;
}

/** A Postgres error as both drivers report it (SQLSTATE in code). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}
