import { formatOfficeDate } from '@/lib/dates.ts';
import { formatMoney, parseAmount, toCents } from '@/lib/money.ts';
import { PAYMENT_STATES, type ATTENTION_LISTS, type BookingsSearch } from './search.ts';

export interface PaymentFormValues {
  amount: number | string;
  method: string | null;
  reference: string;
  paidAt: string;
}

export type PaymentFormProblems = Partial<Record<keyof PaymentFormValues | 'form', string>>;

/**
 * The field messages of the record-a-payment form: the same rules record_payment enforces, said
 * before the request is sent. The database checks them again whatever the form says.
 */
export function paymentFormProblems(values: PaymentFormValues, balance: number, currency: string, today: string): PaymentFormProblems {
  const problems: PaymentFormProblems = {};
  const amount = parseAmount(values.amount);
  if (!amount.ok && amount.problem === 'past-the-cent') problems.amount = `Please give the amount in ${currency} to the cent`;
  else if (!amount.ok || amount.cents <= 0) problems.amount = 'Please give the amount received';
  else if (toCents(balance) <= 0) problems.amount = 'This booking is paid in full';
  else if (amount.cents > toCents(balance)) problems.amount = `A payment can be at most the ${formatMoney(balance, currency, { cents: true })} still due`;
  if (!values.method) problems.method = 'Please choose how the payment was made';
  if (values.reference.trim().length > 200) problems.reference = 'The payment reference is too long';
  if (values.paidAt && values.paidAt > today) problems.paidAt = 'The payment cannot be received in the future';
  return problems;
}

/** Which field a refusal of record_payment is about, so its message shows there. */
export function paymentRefusalField(message: string): keyof PaymentFormProblems {
  if (/amount|at most|paid in full|to the cent/i.test(message)) return 'amount';
  if (/how the payment was made/i.test(message)) return 'method';
  if (/reference/i.test(message)) return 'reference';
  return 'form';
}

/** What the booking still owes. */
export function balanceOf(booking: { total_amount: number; amount_paid: number }): number {
  return Math.max(0, toCents(booking.total_amount) - toCents(booking.amount_paid)) / 100;
}

/**
 * What the payment form offers: the deposit while it is still due, otherwise the whole balance; with
 * a line saying which, so a phone payment of the deposit is one tap, not an amount worked out by hand.
 */
export function amountDueNow(balance: number, schedule: { deposit_due: number; balance_due: number; balance_due_date: string | null; pay_in_full: boolean } | null, currency: string): { amount: number; note: string | undefined } {
  if (!schedule || toCents(schedule.deposit_due) <= 0 || schedule.pay_in_full) return { amount: balance, note: balance > 0 ? 'The whole balance' : undefined };
  const due = toCents(schedule.deposit_due) / 100;
  const rest = toCents(schedule.balance_due) / 100;
  return { amount: due, note: rest > 0 && schedule.balance_due_date ? `The deposit due now; ${formatMoney(rest, currency, { cents: true })} more by ${formatOfficeDate(schedule.balance_due_date)}` : 'The deposit due now' };
}

export interface LedgerPayment {
  id: string;
  amount: number;
  currency: string;
  method: string;
  status: string;
  paid_at: string | null;
  created_at: string;
  provider_reference: string | null;
  refund_method?: string | null;
  refunded_at?: string | null;
  refund_reference?: string | null;
}

/** One line of a booking's money: money in (a payment) or money out (a refund, owed or sent). */
export interface LedgerLine<P extends LedgerPayment = LedgerPayment> {
  key: string;
  payment: P;
  direction: 'in' | 'out';
  date: string;
  method: string;
  reference: string | null;
  state: 'received' | 'pending' | 'failed' | 'owed back' | 'refunded';
  /** Signed: a refund is negative. */
  amount: number;
}

/**
 * A booking's payments as a ledger, oldest first: each payment that arrived is a line in, each
 * refund a line out with its own method, day and reference. A payment that arrived and is owed back
 * in full (a card payment after the booking closed, a departure the company cancelled) is both.
 * A refund owed by a cancellation or a cheaper change never arrived as such (no paid_at): out only.
 */
export function ledgerLines<P extends LedgerPayment>(payments: P[]): LedgerLine<P>[] {
  const lines: LedgerLine<P>[] = [];
  for (const payment of payments) {
    const owedBack = payment.status === 'refund_due' || payment.status === 'refunded';
    if (!owedBack || payment.paid_at) {
      lines.push({
        key: `${payment.id}:in`,
        payment,
        direction: 'in',
        date: payment.paid_at ?? payment.created_at,
        method: payment.method,
        reference: payment.provider_reference,
        state: payment.status === 'pending' ? 'pending' : payment.status === 'failed' ? 'failed' : 'received',
        amount: payment.amount,
      });
    }
    if (payment.status === 'refund_due') {
      lines.push({ key: `${payment.id}:out`, payment, direction: 'out', date: payment.created_at, method: payment.method, reference: null, state: 'owed back', amount: -payment.amount });
    } else if (payment.status === 'refunded') {
      lines.push({
        key: `${payment.id}:out`,
        payment,
        direction: 'out',
        date: payment.refunded_at ?? payment.created_at,
        method: payment.refund_method ?? payment.method,
        reference: payment.refund_reference ?? null,
        state: 'refunded',
        amount: -payment.amount,
      });
    }
  }
  return lines.sort((a, b) => a.date.localeCompare(b.date) || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1));
}

/** Which field a refusal of move_booking is about: the departure chosen, the reason, or the whole form. */
export function moveRefusalField(message: string): 'departure' | 'reason' | 'form' {
  if (/seat|sold out|departure|passed/i.test(message)) return 'departure';
  if (/reason/i.test(message)) return 'reason';
  return 'form';
}

export interface NewBookingValues {
  tourId: string | null;
  departureId: string | null;
  adults: number | string;
  children: number | string;
  fullName: string;
  email: string;
  phone: string;
  country: string;
  notes: string;
  byHand: boolean;
  total: number | string;
  reason: string;
  extras: { code: string; quantity: number }[];
  pickup: string;
  pickupTime: string;
  /** What the client pays on the phone: nothing yet, the deposit, the whole price, or another amount. */
  payment: 'none' | 'deposit' | 'full' | 'other';
  paymentAmount: number | string;
  paymentMethod: string | null;
  paymentReference: string;
}

export type NewBookingProblems = Partial<Record<keyof NewBookingValues | 'form', string>>;

const wholeNumber = (value: number | string) => (value === '' ? NaN : Number(value));

/**
 * The field messages of a booking taken by phone: what create_booking and override_booking_total
 * refuse, said before the request (they check again). `seatsLeft` is the chosen departure's.
 */
export function newBookingProblems(values: NewBookingValues, seatsLeft: number | null): NewBookingProblems {
  const problems: NewBookingProblems = {};
  if (!values.tourId) problems.tourId = 'Please choose the tour';
  if (!values.departureId) problems.departureId = 'Please choose the departure';
  const adults = wholeNumber(values.adults);
  const children = wholeNumber(values.children || 0);
  if (!Number.isInteger(adults) || adults < 1) problems.adults = 'At least one adult travels';
  if (!Number.isInteger(children) || children < 0) problems.children = 'Please give the number of children, or 0';
  if (!problems.adults && !problems.children && seatsLeft !== null && adults + children > seatsLeft) {
    problems.departureId = seatsLeft === 1 ? 'Only 1 seat is left on this departure' : `Only ${seatsLeft} seats are left on this departure`;
  }
  if (!values.fullName.trim()) problems.fullName = 'Please give the lead traveler’s name';
  if (!values.email.trim()) problems.email = 'Please give the lead traveler’s email';
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email.trim())) problems.email = 'Please give a valid email address';
  if (values.byHand) {
    const total = parseAmount(values.total);
    if (!total.ok && total.problem === 'past-the-cent') problems.total = 'Please give the total to the cent';
    else if (!total.ok || total.cents <= 0) problems.total = 'Please give the new total';
    if (!values.reason.trim()) problems.reason = 'Please give the reason for the new price';
  }
  if (values.pickup.trim().length > 200) problems.pickup = 'The pickup point is up to 200 characters';
  if (values.pickupTime && !values.pickup.trim()) problems.pickup = 'Give the pickup point for the pickup time';
  if (values.payment !== 'none') {
    if (values.payment === 'other') {
      const amount = parseAmount(values.paymentAmount);
      if (!amount.ok && amount.problem === 'past-the-cent') problems.paymentAmount = 'Please give the amount to the cent';
      else if (!amount.ok || amount.cents <= 0) problems.paymentAmount = 'Please give the amount received';
    }
    if (!values.paymentMethod) problems.paymentMethod = 'Please choose how the payment was made';
    if (values.paymentReference.trim().length > 200) problems.paymentReference = 'The payment reference is too long';
  }
  return problems;
}

/**
 * What a phone booking's payment comes to, in cents: the deposit (the terms' percent of the total,
 * or the whole total when the trip starts within the days the balance falls due), the whole total,
 * or the amount typed. Null when nothing is paid or the amount cannot be read.
 */
export function phonePaymentCents(
  values: Pick<NewBookingValues, 'payment' | 'paymentAmount'>,
  totalCents: number | null,
  terms: { depositPercent: number; balanceDueDays: number; daysToDeparture: number | null },
): number | null {
  if (values.payment === 'none') return null;
  if (values.payment === 'other') {
    const amount = parseAmount(values.paymentAmount);
    return amount.ok ? amount.cents : null;
  }
  if (totalCents === null) return null;
  if (values.payment === 'full') return totalCents;
  const inFull = terms.daysToDeparture !== null && terms.daysToDeparture <= terms.balanceDueDays;
  return inFull ? totalCents : Math.round((totalCents * terms.depositPercent) / 100);
}

/** Which field a refusal of create_booking is about. */
export function newBookingRefusalField(message: string): keyof NewBookingProblems {
  if (/pickup/i.test(message)) return 'pickup';
  if (/how the payment was made/i.test(message)) return 'paymentMethod';
  if (/payment can be at most|amount received|to the cent|paid in full/i.test(message)) return 'paymentAmount';
  if (/seat|sold out|departure|passed|not available/i.test(message)) return 'departureId';
  if (/email/i.test(message)) return 'email';
  if (/name/i.test(message)) return 'fullName';
  if (/aged/i.test(message)) return 'children';
  if (/traveler|adult/i.test(message)) return 'adults';
  return 'form';
}

/** The status the office may move a booking on to from its page (change_booking_status), and the button's words. */
export function nextStatus(booking: { status: string }, departureEnd: string | null, today: string): { status: 'confirmed' | 'completed'; label: string } | null {
  if (booking.status === 'pending') return { status: 'confirmed', label: 'Confirm booking' };
  if (booking.status === 'confirmed' && departureEnd !== null && departureEnd < today) return { status: 'completed', label: 'Mark completed' };
  return null;
}

export interface TravelerRow {
  full_name: string;
  age: string;
  nationality: string;
  passport_number: string;
}

/** The travelers' form: one row per traveler of the party, from what the booking holds. */
export function travelerRows(travelers: readonly Record<string, unknown>[], party: number): TravelerRow[] {
  return Array.from({ length: party }, (_, index) => {
    const traveler = travelers[index] ?? {};
    const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
    return {
      full_name: text(traveler.full_name ?? traveler.name),
      age: text(traveler.age),
      nationality: text(traveler.nationality),
      passport_number: text(traveler.passport_number),
    };
  });
}

/** What update_booking_travelers refuses, said under the field before the request. */
export function travelerRowProblems(rows: readonly TravelerRow[], reason: string): { rows: Record<number, string>; reason?: string } {
  const problems: { rows: Record<number, string>; reason?: string } = { rows: {} };
  rows.forEach((row, index) => {
    if (!row.full_name.trim()) problems.rows[index] = 'Please give the full name of every traveler';
    else if (row.age.trim() && !/^\d{1,3}$/.test(row.age.trim())) problems.rows[index] = 'Please give each traveler’s age in years';
  });
  if (!reason.trim()) problems.reason = 'Please give the reason for the change';
  else if (reason.trim().length > 500) problems.reason = 'The reason is too long';
  return problems;
}

/** The rows as stored: empty details left out, so a correction does not write blanks over nothing. */
export function travelersToSave(rows: readonly TravelerRow[], previous: readonly Record<string, unknown>[]): Record<string, string>[] {
  return rows.map((row, index) => {
    const kept = Object.fromEntries(Object.entries(previous[index] ?? {}).filter(([key]) => !['full_name', 'name', 'age', 'nationality', 'passport_number'].includes(key))) as Record<string, string>;
    const saved: Record<string, string> = { ...kept, full_name: row.full_name.trim() };
    if (row.age.trim()) saved.age = row.age.trim();
    if (row.nationality.trim()) saved.nationality = row.nationality.trim();
    if (row.passport_number.trim()) saved.passport_number = row.passport_number.trim();
    return saved;
  });
}

export interface ConversationMessage {
  id: string;
  thread_id: string;
  subject: string | null;
  sender: string;
  body: string;
  created_at: string;
  booking_id: string | null;
}

/** Messages grouped into their conversations, the latest first: about this booking first, then the rest. */
export function conversationsOf(messages: readonly ConversationMessage[], bookingId: string) {
  const threads = new Map<string, { threadId: string; subject: string | null; about: boolean; last: ConversationMessage; count: number; waiting: boolean }>();
  const newestFirst = [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at));
  for (const message of newestFirst) {
    const thread = threads.get(message.thread_id);
    if (!thread) {
      threads.set(message.thread_id, { threadId: message.thread_id, subject: message.subject, about: message.booking_id === bookingId, last: message, count: 1, waiting: message.sender === 'traveler' });
    } else {
      thread.count += 1;
      thread.subject ??= message.subject;
      thread.about ||= message.booking_id === bookingId;
    }
  }
  return [...threads.values()].sort((a, b) => Number(b.about) - Number(a.about) || b.last.created_at.localeCompare(a.last.created_at));
}

/** The extras a booking holds, as change_booking_party takes them: code and quantity. */
export function bookedExtras(extras: unknown): { code: string; quantity: number }[] {
  if (!Array.isArray(extras)) return [];
  return extras
    .filter((extra): extra is { code: string; quantity?: number } => Boolean(extra) && typeof extra === 'object' && typeof (extra as { code?: unknown }).code === 'string')
    .map((extra) => ({ code: extra.code, quantity: Number(extra.quantity ?? 1) }));
}

/** The party form's messages: what change_booking_party refuses before asking. */
export function partyProblems(values: { adults: number | string; children: number | string; reason: string }): { adults?: string; children?: string; reason?: string } {
  const problems: { adults?: string; children?: string; reason?: string } = {};
  const adults = values.adults === '' ? NaN : Number(values.adults);
  const children = values.children === '' ? NaN : Number(values.children);
  if (!Number.isInteger(adults) || adults < 1) problems.adults = 'At least one adult travels';
  if (!Number.isInteger(children) || children < 0) problems.children = 'Please give the number of children, or 0';
  if (!values.reason.trim()) problems.reason = 'Please give the reason for the change';
  return problems;
}

export const ATTENTION_LABELS: Record<(typeof ATTENTION_LISTS)[number], string> = {
  balance_overdue: 'Balances overdue',
  balance_due: 'Balances due within 14 days',
  hold_expiring: 'Holds expiring within 24 hours',
};

export const PAYMENT_STATE_LABELS: Record<(typeof PAYMENT_STATES)[number], string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid in full',
  refund_due: 'Refund owed',
};

function isPaymentState(state: string): state is (typeof PAYMENT_STATES)[number] {
  return (PAYMENT_STATES as readonly string[]).includes(state);
}

/** A payment state's label (search_bookings gives the state as text); a state not known here as it is. */
export function paymentStateLabel(state: string): string {
  return isPaymentState(state) ? PAYMENT_STATE_LABELS[state] : state;
}

/** The arguments of search_bookings for a page of the list (or, with a page and size given, of the export). */
export function searchArguments(search: BookingsSearch, page = search.page ?? 1, size: number = search.size ?? 25) {
  return {
    p_query: search.q?.trim() || null,
    p_statuses: search.status ?? null,
    p_payment_state: search.payment ?? null,
    p_tour_id: search.tour ?? null,
    p_departure_id: search.departure ?? null,
    p_travel_from: search.travelFrom ?? null,
    p_travel_until: search.travelUntil ?? null,
    p_booked_from: search.bookedFrom ?? null,
    p_booked_until: search.bookedUntil ?? null,
    p_sort: search.sort ?? 'created_at',
    p_descending: search.asc !== 1,
    p_limit: size,
    p_offset: (page - 1) * size,
    p_attention: search.attention ?? null,
  };
}

/** Whether any filter narrows the list (the search box included): the empty state says so. */
export function isFiltered(search: BookingsSearch): boolean {
  const { sort: _sort, asc: _asc, page: _page, size: _size, ...filters } = search;
  return Object.keys(filters).length > 0;
}

/** A filter's dates that contradict each other, as the field message to show. */
export function dateRangeProblems(search: BookingsSearch): Partial<Record<'travelUntil' | 'bookedUntil', string>> {
  const problems: Partial<Record<'travelUntil' | 'bookedUntil', string>> = {};
  if (search.travelFrom && search.travelUntil && search.travelUntil < search.travelFrom) problems.travelUntil = 'The end of the travel dates is before their start';
  if (search.bookedFrom && search.bookedUntil && search.bookedUntil < search.bookedFrom) problems.bookedUntil = 'The end of the booking dates is before their start';
  return problems;
}
