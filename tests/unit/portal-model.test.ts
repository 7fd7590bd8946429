import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant, todayIn } from '../../src/lib/dates.ts';
import {
  avatarPath,
  avatarPathFromUrl,
  balanceDue,
  countdown,
  countdownText,
  closedBookingMoney,
  nextTrip,
  portalBooking,
  todoList,
  totalsPaid,
  totalsDue,
  withDefaults,
  type PortalBooking,
} from '../../src/features/portal/model.ts';
import { groupThreads, type Message } from '../../src/lib/messages/model.ts';

function booking(overrides: Partial<PortalBooking> & { start?: string; end?: string }): PortalBooking {
  const { start, end, ...rest } = overrides;
  return {
    id: crypto.randomUUID(),
    booking_reference: 'KS2611-ABCDEF',
    status: 'confirmed',
    adults: 2,
    children: 0,
    travelers: [],
    contact: {},
    currency: 'USD',
    total_amount: '4000.00',
    amount_paid: '1000.00',
    notes: null,
    created_at: '2026-11-01T10:00:00Z',
    tour: null,
    departure: start ? { id: 'd', start_date: start, end_date: end ?? start, status: 'open' } : null,
    payments: [],
    ...rest,
  };
}

describe('the next trip and its countdown', () => {
  const today = '2026-12-01';

  it('is the soonest open trip not yet over; cancelled and past trips never count', () => {
    const later = booking({ booking_reference: 'LATER', start: '2027-03-01', end: '2027-03-08' });
    const sooner = booking({ booking_reference: 'SOONER', start: '2027-01-10', end: '2027-01-15' });
    const cancelled = booking({ booking_reference: 'CANCELLED', status: 'cancelled', start: '2026-12-05' });
    const past = booking({ booking_reference: 'PAST', start: '2026-10-01', end: '2026-10-05' });
    const undated = booking({ booking_reference: 'UNDATED' });
    expect(nextTrip([later, cancelled, past, undated, sooner], today)?.booking_reference).toBe('SOONER');
    // A trip under way is the next trip until its last day.
    const now = booking({ booking_reference: 'NOW', start: '2026-11-29', end: '2026-12-03' });
    expect(nextTrip([later, now], today)?.booking_reference).toBe('NOW');
    expect(countdown(now.departure!, today)).toEqual({ kind: 'underway', day: 3, of: 5 });
    expect(nextTrip([past, cancelled], today)).toBeNull();
  });

  it('counts whole days in the calendar, whatever the hour', () => {
    expect(countdownText(countdown({ id: 'd', start_date: '2026-12-11', end_date: '2026-12-15', status: 'open' }, today))).toBe('In 10 days');
    expect(countdownText(countdown({ id: 'd', start_date: '2026-12-02', end_date: '2026-12-05', status: 'open' }, today))).toBe('Tomorrow');
    expect(countdownText(countdown({ id: 'd', start_date: today, end_date: '2026-12-05', status: 'open' }, today))).toBe('Starts today');
  });

  it("takes today in the traveler's time zone", () => {
    const instant = new Date('2026-12-01T22:30:00Z');
    expect(todayIn('Africa/Dar_es_Salaam', instant)).toBe('2026-12-02');
    expect(todayIn('America/New_York', instant)).toBe('2026-12-01');
  });
});

describe('what is still to pay and to do', () => {
  it('is total less paid, never negative, and nothing on a cancelled booking', () => {
    expect(balanceDue(booking({ total_amount: '4000.10', amount_paid: '1000.05' }))).toBe(3000.05);
    expect(balanceDue(booking({ total_amount: 100, amount_paid: 150 }))).toBe(0);
    expect(balanceDue(booking({ status: 'cancelled' }))).toBe(0);
    expect(totalsDue([booking({}), booking({ currency: 'EUR', total_amount: 500, amount_paid: 0 }), booking({ total_amount: 200, amount_paid: 100 })])).toEqual([
      { currency: 'USD', amount: 3100 },
      { currency: 'EUR', amount: 500 },
    ]);
  });

  it('adds amounts with cents exactly, in whole cents', () => {
    // As floats, 0.1 + 0.2 is 0.30000000000000004 and 1256.4 - 0.01 is 1256.3899999999999.
    expect(balanceDue(booking({ total_amount: '0.30', amount_paid: '0.10' }))).toBe(0.2);
    expect(balanceDue(booking({ total_amount: '1256.40', amount_paid: '0.01' }))).toBe(1256.39);
    const paid = (amount: string, status: 'succeeded' | 'refunded' | 'refund_due' = 'succeeded') => ({ id: crypto.randomUUID(), amount, currency: 'USD', status, method: 'card', created_at: '2026-11-01T00:00:00Z' });
    expect(totalsPaid([paid('0.10'), paid('0.20'), paid('99999.99'), paid('5.00', 'refunded')] as never)).toEqual([{ currency: 'USD', amount: 100000.29 }]);
    expect(closedBookingMoney({ amount_paid: '0.10', payments: [paid('1256.61'), paid('0.20', 'refunded'), paid('1256.40', 'refund_due'), paid('0.01', 'refund_due')] } as never)).toEqual({
      paid: 1256.71,
      kept: 0.1,
      refunded: 0.2,
      owed: 1256.41,
      owedMethod: 'card',
    });
  });

  it('tells a cancelled booking’s money as its ledger has it: paid, the fee kept, refunded, still owed and how', () => {
    const entry = (amount: string, status: 'succeeded' | 'refunded' | 'refund_due', method = 'bank_transfer') => ({ id: crypto.randomUUID(), amount, currency: 'USD', status, method, created_at: '2026-11-01T00:00:00Z' });
    // Cancelled by the office with a fee: the payment in stays, a payment out is owed for the rest.
    expect(closedBookingMoney({ amount_paid: '931.56', payments: [entry('3105.20', 'succeeded', 'cash'), entry('2173.64', 'refund_due', 'cash')] } as never)).toEqual({
      paid: 3105.2,
      kept: 931.56,
      refunded: 0,
      owed: 2173.64,
      owedMethod: 'cash',
    });
    // Its departure cancelled by the company: every payment owed back, nothing kept; then sent.
    expect(closedBookingMoney({ amount_paid: 0, payments: [entry('500.00', 'refunded')] } as never)).toEqual({ paid: 500, kept: 0, refunded: 500, owed: 0, owedMethod: null });
    expect(closedBookingMoney({ amount_paid: 0, payments: [] } as never)).toEqual({ paid: 0, kept: 0, refunded: 0, owed: 0, owedMethod: null });
  });

  it('reads every traveler as an entry, even one stored empty or as null', () => {
    const stored = { ...booking({}), travelers: [{ full_name: 'Amani Kweli' }, null, 'Juma', []] } as unknown as Record<string, unknown>;
    expect(portalBooking(stored).travelers).toEqual([{ full_name: 'Amani Kweli' }, {}, {}, {}]);
    expect(portalBooking({ ...booking({}), travelers: null } as unknown as Record<string, unknown>).travelers).toEqual([]);
  });

  it('lists balances soonest due first, then the permit details a coming trip needs', () => {
    const today = '2026-12-01';
    const march = booking({ booking_reference: 'MARCH', start: '2027-03-01', end: '2027-03-08' });
    const january = booking({ booking_reference: 'JAN', start: '2027-01-20', end: '2027-01-25' });
    const items = todoList([march, january], { passport_number: null, emergency_contact_name: 'Jane', emergency_contact_phone: '+255 700 000 000' }, today, 60);
    expect(items.map((item) => item.kind)).toEqual(['pay', 'pay', 'passport']);
    const first = items[0] as Extract<(typeof items)[number], { kind: 'pay' }>;
    expect(first.booking.booking_reference).toBe('JAN');
    // Due 60 days before 20 Jan: 21 Nov, already past.
    expect(first.dueDate).toBe('2026-11-21');
    expect(first.overdue).toBe(true);

    // A passport that runs out within six months of the trip's end is flagged.
    const expiring = todoList([january], { passport_number: 'AB12345', passport_expiry: '2027-05-01', emergency_contact_name: 'J', emergency_contact_phone: '1' }, today, 60);
    expect(expiring.map((i) => i.kind)).toEqual(['pay', 'passportExpiry']);
    const paid = booking({ start: '2027-01-20', end: '2027-01-25', amount_paid: '4000.00' });
    expect(todoList([paid], { passport_number: 'AB12345', passport_expiry: '2030-01-01', emergency_contact_name: 'J', emergency_contact_phone: '1' }, today, 60)).toEqual([]);
  });
});

describe("dates in the traveler's format and time zone", () => {
  it('formats calendar dates without shifting them, in each format', () => {
    expect(formatDay('2026-07-04', 'MM/DD/YYYY')).toBe('07/04/2026');
    expect(formatDay('2026-07-04', 'DD/MM/YYYY')).toBe('04/07/2026');
    expect(formatDay('2026-07-04', 'YYYY-MM-DD')).toBe('2026-07-04');
    expect(formatDay('2026-07-04', 'D MMM YYYY')).toBe('4 Jul 2026');
  });

  it('shows instants in the chosen time zone', () => {
    expect(formatInstant('2026-07-04T22:15:00Z', { timezone: 'Africa/Dar_es_Salaam', date_format: 'DD/MM/YYYY' })).toBe('05/07/2026 01:15');
    expect(formatInstant('2026-07-04T22:15:00Z', { timezone: 'UTC', date_format: 'YYYY-MM-DD' })).toBe('2026-07-04 22:15');
  });
});

describe('preferences', () => {
  it("fill what is missing with the spec's defaults and keep what is stored", () => {
    expect(withDefaults(null)).toEqual({
      notifications: { email: true, booking_updates: true, marketing: true, newsletter: true },
      display: { theme: 'light', language: 'en', timezone: 'Africa/Dar_es_Salaam', date_format: 'MM/DD/YYYY', currency: 'USD' },
      privacy: { show_profile: true, activity_visible: true },
    });
    const stored = withDefaults({ display: { theme: 'dark' }, privacy: { show_profile: false } });
    expect(stored.display).toMatchObject({ theme: 'dark', currency: 'USD' });
    expect(stored.privacy).toEqual({ show_profile: false, activity_visible: true });
  });
});

describe('message threads', () => {
  const message = (m: Partial<Message>): Message => ({
    id: crypto.randomUUID(),
    client_id: null,
    user_id: 'u',
    thread_id: 't1',
    subject: null,
    booking_id: null,
    sender: 'traveler',
    body: 'Hello',
    read_at: null,
    created_at: '2026-11-01T10:00:00Z',
    ...m,
  });

  it('group by thread, latest conversation first, counting unread staff replies', () => {
    const threads = groupThreads([
      message({ thread_id: 't1', subject: 'Park fees', created_at: '2026-11-01T10:00:00Z' }),
      message({ thread_id: 't2', subject: 'Flights', created_at: '2026-11-02T10:00:00Z' }),
      message({ thread_id: 't1', sender: 'staff', body: 'Included', created_at: '2026-11-03T10:00:00Z' }),
      message({ thread_id: 't1', sender: 'staff', body: 'Read one', read_at: '2026-11-03T11:00:00Z', created_at: '2026-11-03T09:00:00Z' }),
    ]);
    expect(threads.map((t) => [t.subject, t.unread, t.last.body])).toEqual([
      ['Park fees', 1, 'Included'],
      ['Flights', 0, 'Hello'],
    ]);
  });
});

describe('avatar paths', () => {
  const user = '4a1f0c7e-0000-4000-8000-000000000001';

  it('are avatars/{userId}-{timestamp}.{ext} and only the right image types', () => {
    expect(avatarPath(user, 'image/png', 1732000000000)).toBe(`avatars/${user}-1732000000000.png`);
    expect(avatarPath(user, 'image/jpeg', 1)).toBe(`avatars/${user}-1.jpg`);
    expect(() => avatarPath(user, 'application/pdf', 1)).toThrow('Choose a JPEG, PNG, WebP or GIF image.');
  });

  it("find the previous file from its public URL, never another user's", () => {
    expect(avatarPathFromUrl(`http://x/storage/v1/object/public/avatars/avatars/${user}-5.webp`, user)).toBe(`avatars/${user}-5.webp`);
    expect(avatarPathFromUrl(`http://x/storage/v1/object/public/avatars/avatars/someone-else-5.webp`, user)).toBeNull();
    expect(avatarPathFromUrl('https://gravatar.example/a.png', user)).toBeNull();
    expect(avatarPathFromUrl(null, user)).toBeNull();
  });
});
