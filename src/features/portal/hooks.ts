import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { sessionUnauthorized, useSession, type SessionUser } from '@/lib/session/index.ts';
import { usePreferences } from './api.ts';
import { todayIn } from '@/lib/dates.ts';

/** The signed-in traveler; the portal layout guarantees one, so a missing user is a 401 for the error screen. */
export function usePortalUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw sessionUnauthorized();
  return user;
}

/** The traveler's display preferences (date format, time zone, currency) and today's date in their zone. */
export function useDisplay(userId: string) {
  const { data } = usePreferences(userId);
  const display = data.display;
  const today = useMemo(() => todayIn(display.timezone), [display.timezone]);
  return { ...display, today };
}

/** The theme preference drives Mantine's color scheme: light, dark, or system (followed live). */
export function useApplyTheme(userId: string): void {
  const { data, ready } = usePreferences(userId);
  const { setColorScheme } = useMantineColorScheme();
  const theme = data.display.theme;
  useEffect(() => {
    if (ready) setColorScheme(theme === 'system' ? 'auto' : theme);
  }, [ready, theme, setColorScheme]);
}
