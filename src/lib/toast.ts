import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { createElement } from 'react';
import { TOAST_MS, type ToastOptions, type ToastType } from './notify.ts';

// Theme palettes (src/app/theme.ts), so toasts follow the branding.
const looks: Record<ToastType, { color: string; icon: typeof IconCheck; title: string }> = {
  success: { color: 'secondary', icon: IconCheck, title: 'Done' },
  error: { color: 'accent', icon: IconX, title: 'Something went wrong' },
  warning: { color: 'brand', icon: IconAlertTriangle, title: 'Please check' },
  info: { color: 'ink', icon: IconInfoCircle, title: 'Good to know' },
};

/** Shows a toast in the toaster (notify.ts loads this module with the toaster's package). */
export function showToast(type: ToastType, message: string, options: ToastOptions): void {
  const look = looks[type];
  notifications.show({
    id: options.id,
    color: look.color,
    title: options.title ?? look.title,
    message,
    icon: createElement(look.icon, { size: 18 }),
    autoClose: options.autoClose ?? TOAST_MS,
    withBorder: true,
  });
}
