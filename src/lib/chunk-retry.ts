import type { AnyRouter } from '@tanstack/react-router';
import { createElement, use, type ComponentType } from 'react';

/**
 * Chunk-load failures: retry after 1 s, then after 2 s; the third failure
 * reloads the page, once per chunk per tab (sessionStorage), so a chunk that is really gone shows
 * the error screen instead of reloading forever.
 */
export const CHUNK_RETRY_DELAYS_MS = [1000, 2000] as const;

const RELOAD_KEY_PREFIX = 'kilele:chunk-reload:';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(chunk: string) {
    super(`Failed to fetch dynamically imported module: ${chunk}`);
  }
}

export interface ChunkRetryOptions {
  delaysMs?: readonly number[];
  wait?: (ms: number) => Promise<void>;
  /** Called after the last failure; returns true when it reloads the page. */
  reload?: (chunk: string) => boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reloads unless this tab already reloaded for the same chunk and it failed again since. */
export function reloadOnce(chunk: string, storage?: Pick<Storage, 'getItem' | 'setItem'>, reload = () => window.location.reload()): boolean {
  const key = RELOAD_KEY_PREFIX + chunk;
  try {
    const guard = storage ?? window.sessionStorage;
    if (guard.getItem(key)) return false;
    guard.setItem(key, String(Date.now()));
  } catch {
    // No sessionStorage (privacy mode): without the loop guard, show the error instead of reloading.
    return false;
  }
  reload();
  return true;
}

/** A successful load ends the guard: a later failure of the same chunk may reload again. */
export function forgetReload(chunk: string, storage?: Pick<Storage, 'removeItem'>): void {
  try {
    (storage ?? window.sessionStorage).removeItem(RELOAD_KEY_PREFIX + chunk);
  } catch {
    // Nothing was stored without sessionStorage (or outside a browser).
  }
}

/**
 * Runs `attempt` until it succeeds: after a failure it waits the next delay and tries again; when
 * the delays are used up it reloads the page (the promise then never settles) or throws.
 */
export async function loadWithRetries<T>(chunk: string, attempt: () => Promise<T>, options: ChunkRetryOptions = {}): Promise<T> {
  const { delaysMs = CHUNK_RETRY_DELAYS_MS, wait = sleep, reload = reloadOnce } = options;
  for (let failures = 0; ; failures++) {
    try {
      const result = await attempt();
      forgetReload(chunk);
      return result;
    } catch (error) {
      if (failures < delaysMs.length) {
        await wait(delaysMs[failures]);
        continue;
      }
      if (reload(chunk)) return new Promise<T>(() => {});
      throw error;
    }
  }
}

type LazyComponent = ComponentType<object> & { preload?: () => Promise<void> | undefined };

/**
 * Loads a route component made by lazyRouteComponent (what autoCodeSplitting generates). Its
 * preload swallows the import error and keeps `preload` until an import succeeds (then it removes
 * it), and rendering it after a failed import reloads the page at once: so it is only rendered
 * once loaded, and a failure is read from the preload that stays.
 */
async function loadLazy(component: LazyComponent, chunk: string): Promise<void> {
  await component.preload?.();
  if (typeof component.preload === 'function') throw new ChunkLoadError(chunk);
}

/** The route component with the retries; the router calls its preload before rendering. */
function withRetries(original: LazyComponent, chunk: string, options: ChunkRetryOptions): LazyComponent {
  let loaded = false;
  let failure: unknown;
  let pending: Promise<void> | undefined;

  const preload = () => {
    if (loaded) return Promise.resolve();
    if (!pending) {
      failure = undefined;
      pending = loadWithRetries(chunk, () => loadLazy(original, chunk), options).then(
        () => {
          loaded = true;
        },
        (error: unknown) => {
          failure = error;
          pending = undefined;
        },
      );
    }
    return pending;
  };

  function ChunkWithRetries(props: object) {
    if (!loaded) {
      if (failure) throw failure;
      use(preload());
    }
    return createElement(original, props);
  }
  return Object.assign(ChunkWithRetries, { preload });
}

const LAZY_COMPONENT_KEYS = ['component', 'errorComponent', 'notFoundComponent', 'pendingComponent'] as const;

const withRetriesAlready = new WeakSet<LazyComponent>();

/**
 * Gives every code-split route component the retries; returns the router it was given. Run again
 * when the router learns more routes (src/app/router.tsx): those it has seen keep their one wrapper.
 */
export function retryRouteChunks<TRouter extends AnyRouter>(router: TRouter, options: ChunkRetryOptions = {}): TRouter {
  for (const route of Object.values(router.routesById as Record<string, { id: string; options: Record<string, unknown> }>)) {
    for (const key of LAZY_COMPONENT_KEYS) {
      const component = route.options[key] as LazyComponent | undefined;
      if (typeof component?.preload !== 'function' || withRetriesAlready.has(component)) continue;
      const wrapped = withRetries(component, `${route.id}#${key}`, options);
      withRetriesAlready.add(wrapped);
      route.options[key] = wrapped;
    }
  }
  return router;
}
