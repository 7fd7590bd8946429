import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/700.css';
import '@fontsource/domine/400.css';
import '@fontsource/domine/700.css';
import '@fontsource/great-vibes/400.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startErrorReporting } from '@/lib/error-reporting/start.ts';
import { startPwa } from '@/lib/pwa/start.ts';
import { App } from './app/App.tsx';

// Errors are reported from the first line on (kept on the device while offline).
startErrorReporting();
// Before anything else: the service worker, and the install prompt Chromium fires early.
startPwa();
// Rendered as a transition, so React yields to the browser every few milliseconds instead of holding
// the main thread for the whole first render (on a slow phone, taps and paints are not held up).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
