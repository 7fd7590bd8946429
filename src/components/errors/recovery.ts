/**
 * Getting out of a broken release: after a deploy the old route chunks are gone, so the stored copies
 * in Cache Storage are cleared and the page loaded again from the server. The service worker stays
 * registered; its precache falls back to the network for what was cleared.
 */
export async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  } catch {
    // Cache Storage can be unavailable (private mode); the reload still fetches what it needs.
  }
}

/** Clears the caches, then loads `path` (the current page when none is given) from the server. */
export async function reloadFresh(path?: string): Promise<void> {
  await clearCacheStorage();
  if (path) window.location.assign(path);
  else window.location.reload();
}
