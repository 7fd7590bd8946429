import { afterPageIdle } from '../idle.ts';
import { listenForInstallPrompt } from './install.ts';
import { registerServiceWorker } from './update.ts';

/**
 * The installable, offline side of the app: called once from main.tsx. The service worker is
 * registered once the first page has shown and the browser is idle: its install downloads every
 * asset for offline use, which would otherwise compete with the page's own.
 */
export function startPwa(): void {
  listenForInstallPrompt();
  // A failed download of workbox-window leaves the site working without offline support.
  afterPageIdle(() => registerServiceWorker().catch(() => undefined));
}
