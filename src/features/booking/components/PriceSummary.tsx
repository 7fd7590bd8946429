import { Alert, Button, CloseButton, Group, Skeleton, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconDiscount } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '@/components/widgets/Money.tsx';
import { formatMoney } from '@/lib/money.ts';
import { Picture } from '@/components/widgets/Picture.tsx';
import type { Quote, QuoteLine } from '../model.ts';
import classes from './BookingPage.module.css';

function lineDetail(line: QuoteLine, currency: string): string | null {
  if ((line.kind === 'adult' || line.kind === 'child' || line.kind === 'extra') && line.quantity > 1) {
    return `${line.quantity} × ${formatMoney(line.unit_price, currency)}`;
  }
  return null;
}

/** The lines of a quote and their total, exactly as quote_booking priced them. */
export function QuoteLines({ quote, updating, totalLabel = 'Total' }: { quote: Pick<Quote, 'lines' | 'total' | 'currency'>; updating?: boolean; totalLabel?: string }) {
  return (
    <>
      <ul className={classes.lines} data-updating={updating || undefined} data-testid="quote-lines">
        {quote.lines.map((line, index) => {
          const detail = lineDetail(line, quote.currency);
          return (
            <li key={`${line.kind}-${line.code ?? index}`} className={classes.line}>
              <span>
                {line.label}
                {detail && <small>{detail}</small>}
              </span>
              <span className={classes.amount} data-negative={line.amount < 0 || undefined}>
                <Money amount={line.amount} currency={quote.currency} cents stacked />
              </span>
            </li>
          );
        })}
      </ul>
      <div className={classes.total}>
        <Text fw={700}>
          {totalLabel} ({quote.currency})
        </Text>
        <Money amount={quote.total} currency={quote.currency} cents stacked className={classes.totalAmount} testId="quote-total" />
      </div>
    </>
  );
}

export interface PromoState {
  input: string;
  applied: string | null;
  error: string | null;
}

function PromoField({
  promo,
  quote,
  updating,
  onInput,
  onApply,
  onRemove,
}: {
  promo: PromoState;
  quote: Quote | null;
  updating: boolean;
  onInput: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  const appliedLine = quote?.lines.find((line) => line.kind === 'promo');
  if (promo.applied && appliedLine) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs" mt="md" data-testid="promo-applied">
        <Group gap={6} wrap="nowrap">
          <IconDiscount size={18} aria-hidden />
          <Text size="sm">
            <b>{promo.applied}</b> applied
          </Text>
        </Group>
        <CloseButton size="sm" aria-label={`Remove promo code ${promo.applied}`} onClick={onRemove} />
      </Group>
    );
  }
  return (
    <Group align="flex-start" gap="xs" mt="md" wrap="nowrap">
      <TextInput
        label="Promo code"
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        value={promo.input}
        onChange={(event) => onInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter applies the code; it does not send the booking.
          if (event.key === 'Enter') {
            event.preventDefault();
            onApply();
          }
        }}
        error={promo.error}
        style={{ flex: 1 }}
      />
      <Button variant="default" mt={25} onClick={onApply} loading={!!promo.applied && !appliedLine && updating}>
        Apply
      </Button>
    </Group>
  );
}

/** The booking's price as it stands: the trip, the quote's lines, the promo code and the total. */
export function PriceSummary({
  title,
  imageUrl,
  tripLine,
  partyLine,
  quote,
  updating,
  problem,
  waitingForDate,
  promo,
  onPromoInput,
  onPromoApply,
  onPromoRemove,
  dueNow,
  children,
}: {
  title: string;
  imageUrl: string | null;
  tripLine: string;
  partyLine: string;
  quote: Quote | null;
  updating: boolean;
  problem: string | null;
  waitingForDate: boolean;
  promo: PromoState;
  onPromoInput: (value: string) => void;
  onPromoApply: () => void;
  onPromoRemove: () => void;
  dueNow: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={classes.summary} aria-labelledby="summary-heading">
      <VisuallyHidden>
        <h2 id="summary-heading">Your booking</h2>
      </VisuallyHidden>
      <div className={classes.summaryTrip}>
        {imageUrl ? <Picture src={imageUrl} sizes="72px" alt="" className={classes.thumb} width={72} height={54} /> : <div className={classes.thumb} />}
        <div>
          <Text fw={700} lh={1.25}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {tripLine}
          </Text>
          <Text size="sm" c="dimmed">
            {partyLine}
          </Text>
        </div>
      </div>
      <div aria-live="polite" aria-busy={updating}>
        {waitingForDate ? (
          <Text size="sm" c="dimmed" py="sm" data-testid="quote-placeholder">
            Choose a date to see your price.
          </Text>
        ) : quote ? (
          <QuoteLines quote={quote} updating={updating} />
        ) : problem ? null : (
          <div>
            <Skeleton height={14} mt={8} />
            <Skeleton height={14} mt={12} width="80%" />
            <Skeleton height={28} mt={18} />
          </div>
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} mt="sm" role="alert" data-testid="quote-problem">
            {problem}
          </Alert>
        )}
      </div>
      <PromoField promo={promo} quote={quote} updating={updating} onInput={onPromoInput} onApply={onPromoApply} onRemove={onPromoRemove} />
      {dueNow}
      {children}
    </section>
  );
}
