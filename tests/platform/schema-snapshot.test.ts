import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateSchemaSnapshot } from '../../server/platform/db/schema-snapshot.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// supabase/schema/ is where a reader finds what runs now (a function's current body, a table's
// policies) without replaying the migrations: generated from the migrated schema, it must be
// generated again after every migration. The test server's database is a copy of the seeded
// template: its rows differ from a fresh migration's, its schema does not.
const repo = path.join(import.meta.dirname, '..', '..');
const STALE = 'supabase/schema/ is not what the migrations build: run `npm run db:schema`';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function checkedInSnapshot(): Promise<Map<string, string>> {
  const entries = await readdir(path.join(repo, 'supabase', 'schema'), { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(repo, file).split(path.sep).join('/'), await readFile(file, 'utf8'));
  }
  return files;
}

/** What differs between files written earlier and the generated ones, one line per file. */
function differences(written: Map<string, string>, generated: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of generated) {
    if (!written.has(file)) found.push(`missing: ${file}`);
    else if (written.get(file) !== text) found.push(`changed: ${file}`);
  }
  for (const file of written.keys()) if (!generated.has(file)) found.push(`extra: ${file}`);
  return found.sort();
}

it('supabase/schema/ describes the schema the migrations build (run `npm run db:schema` when this fails)', async () => {
  const found = differences(await checkedInSnapshot(), await generateSchemaSnapshot(server.db));
  expect(found, STALE).toEqual([]);
});

it('notices a function whose body changed since the snapshot was written', async () => {
  const file = 'supabase/schema/functions/create_booking.sql';
  const before = await generateSchemaSnapshot(server.db);
  const { rows } = await server.db.query<{ definition: string }>(`select pg_get_functiondef('public.create_booking'::regproc) as definition`);
  const original = rows[0].definition;
  // A comment line at the top of the body: the function behaves the same, its text does not.
  await server.db.exec(original.replace('AS $function$\n', 'AS $function$\n-- changed after the snapshot\n'));
  try {
    const after = await generateSchemaSnapshot(server.db);
    expect(differences(before, after)).toEqual([`changed: ${file}`]);
    expect(after.get(file)).toContain('-- changed after the snapshot');
    expect(differences(await checkedInSnapshot(), after)).toContain(`changed: ${file}`);
  } finally {
    await server.db.exec(original);
  }
  expect(differences(before, await generateSchemaSnapshot(server.db))).toEqual([]);
});

it('finds a function as it runs now in one file, named after it', async () => {
  const text = await readFile(path.join(repo, 'supabase', 'schema', 'functions', 'create_booking.sql'), 'utf8');
  expect(text).toContain('CREATE OR REPLACE FUNCTION public.create_booking(');
  const readme = await readFile(path.join(repo, 'supabase', 'schema', 'README.md'), 'utf8');
  expect(readme).toContain('- [create_booking](functions/create_booking.sql)');
  expect(readme).toContain('- [bookings](tables/bookings.sql)');
});
