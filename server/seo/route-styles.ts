// The stylesheets a server-rendered page needs beyond the entry's: Vite attaches each route's CSS
// modules to the route's code-split chunk, which the browser fetches only when the app runs, so a
// page painted from its HTML would show those sections unstyled, then jump (Lighthouse measured a
// layout shift of 0.15 on /contact). Read from the client build's manifest.

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as much of it as is read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type ClientManifest = Record<string, ManifestChunk>;

/** The manifest keys of a TanStack route's code-split component: '/_public/contact', '/_public/' (an index route). */
function routeChunkKeys(routeId: string): string[] {
  const base = `src/routes${routeId.replace(/\/$/, '')}`;
  const split = '?tsr-split=component';
  return routeId.endsWith('/') ? [`${base}/index.tsx${split}`, `${base}.tsx${split}`] : [`${base}.tsx${split}`, `${base}/index.tsx${split}`];
}

/** Every stylesheet of the chunks `keys` name and of what they import, in import order. */
function stylesOf(manifest: ClientManifest, keys: string[], seen = new Set<string>(), styles: string[] = []): string[] {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    stylesOf(manifest, chunk.imports ?? [], seen, styles);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  }
  return styles;
}

/**
 * The <link rel="stylesheet"> tags of the routes a page rendered (root first), without those the
 * entry's own HTML already links. Render-blocking on purpose: the page's first paint is styled.
 */
export function routeStylesheetTags(manifest: ClientManifest, routeIds: string[]): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const inEntry = new Set(stylesOf(manifest, entryKeys));
  const routeKeys = routeIds.flatMap((id) => routeChunkKeys(id).filter((key) => key in manifest).slice(0, 1));
  return stylesOf(manifest, routeKeys)
    .filter((css) => !inEntry.has(css))
    .map((css) => `<link rel="stylesheet" crossorigin href="/${css}" />`);
}
