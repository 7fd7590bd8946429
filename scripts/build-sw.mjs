// The service worker: sw/sw.ts bundled with esbuild (injectManifest does not compile TypeScript),
// then workbox-build injects the precache list of the built app into dist/sw.js.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { injectManifest } from 'workbox-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes `${distDir}/sw.js`. Precached: every JS and CSS chunk (so every route works offline), the
 * latin woff2 fonts, icons, the offline page and '/app-shell.html', the shell the server answers with the
 * runtime config inlined (index.html on disk has none) and no page rendered in it, revisioned by the
 * hash of index.html.
 */
export async function buildServiceWorker(distDir = path.join(root, 'dist')) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'build-sw-'));
  try {
    const bundled = path.join(workDir, 'sw.js');
    await esbuild({
      entryPoints: [path.join(root, 'sw/sw.ts')],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      target: 'es2020',
      minify: true,
      // Workbox strips its development logging when NODE_ENV is production.
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    const shell = await readFile(path.join(distDir, 'index.html'));
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(distDir, 'sw.js'),
      globDirectory: distDir,
      globPatterns: ['assets/**/*.{js,css,woff2,svg,png,webp}', 'icons/*.png', 'offline.html', 'favicon.svg'],
      // Font subsets for scripts the site does not write in load on demand, into the runtime font cache.
      globIgnores: ['assets/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2'],
      // Hashed file names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      additionalManifestEntries: [{ url: '/app-shell.html', revision: createHash('sha256').update(shell).digest('hex').slice(0, 16) }],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    });
    for (const warning of warnings) console.warn(`build-sw: ${warning}`);
    return { count, size };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const { count, size } = await buildServiceWorker(distDir);
  console.log(`Built sw.js: ${count} precached files, ${(size / 1024).toFixed(0)} KiB`);
}
