/**
 * The embedded database's own thread. PGlite runs synchronously inside WebAssembly: a statement that
 * never ends, or one that leaves it wedged, would otherwise hold the server's event loop (and every
 * request, /api/health included) until the process is killed. Here it can only hold this thread,
 * which the server stops and replaces with a fresh one over the same data directory (pglite.ts).
 *
 * Requests are answered in the order they arrive; the server sends a transaction's statements only
 * while it holds the database, so they never interleave with another caller's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteWorkerData {
  /** Undefined keeps the database in memory. */
  dataDir?: string;
}

export type PgliteCommand = { kind: 'query'; sql: string; params: unknown[] } | { kind: 'exec'; sql: string } | { kind: 'close' };
export type PgliteRequest = PgliteCommand & { id: number };

/** An error as Postgres reported it (SQLSTATE in code), or a plain one. */
export interface PgliteErrorFields {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  where?: string;
  position?: string;
}

export type PgliteReply =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; rows: unknown[]; rowCount: number }
  /** fatal: the engine itself failed (not a SQL error): this thread must be replaced. */
  | { kind: 'error'; id: number; error: PgliteErrorFields; fatal: boolean };

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;

/**
 * PGlite turns parameters into their column's type in JavaScript, before Postgres sees them, and
 * refuses a value it cannot turn ('maybe' for a boolean) with a plain Error. PostgreSQL would refuse
 * it with 22P02 (invalid text representation): the same error is sent, so a caller's bad value is
 * their mistake on both databases.
 */
function errorFields(error: unknown): { error: PgliteErrorFields; fatal: boolean } {
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string') {
    const fields = error as Error & Omit<PgliteErrorFields, 'message'>;
    const { code, detail, hint, constraint, table, column, schema, where, position } = fields;
    return { error: { message: error.message, code, detail, hint, constraint, table, column, schema, where, position }, fatal: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  const type = /^Invalid input for (\w+) type/.exec(message)?.[1];
  if (type) return { error: { message: `invalid input syntax for type ${type}`, code: '22P02' }, fatal: false };
  // A WebAssembly trap, a stack overflow inside the engine or an abort: its state cannot be trusted.
  return { error: { message }, fatal: true };
}

const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });

port.on('message', async (request: PgliteRequest) => {
  try {
    if (request.kind === 'close') {
      await pg.close();
      port.postMessage({ kind: 'result', id: request.id, rows: [], rowCount: 0 } satisfies PgliteReply);
      return;
    }
    if (request.kind === 'exec') {
      await pg.exec(request.sql);
      port.postMessage({ kind: 'result', id: request.id, rows: [], rowCount: 0 } satisfies PgliteReply);
      return;
    }
    const result = await pg.query(request.sql, request.params);
    // PGlite counts a select's rows as 0 affected; node-postgres's rowCount counts them, as here.
    const rowCount = Math.max(result.affectedRows ?? 0, result.rows.length);
    port.postMessage({ kind: 'result', id: request.id, rows: result.rows, rowCount } satisfies PgliteReply);
  } catch (error) {
    port.postMessage({ kind: 'error', id: request.id, ...errorFields(error) } satisfies PgliteReply);
  }
});
port.postMessage({ kind: 'ready' } satisfies PgliteReply);
