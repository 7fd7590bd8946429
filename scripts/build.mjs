// Production build: the browser app into dist/, the server into one bundle in dist-server/.
import { rm } from 'node:fs/promises';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildServiceWorker } from './build-sw.mjs';

await rm('dist', { recursive: true, force: true });
await viteBuild({ logLevel: 'warn' });
await buildServiceWorker();

await rm('dist-server', { recursive: true, force: true });
await esbuild({
  entryPoints: ['server/main.ts'],
  outfile: 'dist-server/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules: PGlite loads its wasm and data files from its own folder.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/ and dist-server/server.mjs');
