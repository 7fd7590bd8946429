import pg from 'pg';
import { checkParameters } from './bounded-values.ts';
import type { Database, Queryable, QueryResult } from './types.ts';

// bigint as a number when it is safe, as PGlite returns it, so both drivers give the same rows.
pg.types.setTypeParser(20, (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      // The same bound as on the embedded database, so a value is refused (or taken) on both.
      checkParameters(params);
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export async function openPostgres(
  connectionString: string,
  options: { max?: number; onIdleConnectionLost?: (reason: string) => void } = {},
): Promise<Database> {
  // Pipeline mode sends queued statements without waiting for each answer, so a request's
  // begin, role settings and query travel in one round trip as PostgREST's do.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, pipeline: true });
  // A connection the server ends while it sits idle (a restart, an administrator, a dropped
  // database) leaves the pool, and the next query opens another; unheard, its error would end the process.
  pool.on('error', (error) => options.onIdleConnectionLost?.(error.message));
  // Fail fast on a wrong URL instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        const begun = client.query('begin');
        const [, result] = await Promise.all([begun, fn(wrap(client))]);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
