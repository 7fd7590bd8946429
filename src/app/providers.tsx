import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useBranding } from '@/features/branding/api.ts';
import { DisplayCurrencyProvider } from '@/lib/display-currency.tsx';
import { afterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { onToastAsked } from '@/lib/notify.ts';
import { brandCssVariables, buildTheme } from './theme.ts';
import classes from './Toaster.module.css';

// The same key the inline script in index.html reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

// The toaster's code loads once the page is idle; it renders with the first toast, which waits in
// its store meanwhile. Mounted at idle, its containers made a commit of 15-20 ms on a fast machine
// that every visit paid for, and most never show a toast.
const Notifications = lazyWithLoad(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/** The toaster, never part of a server-rendered page (whose HTML the browser then hydrates) nor of its hydration. */
function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // The toasts' own module too, so a toast asked for after the connection drops still shows.
    const cancelIdle = afterPageIdle(() => {
      void Notifications.load();
      void import('@/lib/toast.ts');
    });
    const stopListening = onToastAsked(() => setWanted(true));
    return () => {
      cancelIdle();
      stopListening();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" className={classes.toasts} />
    </Suspense>
  );
}

/** Mantine themed from the active branding; re-themes when an admin changes it. */
function BrandedMantine({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => buildTheme(branding), [branding]);
  const cssVariablesResolver = useMemo(() => brandCssVariables(branding), [branding]);

  useEffect(() => {
    if (!branding.faviconUrl) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) {
      link.href = branding.faviconUrl;
      link.removeAttribute('type');
    }
  }, [branding.faviconUrl]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <Toaster />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>
        <DisplayCurrencyProvider>{children}</DisplayCurrencyProvider>
      </BrandedMantine>
    </QueryClientProvider>
  );
}
