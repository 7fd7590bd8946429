import { useId } from 'react';
import { chooseDisplayCurrency, useDisplayCurrency } from '@/lib/display-currency.tsx';
import { CURRENCY_NAMES, DISPLAY_CURRENCIES } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { useSession } from '@/lib/session/index.ts';
import classes from './CurrencyPicker.module.css';

/**
 * Which currency prices are also shown in, approximately (a native select: light, and usable with
 * any keyboard or screen reader). A visitor's choice stays on this device; a signed-in traveler's
 * is their display currency preference, the same one Settings change.
 */
export function CurrencyPicker({ className }: { className?: string }) {
  const id = useId();
  const { user } = useSession();
  const { currency } = useDisplayCurrency();
  const choose = (value: string) => {
    chooseDisplayCurrency(value || null, user !== null).catch((error: unknown) =>
      notify.error(error instanceof Error ? error.message : 'Your currency could not be saved.'),
    );
  };
  return (
    <div className={`${classes.picker} ${className ?? ''}`}>
      <label htmlFor={id}>Approximate prices in</label>
      <select id={id} className={classes.select} value={currency ?? ''} onChange={(event) => choose(event.currentTarget.value)}>
        {/* Signed in, the preference always names a currency. */}
        {!user && <option value="">Tour currency only</option>}
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code} · {CURRENCY_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
