import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientManifest, routeComponentKey, routeScripts, type ClientManifest } from '../../server/seo/route-scripts.ts';

// The shape Vite writes to dist/.vite/manifest.json, with TanStack Router's code-split components.
const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js', '_Button-b1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_Button-b1.js': { file: 'assets/Button-b1.js', imports: ['_react-r1.js'] },
  '_Gallery-g1.js': { file: 'assets/Gallery-g1.js', imports: ['_react-r1.js', '_Image-i1.js'] },
  '_Image-i1.js': { file: 'assets/Image-i1.js' },
  'src/routes/_public.tsx?tsr-split=component': { file: 'assets/_public-p1.js', imports: ['index.html', '_Button-b1.js'] },
  'src/routes/_public/tours/$slug/index.tsx?tsr-split=component': { file: 'assets/_slug-t1.js', imports: ['index.html', '_Gallery-g1.js'] },
  'src/routes/_public/tours/$slug/index.tsx?tsr-split=notFoundComponent': { file: 'assets/_slug-n1.js' },
  'src/routes/_public/about.tsx?tsr-split=component': { file: 'assets/about-a1.js', imports: ['_Image-i1.js'] },
};

describe('route scripts', () => {
  it('names a route id by its file, an index route by its folder', () => {
    expect(routeComponentKey('/_public/tours/$slug/')).toBe('src/routes/_public/tours/$slug/index.tsx?tsr-split=component');
    expect(routeComponentKey('/_public/about')).toBe('src/routes/_public/about.tsx?tsr-split=component');
    expect(routeComponentKey('/_public')).toBe('src/routes/_public.tsx?tsr-split=component');
  });

  it("lists the rendered routes' components and what they import, less what the entry brings", () => {
    expect(routeScripts(manifest, ['__root__', '/_public', '/_public/tours/$slug/'])).toEqual([
      '/assets/_public-p1.js',
      '/assets/_slug-t1.js',
      '/assets/Gallery-g1.js',
      '/assets/Image-i1.js',
    ]);
    // A chunk two routes share is named once; a route without a split component adds nothing.
    expect(routeScripts(manifest, ['__root__', '/_public', '/_public/about', '/_public/tours/$slug/'])).toEqual([
      '/assets/_public-p1.js',
      '/assets/about-a1.js',
      '/assets/Image-i1.js',
      '/assets/_slug-t1.js',
      '/assets/Gallery-g1.js',
    ]);
    expect(routeScripts(manifest, ['__root__'])).toEqual([]);
  });

  it('reads the manifest of a build, and none where the build has none', async () => {
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'manifest-'));
    expect(readClientManifest(distDir)).toBeNull();
    await mkdir(path.join(distDir, '.vite'));
    await writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readClientManifest(distDir)).toEqual(manifest);
  });
});
