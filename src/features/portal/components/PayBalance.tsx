import { CopyButton, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { PaymentInstructions } from '../api.ts';
import type { useDisplay } from '../hooks.ts';
import { formatDay, formatMoney } from '../model.ts';
import classes from './Portal.module.css';

type Display = ReturnType<typeof useDisplay>;

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
          <UnstyledButton onClick={copy} aria-label={`Copy ${label}`} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', fontWeight: 500 }}>
            {value}
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} color="var(--mantine-color-dimmed)" />}
          </UnstyledButton>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The company's bank account, with the booking reference to quote. */
export function BankDetails({ instructions, reference }: { instructions: PaymentInstructions; reference?: string }) {
  return (
    <dl className={`${classes.definition} ${classes.bankDetails}`} data-testid="bank-details">
      <dt>Bank</dt>
      <dd>{instructions.bank_name}</dd>
      {instructions.branch && (
        <>
          <dt>Branch</dt>
          <dd>{instructions.branch}</dd>
        </>
      )}
      <dt>Account name</dt>
      <dd>{instructions.account_name}</dd>
      <dt>Account number</dt>
      <dd>
        <Copyable value={instructions.account_number} label="account number" />
      </dd>
      {instructions.swift_code && (
        <>
          <dt>SWIFT</dt>
          <dd>
            <Copyable value={instructions.swift_code} label="SWIFT code" />
          </dd>
        </>
      )}
      <dt>Currency</dt>
      <dd>{instructions.currency}</dd>
      {reference && (
        <>
          <dt>Payment reference</dt>
          <dd>
            <Copyable value={reference} label="payment reference" />
          </dd>
        </>
      )}
    </dl>
  );
}

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
        <b>{formatMoney(amount, currency)}</b> to pay{dueDate ? `, due by ${formatDay(dueDate, display.date_format)}` : ''}.
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
