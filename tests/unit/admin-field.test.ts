import { describe, expect, it } from 'vitest';
import { fieldPaymentProblems, incidentProblem, tripsThisWeek, tripWhen } from '@/features/admin/operations/field.ts';
import type { Manifest } from '@/features/admin/operations/manifest.ts';

const today = '2026-11-26';
const manifest = (id: string, start: string, end: string) => ({ trip: { id, tour_title: id, start_date: start, end_date: end } }) as unknown as Manifest;

describe('field mode', () => {
  it('keeps the trips under way today or leaving within seven days, soonest first, and says when each is', () => {
    const trips = [manifest('later', '2026-12-02', '2026-12-05'), manifest('over', '2026-11-20', '2026-11-25'), manifest('far', '2026-12-04', '2026-12-06'), manifest('now', '2026-11-24', '2026-11-28')];
    expect(tripsThisWeek(trips, today).map((trip) => trip.trip.id)).toEqual(['now', 'later']);
    expect(tripWhen({ start_date: '2026-11-24', end_date: '2026-11-28' }, today).label).toBe('Under way, day 3');
    expect(tripWhen({ start_date: today, end_date: '2026-11-28' }, today).label).toBe('Leaves today');
    expect(tripWhen({ start_date: '2026-11-27', end_date: '2026-11-28' }, today).label).toBe('Tomorrow');
    expect(tripWhen({ start_date: '2026-12-01', end_date: '2026-12-02' }, today).label).toBe('In 5 days');
  });

  it('refuses a payment of nothing or less, to more than the cent, or above what the booking owes here', () => {
    const draft = { bookingId: 'b', amount: 100, method: 'cash' as const, reference: '' };
    expect(fieldPaymentProblems({ ...draft, amount: -50 }, 300)).toEqual({ amount: 'A payment is an amount above zero' });
    expect(fieldPaymentProblems({ ...draft, amount: '' }, 300)).toEqual({ amount: 'A payment is an amount above zero' });
    expect(fieldPaymentProblems({ ...draft, amount: 10.005 }, 300)).toEqual({ amount: 'Give the amount to the cent' });
    expect(fieldPaymentProblems({ ...draft, amount: 400 }, 300)).toEqual({ amount: 'This booking owes 300.00: the payment is more than that' });
    expect(fieldPaymentProblems({ ...draft, amount: 1 }, 0)).toEqual({ amount: 'This booking is paid in full' });
    expect(fieldPaymentProblems({ ...draft, bookingId: null }, null)).toEqual({ bookingId: 'Choose the booking the payment is for' });
    expect(fieldPaymentProblems(draft, 300)).toEqual({});
  });

  it('asks a note to say something, up to 2,000 characters', () => {
    expect(incidentProblem('   ')).toBe('Write what happened, up to 2,000 characters');
    expect(incidentProblem('x'.repeat(2001))).toBe('Write what happened, up to 2,000 characters');
    expect(incidentProblem('Puncture at Makuyuni')).toBeNull();
  });
});
