/**
 * The data the server sends inside a page's HTML (`<script id="page-data">`), so a public page shows
 * its content without waiting for an API round trip. Each entry is exactly what the page's own
 * PostgREST read returns (same select string), keyed like 'tour:<slug>', 'tours:featured',
 * 'destinations:all', 'branding:active'; null when the row does not exist.
 */
export interface PageDataDocument {
  /** When the server read the data (ms since epoch): the age a query seeded from it starts with. */
  updatedAt: number;
  entries: Record<string, unknown>;
}

let loaded: PageDataDocument | null | undefined;

function fromDocument(): PageDataDocument | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  try {
    const text = typeof document === 'undefined' ? null : document.getElementById('page-data')?.textContent;
    const parsed = text ? (JSON.parse(text) as Partial<PageDataDocument>) : null;
    if (parsed && typeof parsed.updatedAt === 'number' && parsed.entries && typeof parsed.entries === 'object') {
      loaded = { updatedAt: parsed.updatedAt, entries: parsed.entries };
    }
  } catch {
    // A damaged block only means the page reads its data over the network as usual.
  }
  return loaded;
}

let load: () => PageDataDocument | null = fromDocument;

/**
 * Where the page data comes from: the page's own <script id="page-data"> in the browser; the server
 * rendering a page (entry-server.tsx) hands over the document of the request it renders.
 */
export function readPageDataFrom(source: () => PageDataDocument | null): void {
  load = source;
}

/** The entry the server inlined under key, or undefined when this page carries none. Parsed once. */
export function readPageData<T>(key: string): T | undefined {
  const entries = load()?.entries;
  return entries && Object.hasOwn(entries, key) ? (entries[key] as T) : undefined;
}

/**
 * When the inlined data was read (for TanStack Query's initialDataUpdatedAt), so data from a page
 * the service worker kept for days counts as stale and is refetched at once.
 */
export function pageDataUpdatedAt(): number | undefined {
  return load()?.updatedAt;
}

/**
 * initialDataUpdatedAt for catalogue reads seeded from the page: shown at once, then read again in
 * the background. That read is what the service worker keeps, so the page also opens offline later
 * (the visit that installs the worker never passes its HTML through it).
 */
export function pageDataAsStale(): number {
  return 0;
}
