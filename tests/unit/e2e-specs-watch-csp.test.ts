import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every end-to-end spec takes `test` from tests/e2e/fixtures.ts, which fails a test on any
// Content-Security-Policy violation; a spec importing Playwright's own `test` would skip that check.
const dir = path.resolve('tests/e2e');
const specs = readdirSync(dir).filter((name) => name.endsWith('.spec.ts'));

describe('end-to-end specs', () => {
  it('exist', () => {
    expect(specs.length).toBeGreaterThan(10);
  });

  it.each(specs)('%s takes test and expect from fixtures.ts', (name) => {
    const source = readFileSync(path.join(dir, name), 'utf8');
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\/fixtures\.ts';/);
    const fromPlaywright = source.match(/import (type )?\{([^}]*)\} from '@playwright\/test';/);
    if (fromPlaywright && !fromPlaywright[1]) {
      expect(fromPlaywright[2].split(',').map((name) => name.trim().split(' ')[0])).not.toContain('test');
    }
  });
});
