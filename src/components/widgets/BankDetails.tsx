import { CopyButton, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { PaymentInstructions } from '@/lib/payment-instructions.ts';
import classes from './BankDetails.module.css';

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
          <UnstyledButton onClick={copy} aria-label={`Copy ${label}`} className={classes.copy}>
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
    <dl className={classes.details} data-testid="bank-details">
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
