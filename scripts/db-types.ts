// Writes src/lib/database.types.ts from the schema the migrations build, in a throwaway PGlite.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDatabaseTypes } from '../server/platform/db/generate-types.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { openPglite } from '../server/platform/db/pglite.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'db-types-'));
const db = await openPglite(dir);
try {
  await migrate(db);
  const target = path.join(import.meta.dirname, '..', 'src', 'lib', 'database.types.ts');
  await writeFile(target, await generateDatabaseTypes(db));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
