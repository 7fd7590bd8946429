import type { Workbox } from 'workbox-window';
import { createStore } from './store.ts';

/** How often an open page asks for a new version (every 5 minutes). */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Tests (and anyone diagnosing updates) shorten the check by storing a number of milliseconds under
 * this localStorage key before the page loads; values under one second are ignored.
 */
export const UPDATE_INTERVAL_STORAGE_KEY = 'kilele:pwa:update-check-ms';

export function updateCheckInterval(storage: Pick<Storage, 'getItem'> | undefined): number {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(UPDATE_INTERVAL_STORAGE_KEY) ?? null;
  } catch {
    // Storage blocked: the standard interval.
  }
  const ms = Number(stored);
  return stored !== null && Number.isFinite(ms) && ms >= 1000 ? ms : UPDATE_CHECK_INTERVAL_MS;
}

/**
 * none: nothing new; available: a new version is installed and waiting (the notice shows);
 * postponed: the visitor chose Later (hidden until the next new version); applying: Refresh pressed.
 */
export type UpdateStatus = 'none' | 'available' | 'postponed' | 'applying';

export const updateStatus = createStore<UpdateStatus>('none');

let workbox: Workbox | undefined;

/**
 * Registers /sw.js in production builds (development has no precache list to serve). workbox-window
 * and the cache warming are fetched here, not with the page's entry: the worker is registered after
 * the page has loaded anyway.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || workbox || !('serviceWorker' in navigator)) return;
  const [{ Workbox }, { warmPublicCaches }] = await Promise.all([import('workbox-window'), import('./warm-cache.ts')]);
  if (workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;

  // Only the page's first worker: its reads from before the worker existed get cached.
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) void warmPublicCaches((message) => wb.messageSW(message)).catch(() => undefined);
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updateStatus.get() === 'applying') window.location.reload();
  });

  wb.register()
    .then((registration) => {
      if (registration) watchForNewVersions(registration);
      const interval = updateCheckInterval(window.localStorage);
      // Offline or a server hiccup: the next check tries again.
      window.setInterval(() => void wb.update().catch(() => undefined), interval);
    })
    // Service workers blocked (private mode, policy): the site works without offline support.
    .catch(() => undefined);
}

/**
 * Raises the notice whenever a new version finishes installing while an older one controls the
 * page, every time (workbox-window's own 'waiting' event reports only one update per page), and for
 * a version already waiting from an earlier visit.
 */
function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  const raise = () => {
    if (registration.waiting && navigator.serviceWorker.controller) updateStatus.set('available');
  };
  raise();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') raise();
    });
  });
}

/** Refresh: the waiting version takes over, and the page reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox || updateStatus.get() !== 'available') return;
  updateStatus.set('applying');
  workbox.messageSkipWaiting();
}

/** Later: hide the notice until another new version is installed. */
export function postponeUpdate(): void {
  if (updateStatus.get() === 'available') updateStatus.set('postponed');
}
