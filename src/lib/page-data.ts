// Reads the data the server inlined in the page's HTML (its shape: shared/page-data.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { PageDataDocument } from '@shared/page-data.ts';
import { afterPageIdle } from './idle.ts';

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
 * When the inlined data was read, for TanStack Query's initialDataUpdatedAt: fresh from the server it
 * is shown as it is; a page the service worker kept for longer than the stale time is read again at once.
 */
export function pageDataUpdatedAt(): number | undefined {
  return load()?.updatedAt;
}

/**
 * Reads the queries still showing the page's inlined data again, in the background, once the first
 * page has rendered and the browser is idle (main.tsx): that read is what the service worker keeps,
 * so the page also opens offline later (the visit that installs the worker never passes its HTML
 * through it). Seeded queries carry the page's read time as their update time (pageDataUpdatedAt),
 * so they count as fresh until then and supabase-js stays out of the first render. One query per
 * idle period: all at once, their requests, answers and re-renders made one long task.
 */
export function refreshInlinedQueries(queryClient: QueryClient): void {
  const readAt = pageDataUpdatedAt();
  if (readAt === undefined) return;
  const inlined = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.dataUpdatedAt === readAt });
  for (const { queryKey } of inlined) {
    afterPageIdle(() => queryClient.invalidateQueries({ queryKey, exact: true, predicate: (query) => query.state.dataUpdatedAt === readAt }));
  }
}
