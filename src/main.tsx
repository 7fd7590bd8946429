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
import { startErrorReporting } from '@/lib/error-reporting/start.ts';
import { startOutbox } from '@/lib/outbox/outbox.ts';
import { startPwa } from '@/lib/pwa/start.ts';
import { initSupabase } from '@/lib/supabase.ts';
import { App } from './app/App.tsx';
import { StartupError } from './app/StartupError.tsx';

// Errors are reported from the first line on (kept on the device while offline).
startErrorReporting();
// Before anything else: the service worker, and the install prompt Chromium fires early.
startPwa();
const root = createRoot(document.getElementById('root')!);

// The Supabase client needs the runtime config (injected by the server, else fetched) before anything queries.
initSupabase()
  .then(() => startOutbox())
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => root.render(<StartupError error={error} />));
