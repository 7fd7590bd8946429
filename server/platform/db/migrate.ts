import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the SQL lives, both from source (server/platform/db) and from the bundle (dist-server). */
function findRoot(): string {
  return process.env.APP_ROOT ?? path.resolve(here, here.includes('dist-server') ? '..' : '../../..');
}

export const migrationsDir = () => path.join(findRoot(), 'supabase', 'migrations');
const bootstrapFile = () => path.join(findRoot(), 'server', 'platform', 'db', 'bootstrap.sql');

/**
 * What a Supabase project has before any migration (bootstrap.sql: roles, auth, storage, platform).
 * Safe to run again, but it costs a third of a second at every start: it runs only when the file has
 * changed since it last ran here, or when the API roles are missing (a database restored into a
 * fresh cluster keeps platform.state but not the cluster's roles).
 */
export async function applyBootstrap(db: Database): Promise<void> {
  const sql = await readFile(bootstrapFile(), 'utf8');
  const digest = createHash('sha256').update(sql).digest('hex');
  const { rows } = await db.query<{ current: boolean }>(
    `select to_regclass('platform.state') is not null
        and (select count(*) from pg_roles where rolname in ('anon', 'authenticated', 'service_role')) = 3
        as current`,
  );
  if (rows[0].current) {
    const applied = await db.query(`select 1 from platform.state where key = 'bootstrap' and value->>'sha256' = $1`, [digest]);
    if (applied.rows.length === 1) return;
  }
  await db.exec(sql);
  await db.query(
    `insert into platform.state (key, value) values ('bootstrap', jsonb_build_object('sha256', $1::text))
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [digest],
  );
}

/**
 * Applies the Supabase bootstrap, then every supabase/migrations file not yet recorded, each in its
 * own transaction, in file-name order. Returns the versions applied now.
 */
export async function migrate(db: Database): Promise<string[]> {
  await applyBootstrap(db);
  const done = new Set(
    (await db.query<{ version: string }>('select version from platform.migrations')).rows.map((r) => r.version),
  );
  const files = (await readdir(migrationsDir())).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.split('_')[0];
    if (done.has(version)) continue;
    const sql = await readFile(path.join(migrationsDir(), file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into platform.migrations (version, name) values ($1, $2)', [version, file]);
    }).catch((error: Error) => {
      throw new Error(`migration ${file} failed: ${error.message}`, { cause: error });
    });
    applied.push(version);
  }
  return applied;
}
