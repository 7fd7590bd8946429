import { createContext, lazy, Suspense, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { DISPLAY_CURRENCIES } from './money.ts';
import { queueWrite } from './outbox/outbox.ts';
import { preferencesUpdate } from './outbox/preferences.ts';
import { useSession } from './session/index.ts';

/**
 * The currency a reader wants prices approximated in. A signed-in traveler's is their preference
 * (users.preferences display.currency: the device's mirror as soon as Settings change it, else the
 * profile read at sign-in); a visitor's is what they chose on this device, and none until they do
 * (prices then show in the tour's currency only).
 */
const VISITOR_KEY = 'kilele:display-currency';
const listeners = new Set<() => void>();

function isDisplayCurrency(value: unknown): value is string {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

function readVisitorCurrency(): string | null {
  try {
    const value = localStorage.getItem(VISITOR_KEY);
    return isDisplayCurrency(value) ? value : null;
  } catch {
    return null;
  }
}

function subscribeVisitorCurrency(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => event.key === VISITOR_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function currencyIn(preferences: unknown): string | null {
  const value = (preferences as { display?: { currency?: unknown } } | null | undefined)?.display?.currency;
  return isDisplayCurrency(value) ? value : null;
}

export interface DisplayCurrency {
  /** The chosen currency, or null: show the tour's own currency only. */
  currency: string | null;
  /** True when the choice is the signed-in traveler's preference (changing it changes their Settings). */
  fromPreferences: boolean;
}

// The device's mirror of the traveler's preferences lives in Dexie: read only once someone is signed in.
const MirroredPreferences = lazy(() => import('./display-currency-mirror.tsx'));

const DisplayCurrencyContext = createContext<DisplayCurrency>({ currency: null, fromPreferences: false });

/** Works the display currency out once for the whole app (every price on a page reads it). */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const visitor = useSyncExternalStore(subscribeVisitorCurrency, readVisitorCurrency, () => null);
  const [mirrored, setMirrored] = useState<unknown>(null);
  const currency = user ? (currencyIn(mirrored) ?? currencyIn(user.profile?.preferences) ?? visitor) : visitor;
  const signedIn = user !== null;
  const value = useMemo(() => ({ currency, fromPreferences: signedIn }), [currency, signedIn]);
  return (
    <DisplayCurrencyContext.Provider value={value}>
      {user && (
        <Suspense fallback={null}>
          <MirroredPreferences key={user.id} userId={user.id} onChange={setMirrored} />
        </Suspense>
      )}
      {children}
    </DisplayCurrencyContext.Provider>
  );
}

export function useDisplayCurrency(): DisplayCurrency {
  return useContext(DisplayCurrencyContext);
}

/**
 * Changes the display currency: a signed-in traveler's preference (the same write as Settings, so
 * it follows them to other devices), or the visitor's choice on this device (null: none).
 */
export async function chooseDisplayCurrency(currency: string | null, signedIn: boolean): Promise<void> {
  if (signedIn && currency) {
    await queueWrite(preferencesUpdate, { display: { currency } });
    return;
  }
  try {
    if (currency) localStorage.setItem(VISITOR_KEY, currency);
    else localStorage.removeItem(VISITOR_KEY);
  } catch {
    // Private mode: there is nowhere on the device to remember the choice.
  }
  for (const listener of listeners) listener();
}
