import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { createElement } from 'react';

/**
 * The one toast helper (SPEC.md section 8: success, error, warning, info). Toasts stay 5 s (section
 * 9); the toaster mounted in providers.tsx keeps its own 4 s for notifications shown directly.
 */
export const TOAST_MS = 5000;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

// Theme palettes (src/app/theme.ts), so toasts follow the branding.
const looks: Record<ToastType, { color: string; icon: typeof IconCheck; title: string }> = {
  success: { color: 'secondary', icon: IconCheck, title: 'Done' },
  error: { color: 'accent', icon: IconX, title: 'Something went wrong' },
  warning: { color: 'brand', icon: IconAlertTriangle, title: 'Please check' },
  info: { color: 'ink', icon: IconInfoCircle, title: 'Good to know' },
};

export interface ToastOptions {
  title?: string;
  /** Milliseconds, or false to stay until closed. */
  autoClose?: number | false;
  /** A toast with an id already on screen is not shown again (no stack of the same warning). */
  id?: string;
}

function show(type: ToastType, message: string, options: ToastOptions = {}): void {
  const look = looks[type];
  // The toaster's package loads after the first paint (providers.tsx); a toast asked for earlier waits for it.
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: options.id,
      color: look.color,
      title: options.title ?? look.title,
      message,
      icon: createElement(look.icon, { size: 18 }),
      autoClose: options.autoClose ?? TOAST_MS,
      withBorder: true,
    }),
  );
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
