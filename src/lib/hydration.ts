import { onlineManager } from '@tanstack/react-query';

let hydrating = false;

/**
 * While a server-rendered page hydrates, the reads its page data does not answer wait, paused as
 * they are on the server (entry-server.tsx): an answer arriving halfway through would make its
 * section differ from the HTML, and React would throw the page's HTML away.
 */
export function holdReadsWhileHydrating(): void {
  hydrating = true;
  onlineManager.setOnline(false);
}

/**
 * The public layout's effect: its page has hydrated (React hydrates the router's Suspense boundary
 * after the app around it), so the held reads go out. The page's controls work from now on, which
 * <html data-hydrated> tells (tests wait for it; a click before hydration is lost).
 */
export function releaseReadsAfterHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  onlineManager.setOnline(navigator.onLine);
  document.documentElement.dataset.hydrated = '';
}
