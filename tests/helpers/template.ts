import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createPlatform } from '../../server/platform.ts';

export const testRoot = path.resolve('.data-test');

/** Bytes free in /dev/shm (a container's may be 64 MB, too small for two copies), or 0 without one. */
function memoryFolderFree(): number {
  if (!existsSync('/dev/shm')) return 0;
  const { bavail, bsize } = statfsSync('/dev/shm');
  return bavail * bsize;
}

/**
 * Where each test server's copy of the template lives. In memory (/dev/shm) when the machine has a gigabyte there:
 * the copy of PGlite's 1,700 files takes 0.1 s there against 0.7-0.9 s on this disk, and sixty-odd
 * servers start in a run. One folder per run (the global setup's process id, in TEST_RUN_ROOT), so
 * that a run clears its own and the ones of runs that were cut off, never another's under way.
 */
export const runsRoot = memoryFolderFree() >= 2 ** 30 ? '/dev/shm/kilele-test-runs' : path.join(testRoot, 'runs');
export const runRoot = () => process.env.TEST_RUN_ROOT ?? path.join(runsRoot, String(process.pid));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Changes whenever the schema or the seed changes, so a stale template is never reused; and every
 * hour, since the seed dates its trips and bookings from today (a template is never a day behind).
 */
export function templateHash(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder('supabase/migrations'), 'server/platform/db/bootstrap.sql', ...filesUnder('server/seed')].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  hash.update(new Date().toISOString().slice(0, 13));
  return hash.digest('hex').slice(0, 12);
}

export interface TemplateInfo {
  /** What names this template: the schema, the seed and the hour it was made in. */
  hash: string;
  /** A data directory (jwt secret, admin credentials, and PGlite's pgdata when embedded). */
  dir: string;
  /** On PostgreSQL: the template database's name. */
  database?: string;
  serverUrl?: string;
}

export function adminUrl(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates and seeds one database per schema version and hour; every test server starts from a copy
 * of it. A run keeps the one its global setup chose (TEST_TEMPLATE_HASH), even past the hour.
 * On PostgreSQL when given its address (TEST_DATABASE_URL); null, embedded (PGlite).
 */
export async function ensureTemplate(databaseUrl: string | null = process.env.TEST_DATABASE_URL || null): Promise<TemplateInfo> {
  const hash = process.env.TEST_TEMPLATE_HASH ?? templateHash();
  const serverUrl = databaseUrl ?? undefined;
  const kind = serverUrl ? 'pg' : 'pglite';
  const dir = path.join(testRoot, `template-${kind}-${hash}`);
  // Named after this checkout too, so two clones testing against one server never share a template.
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 6);
  const database = serverUrl ? `tpl_${hash}_${checkout}` : undefined;
  const ready = path.join(dir, 'ready');
  if (existsSync(ready)) return { hash, dir, database, serverUrl };

  // Built aside and renamed into place when whole: two test runs started together (or a run cut off
  // halfway) never leave a half-built template where the next run would take it as ready.
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  if (serverUrl && database) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    // Templates of this checkout's earlier schema versions are of no more use.
    const stale = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'tpl\\_%\\_' || $1`,
      [checkout],
    );
    for (const { datname } of stale.rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.query(`create database ${database}`);
    await client.end();
  }
  const config = loadConfig(
    {},
    { dataDir: building, databaseUrl: serverUrl && database ? adminUrl(serverUrl, database) : undefined, logLevel: 'silent' },
  );
  const platform = await createPlatform(config);
  await platform.close();
  await writeFile(path.join(building, 'ready'), new Date().toISOString());
  if (existsSync(ready)) {
    // Another run finished the same template first: theirs is in use.
    await rm(building, { recursive: true, force: true });
  } else {
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
  }
  // Earlier hours' templates, once no run can still be copying them.
  for (const name of readdirSync(testRoot)) {
    const old = path.join(testRoot, name);
    if (name.startsWith(`template-${kind}-`) && old !== dir && Date.now() - statSync(old).mtimeMs > 2 * 3_600_000) await rm(old, { recursive: true, force: true });
  }
  return { hash, dir, database, serverUrl };
}
