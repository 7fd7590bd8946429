import { describe, expect, it } from 'vitest';
import { ledgerLines, type LedgerPayment } from '../../src/features/admin/bookings/model.ts';

const payment = (values: Partial<LedgerPayment>): LedgerPayment => ({
  id: crypto.randomUUID(),
  amount: 100,
  currency: 'USD',
  method: 'cash',
  status: 'succeeded',
  paid_at: '2026-11-01T09:00:00Z',
  created_at: '2026-11-01T09:00:00Z',
  provider_reference: null,
  ...values,
});

describe("a booking's payments as a ledger", () => {
  it('shows a refund owed by a cancellation as money out only, and once sent with its own method, day and reference', () => {
    const deposit = payment({ amount: 1256.4, provider_reference: 'M-PESA 77' });
    const owed = payment({ amount: 356.4, status: 'refund_due', method: 'cash', paid_at: null, created_at: '2026-11-20T10:00:00Z' });
    expect(ledgerLines([owed, deposit]).map((line) => [line.direction, line.state, line.amount, line.method, line.reference])).toEqual([
      ['in', 'received', 1256.4, 'cash', 'M-PESA 77'],
      ['out', 'owed back', -356.4, 'cash', null],
    ]);
    const sent = { ...owed, status: 'refunded', refund_method: 'bank_transfer', refunded_at: '2026-11-22T12:00:00Z', refund_reference: 'CRDB-88' };
    expect(ledgerLines([deposit, sent]).map((line) => [line.direction, line.state, line.amount, line.method, line.reference, line.date])).toEqual([
      ['in', 'received', 1256.4, 'cash', 'M-PESA 77', '2026-11-01T09:00:00Z'],
      ['out', 'refunded', -356.4, 'bank_transfer', 'CRDB-88', '2026-11-22T12:00:00Z'],
    ]);
  });

  it('shows money that arrived and is owed back in full as a line in and a line out', () => {
    const late = payment({ amount: 740.73, method: 'card', status: 'refund_due', provider_reference: 'cs_test_1', paid_at: '2026-11-24T22:10:00Z', created_at: '2026-11-24T22:10:00Z' });
    expect(ledgerLines([late]).map((line) => [line.direction, line.state, line.amount])).toEqual([
      ['in', 'received', 740.73],
      ['out', 'owed back', -740.73],
    ]);
  });
});
