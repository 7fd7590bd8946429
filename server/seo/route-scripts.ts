import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ClientManifest = Record<string, ManifestChunk>;

/** The client build's manifest, or null when the build has none (the server run from its sources). */
export function readClientManifest(distDir: string): ClientManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClientManifest) : null;
}

/**
 * The manifest key of a route's code-split component, as TanStack Router's file-based routing and
 * its code splitting name them: '/_public/tours/$slug/' is src/routes/_public/tours/$slug/index.tsx.
 */
export function routeComponentKey(routeId: string): string {
  return `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx?tsr-split=component`;
}

/**
 * The scripts the rendered routes' components need beyond what the entry brings (their chunks and
 * the chunks those import), as paths like /assets/x.js. A server-rendered page names them beside the
 * entry, so hydration does not wait for a second round trip to discover them, and the router's
 * preload helper finds them already there instead of adding a link for each while the page starts.
 */
export function routeScripts(manifest: ClientManifest, routeIds: string[]): string[] {
  const entryChunks = entryChunksOf(manifest);
  const needed = new Set<string>();
  for (const routeId of routeIds) addWithImports(manifest, routeComponentKey(routeId), needed, entryChunks);
  return [...needed].map((key) => `/${manifest[key].file}`);
}

/** A chunk and what it imports, skipping those in `skip` (and their imports). */
function addWithImports(manifest: ClientManifest, key: string, into: Set<string>, skip: ReadonlySet<string> = new Set()): void {
  if (into.has(key) || skip.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) addWithImports(manifest, imported, into, skip);
}

// The entry's chunks are the same for every page: found once per manifest, not per request.
const entryChunksByManifest = new WeakMap<ClientManifest, ReadonlySet<string>>();

function entryChunksOf(manifest: ClientManifest): ReadonlySet<string> {
  let chunks = entryChunksByManifest.get(manifest);
  if (!chunks) {
    const found = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addWithImports(manifest, key, found);
    chunks = found;
    entryChunksByManifest.set(manifest, chunks);
  }
  return chunks;
}
