import { Skeleton, Stack, Text } from '@mantine/core';
import { Money } from '@/components/widgets/Money.tsx';
import { BankDetails } from '@/components/widgets/BankDetails.tsx';
import type { PaymentInstructions } from '../api.ts';
import type { useDisplay } from '../hooks.ts';
import { formatDay } from '@/lib/dates.ts';

type Display = ReturnType<typeof useDisplay>;

/** How to pay a balance: by bank transfer quoting the reference, or on arrival in Arusha. */
export function PayBalance({
  amount,
  currency,
  reference,
  dueDate,
  display,
  instructions,
}: {
  amount: number;
  currency: string;
  reference: string;
  dueDate: string | null;
  display: Display;
  instructions: PaymentInstructions | null | undefined;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        <b>
          <Money amount={amount} currency={currency} cents />
        </b>{' '}
        to pay{dueDate ? `, due by ${formatDay(dueDate, display.date_format)}` : ''}.
      </Text>
      {instructions === undefined ? (
        <Skeleton height={120} />
      ) : instructions === null ? (
        <Text size="sm" c="dimmed">
          Our bank details show here once this device has been online. Call or email us and we will send them.
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            Bank transfer
          </Text>
          <BankDetails instructions={instructions} reference={reference} />
          <Text size="xs" c="dimmed">
            Quote the payment reference so we match your transfer to your booking; bank charges are the sender&apos;s.
          </Text>
          {instructions.pay_on_arrival && (
            <>
              <Text size="sm" fw={600}>
                Pay on arrival
              </Text>
              <Text size="sm" c="dimmed">
                {instructions.pay_on_arrival}
              </Text>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
