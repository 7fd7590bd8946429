import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app's schemas are made with shared/zod.ts's z, which runs jitless: zod's own z compiles
// parsers with `new Function`, which the site's Content-Security-Policy refuses.
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('zod in the browser', () => {
  it('is imported through shared/zod.ts only', () => {
    const direct = [...sources(path.resolve('src')), ...sources(path.resolve('shared'))]
      .filter((file) => file !== path.resolve('shared', 'zod.ts'))
      .filter((file) => /from 'zod(\/[^']*)?'/.test(readFileSync(file, 'utf8')));
    expect(direct.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });

  it('is jitless once shared/zod.ts has run', async () => {
    const { z } = await import('../../shared/zod.ts');
    expect(z.config().jitless).toBe(true);
  });
});
