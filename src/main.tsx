import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/700.css';
import '@fontsource/domine/400.css';
import '@fontsource/domine/700.css';
import '@fontsource/great-vibes/400.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportError } from '@/lib/error-reporting/report.ts';
import { startErrorReporting } from '@/lib/error-reporting/start.ts';
import { afterPageIdle } from '@/lib/idle.ts';
import { startPwa } from '@/lib/pwa/start.ts';
import { App } from './app/App.tsx';
import { startDeviceSync } from './app/device-sync.ts';

// Errors are reported from the first line on (kept on the device while offline).
startErrorReporting();
// Before anything else: the service worker, and the install prompt Chromium fires early.
startPwa();
// A public page paints from the data inlined in its HTML: supabase-js and the device database are
// not needed for that, so they load once the page is idle (or earlier, when something asks for them).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
afterPageIdle(() => void startDeviceSync().catch((error: unknown) => reportError(error, { source: 'manual', during: 'device sync start' })));
