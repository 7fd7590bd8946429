import { listenForInstallPrompt } from './install.ts';
import { registerServiceWorker } from './update.ts';

/** The installable, offline side of the app: called once from main.tsx. */
export function startPwa(): void {
  listenForInstallPrompt();
  registerServiceWorker();
}
