import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useBranding } from '@/features/branding/api.ts';
import { DisplayCurrencyProvider } from '@/lib/display-currency.tsx';
import { brandCssVariables, buildTheme } from './theme.ts';

// The same key the inline script in index.html reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

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
      <Notifications position="top-right" autoClose={4000} />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <BrandedMantine>
          <DisplayCurrencyProvider>{children}</DisplayCurrencyProvider>
        </BrandedMantine>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
