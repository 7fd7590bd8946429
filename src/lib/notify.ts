/**
 * The one toast helper (SPEC.md section 8: success, error, warning, info). Toasts stay 5 s (section
 * 9); the toaster mounted in providers.tsx keeps its own 4 s for notifications shown directly.
 */
export const TOAST_MS = 5000;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  title?: string;
  /** Milliseconds, or false to stay until closed. */
  autoClose?: number | false;
  /** A toast with an id already on screen is not shown again (no stack of the same warning). */
  id?: string;
}

function show(type: ToastType, message: string, options: ToastOptions = {}): void {
  // The toaster's package loads after the first paint (providers.tsx), and the toasts' looks with it
  // (toast.ts); a toast asked for earlier waits for them.
  void import('./toast.ts').then(({ showToast }) => showToast(type, message, options));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
