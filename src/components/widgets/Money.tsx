import { VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useCurrencyRates } from '@/lib/currency-rates.ts';
import { useDisplayCurrency } from '@/lib/display-currency.tsx';
import { approximateMoney, formatMoney } from '@/lib/money.ts';
import classes from './Money.module.css';

/**
 * The approximation of an amount in the reader's display currency ('€3,174'), or null: no display
 * currency, the same currency, or no rates yet. The rates are read only when one is needed.
 */
export function useApproximation(amount: number, currency: string): string | null {
  const { currency: display } = useDisplayCurrency();
  const rates = useCurrencyRates(display !== null && display !== currency);
  return approximateMoney(amount, currency, display, rates);
}

/**
 * An amount in its own currency (what is charged), and beside it, when the reader sees prices in
 * another currency, the converted amount marked as approximate: '$3,450 (≈ €3,174)'. The amount
 * shows at once; the approximation appears when the rates arrive.
 */
export function Money({
  amount,
  currency,
  cents,
  stacked,
  suffix,
  className,
  amountClassName,
  testId,
}: {
  amount: number;
  currency: string;
  cents?: boolean;
  /** The approximation on its own line below (under a large amount). */
  stacked?: boolean;
  /** What follows the amount before its approximation, e.g. ' pp'. */
  suffix?: ReactNode;
  className?: string;
  /** Styles the amount charged alone (not what follows it). */
  amountClassName?: string;
  /** Marks the amount charged (not its approximation), for tests. */
  testId?: string;
}) {
  const approximation = useApproximation(amount, currency);
  return (
    <span className={className}>
      <span className={amountClassName} data-testid={testId}>{formatMoney(amount, currency, { cents })}</span>
      {suffix}
      {approximation && (
        <MoneyApproximation currency={currency} stacked={stacked}>
          {approximation}
        </MoneyApproximation>
      )}
    </span>
  );
}

/** '(≈ €3,174)' ('≈ €3,174' on a line of its own), read aloud as 'about €3,174', with a hint that the charge is in the original currency. */
function MoneyApproximation({ currency, stacked, children }: { currency: string; stacked?: boolean; children: string }) {
  return (
    <>
      {' '}
      <span
        className={classes.approx}
        data-stacked={stacked || undefined}
        title={`Approximate, at our current exchange rate. Charged in ${currency}.`}
        data-testid="money-approx"
      >
        {!stacked && '('}
        <span aria-hidden>≈ </span>
        <VisuallyHidden>about </VisuallyHidden>
        {children}
        {!stacked && ')'}
      </span>
    </>
  );
}

/** Amounts in several currencies, each with its approximation: '$1,200.00 + €300.00'. */
export function MoneySum({ amounts, cents }: { amounts: { amount: number; currency: string }[]; cents?: boolean }) {
  return amounts.map(({ amount, currency }, index) => (
    <Fragment key={currency}>
      {index > 0 && ' + '}
      <Money amount={amount} currency={currency} cents={cents} />
    </Fragment>
  ));
}
