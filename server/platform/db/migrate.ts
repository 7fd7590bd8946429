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

/** What a Supabase project has before any migration (bootstrap.sql: roles, auth, storage, platform); safe to run again. */
export async function applyBootstrap(db: Database): Promise<void> {
  await db.exec(await readFile(bootstrapFile(), 'utf8'));
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
