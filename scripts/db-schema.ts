// Writes supabase/schema/ from the schema the migrations build, in a throwaway PGlite.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../server/platform/db/migrate.ts';
import { openPglite } from '../server/platform/db/pglite.ts';
import { generateSchemaSnapshot } from '../server/platform/db/schema-snapshot.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'db-schema-'));
const db = await openPglite(dir);
try {
  await migrate(db);
  const files = await generateSchemaSnapshot(db);
  const root = path.join(import.meta.dirname, '..');
  // Written from scratch, so a dropped table or function leaves no file behind.
  await rm(path.join(root, 'supabase', 'schema'), { recursive: true, force: true });
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  console.log(`wrote ${files.size} files to supabase/schema`);
} finally {
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
