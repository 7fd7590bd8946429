import { listenForInstallPrompt } from './install.ts';
import { registerServiceWorker } from './update.ts';

/** The installable, offline side of the app: called once from main.tsx. */
export function startPwa(): void {
  listenForInstallPrompt();
  // A failed download of workbox-window leaves the site working without offline support.
  registerServiceWorker().catch(() => undefined);
}
