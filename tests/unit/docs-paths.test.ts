import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project explains itself: every file or folder its docs name in backticks exists, named from the
 * repository's root (or from the doc's own folder), and nothing points at documents outside it.
 */
const root = path.resolve(import.meta.dirname, '../..');

const SOURCE_DIRS = ['src', 'shared', 'server', 'sw', 'tests', 'bench', 'scripts', 'supabase'];

/** The files under the source folders (paths from the root) whose names pass `keep`. */
function filesUnder(keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (keep(entry.name)) found.push(relative);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  return found;
}

function docs(): string[] {
  const docsFolder = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', ...docsFolder, ...filesUnder((name) => name === 'README.md')];
}

/** Where the server writes at run time, not files of the repository. */
const RUNTIME = /^(\.data|DATA_DIR|test-results|dist|dist-server)\//;

/**
 * Whether a file points at the notes kept beside the repository: by their names, or by a relative path
 * that leaves the repository for a folder named shared. Paths to the repository's own shared/ are fine.
 */
function pointsOutside(file: string): boolean {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (/SPEC\.md|ARCHITECTURE\.md|LOOK\.md/.test(text)) return true;
  return [...text.matchAll(/(?:\.\.\/)+shared\b/g)].some(([climb]) => path.relative(root, path.resolve(root, path.dirname(file), climb)).startsWith('..'));
}

/** `a/b.ts`, `a/b/`, `a/b.ts:12` or `a/b.ts#anchor`: a path, as opposed to code, a MIME type or a folder named in passing (`auth/`). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, name]) => name.replace(/[:#].*$/, '').replace(/[,.]$/, ''))
    .filter((name) => name.replace(/\/$/, '').includes('/') && !name.startsWith('/') && !name.startsWith('@') && !/[*<>{}$]/.test(name))
    .filter((name) => /\.[a-z]+$|\/$/.test(name) && !RUNTIME.test(name));
}

describe('the docs', () => {
  const files = docs();

  it('are found: the README, docs/ and the READMEs beside the code', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/security.md', 'docs/back-office.md', 'src/lib/outbox/README.md']));
  });

  it.each(files)('%s names only files that exist', (doc) => {
    const missing = namedPaths(readFileSync(path.join(root, doc), 'utf8')).filter(
      (name) => !existsSync(path.join(root, name)) && !existsSync(path.join(root, path.dirname(doc), name)),
    );
    expect(missing).toEqual([]);
  });

  it.each(files)('%s points at nothing outside the repository', (doc) => {
    expect(pointsOutside(doc)).toBe(false);
  });
});

describe('the code', () => {
  it('points at no document outside the repository', () => {
    const offenders = filesUnder((name) => /\.(ts|tsx|mjs|sql|css)$/.test(name)).filter(pointsOutside);
    expect(offenders).toEqual([]);
  });
});
