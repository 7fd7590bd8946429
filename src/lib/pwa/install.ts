import { createStore } from './store.ts';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** An install offer index.html's inline script kept before the app's scripts had run. */
    __earlyInstallPrompt?: BeforeInstallPromptEvent;
  }
}

/** Offered from this page view on: a visitor who looks further than the page they landed on. */
export const INSTALL_AFTER_PAGE_VIEWS = 2;
/** After 'Not now' the offer rests this long. */
export const INSTALL_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;
const DISMISSED_KEY = 'kilele:pwa:install-dismissed-at';

/** The browser's deferred install prompt, when it has offered one and it is still usable. */
export const installPrompt = createStore<BeforeInstallPromptEvent | null>(null);
/** Pages shown in this visit; the page arrived on is the first. */
export const pageViews = createStore(1);

export function shouldOfferInstall(views: number, dismissedAt: number | null, now: number): boolean {
  return views >= INSTALL_AFTER_PAGE_VIEWS && (dismissedAt === null || now - dismissedAt >= INSTALL_SNOOZE_MS);
}

export function installDismissedAt(storage: Pick<Storage, 'getItem'> = window.localStorage): number | null {
  try {
    const at = Number(storage.getItem(DISMISSED_KEY));
    return at > 0 ? at : null;
  } catch {
    return null;
  }
}

function rememberDismissal(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Without storage the offer may come back next visit.
  }
}

/** Keeps the browser's install prompt for a better moment than arrival (Chromium fires it early). */
export function listenForInstallPrompt(): void {
  if (window.__earlyInstallPrompt) installPrompt.set(window.__earlyInstallPrompt);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installPrompt.set(null));
}

export function notePageView(): void {
  pageViews.set(pageViews.get() + 1);
}

/** Install: the browser's own dialog; a 'no' there counts as Not now. */
export async function acceptInstall(): Promise<void> {
  const prompt = installPrompt.get();
  if (!prompt) return;
  installPrompt.set(null);
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'dismissed') rememberDismissal();
}

export function declineInstall(): void {
  rememberDismissal();
  installPrompt.set(null);
}
