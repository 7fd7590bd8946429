/** The one toast helper (success, error, warning, info). Toasts stay 5 s (section 9). */
export const TOAST_MS = 5000;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  title?: string;
  /** Milliseconds, or false to stay until closed. */
  autoClose?: number | false;
  /** A toast with an id already on screen is not shown again (no stack of the same warning). */
  id?: string;
}

let toastAsked = false;
const toastAskedListeners = new Set<() => void>();

/**
 * Calls `listener` when the first toast is asked for (at once if one has been): the toaster
 * (providers.tsx) mounts then; the page's idle time only loads its code.
 */
export function onToastAsked(listener: () => void): () => void {
  if (toastAsked) listener();
  toastAskedListeners.add(listener);
  return () => toastAskedListeners.delete(listener);
}

function show(type: ToastType, message: string, options: ToastOptions = {}): void {
  toastAsked = true;
  for (const listener of toastAskedListeners) listener();
  // The toaster's package loads once the page is idle (providers.tsx), and the toasts' looks with
  // it (toast.ts); a toast asked for earlier waits for them.
  void import('./toast.ts').then(({ showToast }) => showToast(type, message, options));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
