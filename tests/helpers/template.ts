import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createPlatform } from '../../server/platform.ts';

export const testRoot = path.resolve('.data-test');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Changes whenever the schema or the seed changes, so a stale template is never reused. */
export function templateHash(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder('supabase/migrations'), 'server/platform/db/bootstrap.sql', ...filesUnder('server/seed')].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

export interface TemplateInfo {
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

/** Migrates and seeds one database per schema version; every test server starts from a copy of it. */
export async function ensureTemplate(): Promise<TemplateInfo> {
  const hash = templateHash();
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  const dir = path.join(testRoot, `template-${serverUrl ? 'pg' : 'pglite'}-${hash}`);
  // Named after this checkout too, so two clones testing against one server never share a template.
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 6);
  const database = serverUrl ? `tpl_${hash}_${checkout}` : undefined;
  const ready = path.join(dir, 'ready');
  if (existsSync(ready)) return { dir, database, serverUrl };

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
  return { dir, database, serverUrl };
}
