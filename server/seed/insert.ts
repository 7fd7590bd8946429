import type { Queryable } from '../platform/db/types.ts';

/**
 * Inserts many rows in one statement: the rows travel as one JSON parameter and
 * json_populate_recordset turns them into the table's row type, so values are never spliced into
 * SQL and columns left out of the rows keep their defaults.
 */
export async function insertRows(tx: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const row of rows) {
    const missing = columns.filter((column) => !(column in row));
    if (missing.length > 0) throw new Error(`seed rows for ${table} differ in shape: missing ${missing.join(', ')}`);
  }
  const list = columns.map((column) => `"${column}"`).join(', ');
  await tx.query(`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`, [
    JSON.stringify(rows),
  ]);
}
