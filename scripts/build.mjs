// Production build: the browser app into dist/, the server into one bundle in dist-server/ and the
// renderer of public pages (src/entry-server.tsx) beside it in dist-server/ssr/.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildServiceWorker } from './build-sw.mjs';

await rm('dist', { recursive: true, force: true });
await viteBuild({ logLevel: 'warn' });
await buildServiceWorker();
await precompressAssets('dist/assets');

await rm('dist-server', { recursive: true, force: true });
// The same components for Node: dependencies stay in node_modules, route chunks split as in the browser.
await viteBuild({ logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server/ssr', emptyOutDir: true, copyPublicDir: false, manifest: false } });
await esbuild({
  // The embedded database's thread is a file of its own beside the server (server/platform/db/pglite.ts).
  entryPoints: { server: 'server/main.ts', 'pglite-worker': 'server/platform/db/pglite-worker.ts' },
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Code loaded with import() gets a chunk of its own: the demo seed is read only on a first start.
  splitting: true,
  // Chunks sit beside server.mjs: code that finds files relative to itself (migrations, the worker,
  // the page renderer) finds them from any chunk alike.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules: PGlite loads its wasm and data files from its own folder.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/, dist-server/server.mjs and dist-server/ssr/');

/**
 * Brotli and gzip copies of the hashed assets, made once here at the highest levels, so the server
 * sends them as they are (serveStatic's precompressed option) instead of compressing per request.
 * Only assets/: their names change with their content, so a copy can never be stale.
 */
async function precompressAssets(dir) {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const files = (await readdir(dir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const content = await readFile(file);
      if (content.length < 1024) return;
      await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
      await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
    }),
  );
}
