import 'fake-indexeddb/auto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownWriteKinds, loadWriteKind } from '../../src/app/write-kinds.ts';
import { writeRegistry } from '../../src/lib/outbox/registry.ts';

// The engine loads a waiting write's kind by name (app/write-kinds.ts), so that a write made on one
// page is sent from any other: every kind the app defines must be loadable that way.

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(full)));
    else if (/\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** Kinds named in the source: `kind: '…'` right inside a defineWrite or defineAppendWrite call. */
async function kindsInSource(): Promise<string[]> {
  const kinds: string[] = [];
  for (const file of await sourceFiles(path.resolve('src'))) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/define(?:Append)?Write<[^(]*\(\{\s*kind: '([^']+)'/g)) kinds.push(match[1]);
  }
  return kinds.sort();
}

describe('the kinds of write the engine can load', () => {
  it('lists every kind the source defines, and nothing else', async () => {
    const defined = await kindsInSource();
    expect(defined.length).toBeGreaterThan(8);
    expect([...knownWriteKinds].sort()).toEqual(defined);
  });

  it('defines each kind once its module is loaded by name', async () => {
    for (const kind of knownWriteKinds) {
      await loadWriteKind(kind);
      expect(writeRegistry.get(kind)?.kind, kind).toBe(kind);
    }
  });

  it('loads nothing for a kind it does not know', async () => {
    await expect(loadWriteKind('an.older.kind')).resolves.toBeUndefined();
    expect(writeRegistry.get('an.older.kind')).toBeUndefined();
  });
});
