import type { Database } from '../platform/db/types.ts';

/** The platform.state key the demo seed claims in its own transaction. */
export const seededKey = 'demo_seeded';

/**
 * Whether this database already holds the demo company. The server asks this before it loads the
 * seed's code at all: the seed (content, an SVG painter, a year of office work) is a chunk of its own
 * that only a first start reads.
 */
export async function demoSeeded(db: Database): Promise<boolean> {
  const done = await db.query('select 1 from platform.state where key = $1', [seededKey]);
  return done.rows.length > 0;
}
