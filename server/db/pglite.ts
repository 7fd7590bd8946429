import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './types.ts';

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Embedded Postgres in this process. dataDir undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
