import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './types.ts';

/**
 * PGlite turns parameters into their column's type in JavaScript, before Postgres sees them, and
 * refuses a value it cannot turn ('maybe' for a boolean) with a plain Error. PostgreSQL would refuse
 * it with 22P02 (invalid text representation): the same error is thrown here, so a caller's bad
 * value is their mistake on both databases.
 */
function asPostgresError(error: unknown): unknown {
  const type = error instanceof Error && !('code' in error) ? /^Invalid input for (\w+) type/.exec(error.message)?.[1] : undefined;
  return type ? Object.assign(new Error(`invalid input syntax for type ${type}`), { code: '22P02' }) : error;
}

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params).catch((error: unknown) => {
        throw asPostgresError(error);
      });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Embedded Postgres in this process. dataDir undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  // pg_trgm: the back office's searches by part of a name or email use its indexes (as on PostgreSQL).
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
