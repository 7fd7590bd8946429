import type { Queryable } from '../db/types.ts';
import type { ResourceShape } from './query.ts';

/** How long a figure is trusted before it is read again. */
const freshForMs = 30_000;
/** Past this many rows (as the table's size on disk suggests) a table is not counted, only estimated. */
const countUpTo = 100_000;

/**
 * The facts the bound on a read's rows needs (limits.ts worstCaseRows), read as the database owner
 * (so no policy hides rows from the count) and kept for half a minute: how many rows a table holds,
 * and the most rows that share one value of a foreign key (the most children one parent has). Both
 * counted exactly, not taken from statistics, which average skew away; a table too large to count
 * quickly is estimated from its size on disk instead.
 */
export class TableStats {
  private readonly known = new Map<string, { value: number; at: number }>();

  private async cached(key: string, read: () => Promise<number>): Promise<number> {
    const hit = this.known.get(key);
    if (hit && hit.at + freshForMs > Date.now()) return hit.value;
    const value = await read();
    this.known.set(key, { value, at: Date.now() });
    return value;
  }

  /** Rows in a table as its size on disk suggests: the last ANALYZE's density, or a hundred a page. */
  private estimate(db: Queryable, table: string): Promise<number> {
    return this.cached(`estimate:${table}`, async () => {
      const { rows } = await db.query<{ rows: number }>(
        `select ceil(case when c.relpages > 0 and c.reltuples > 0 then c.reltuples / c.relpages else 100 end
                     * greatest(pg_relation_size(c.oid) / current_setting('block_size')::int, 1))::float8 as rows
           from pg_class c where c.oid = format('public.%I', $1::text)::regclass`,
        [table],
      );
      return Number(rows[0]?.rows ?? Number.POSITIVE_INFINITY);
    });
  }

  rows(db: Queryable, table: string): Promise<number> {
    return this.cached(`rows:${table}`, async () => {
      const estimate = await this.estimate(db, table);
      if (estimate > countUpTo) return estimate;
      const { rows } = await db.query<{ n: number }>(`select count(*)::float8 as n from public.${quote(table)}`);
      return Number(rows[0].n);
    });
  }

  fanout(db: Queryable, table: string, columns: string[]): Promise<number> {
    return this.cached(`fanout:${table}:${columns.join(',')}`, async () => {
      const estimate = await this.estimate(db, table);
      if (estimate > countUpTo) return estimate;
      const key = columns.map(quote).join(', ');
      const { rows } = await db.query<{ n: number }>(
        `select coalesce(max(n), 0)::float8 as n from (select count(*) as n from public.${quote(table)} group by ${key}) s`,
      );
      return Number(rows[0].n);
    });
  }

  /** Reads every figure a shape needs and answers them synchronously for worstCaseRows. */
  async of(db: Queryable, shape: ResourceShape): Promise<{ rows(table: string): number; fanout(table: string, columns: string[]): number }> {
    const rows = new Map<string, number>();
    const fanouts = new Map<string, number>();
    const visit = async (node: ResourceShape) => {
      if (node.table !== null) rows.set(node.table, await this.rows(db, node.table));
      if (node.junction !== null) rows.set(node.junction, await this.rows(db, node.junction));
      const keyTable = node.junction ?? node.table;
      if (keyTable !== null && node.parentKey.length > 0) {
        fanouts.set(`${keyTable}:${node.parentKey.join(',')}`, await this.fanout(db, keyTable, node.parentKey));
      }
      for (const child of node.children) await visit(child);
    };
    await visit(shape);
    return {
      rows: (table) => rows.get(table) ?? Number.POSITIVE_INFINITY,
      fanout: (table, columns) => fanouts.get(`${table}:${columns.join(',')}`) ?? Number.POSITIVE_INFINITY,
    };
  }
}

/** An identifier already checked against the schema cache, quoted. */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
