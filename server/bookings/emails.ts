import { paymentMethodLabel, REFUND_WAYS, refundRoute } from '../../shared/payment-methods.ts';
import { travelersInWords } from '../documents/words.ts';
import { companyDate, type Company } from '../mail/company.ts';
import { composeEmail, type Block, type ComposedEmail } from '../mail/compose.ts';

/**
 * The emails a booking is sent, in the company's voice, and the one the company is sent about it
 * (refund_due, to the company's own address). Each is written from the booking as it is
 * when the email is written (booking_notifications says which are owed; server/jobs/booking-emails.ts
 * loads the data and queues the email). Pure functions of that data, so they are tested directly.
 */

export type BookingEmailKind =
  | 'booking_received'
  | 'booking_confirmed'
  | 'booking_cancelled'
  | 'payment_received'
  | 'refund_due'
  | 'balance_reminder'
  | 'pre_departure'
  | 'review_request'
  | 'trip_moved'
  | 'booking_moved'
  | 'booking_changed'
  | 'refund_sent'
  | 'invoice'
  | 'receipt'
  | 'refund_note';

/** The emails that go to the company rather than to the traveler. */
export const companyEmailKinds: ReadonlySet<BookingEmailKind> = new Set(['refund_due']);

/** booking_payment_schedule's answer: a payment_schedule (20261128040200_typed_returns_payment_schedule.sql). */
export interface PaymentSchedule {
  currency: string;
  total: number;
  paid: number;
  outstanding: number;
  deposit_percent: number;
  balance_due_days: number;
  pay_in_full: boolean;
  deposit_amount: number;
  deposit_due: number;
  balance_due: number;
  balance_due_date: string | null;
  start_date: string | null;
  hold_expires_at: string | null;
}

export interface BookingEmailData {
  booking: {
    reference: string;
    status: string;
    currency: string;
    total: number;
    adults: number;
    children: number;
    contact: { full_name?: string; email?: string; phone?: string };
    /** quote_booking's lines, as stored at booking. */
    lines: { label: string; quantity: number; unit_price: number; amount: number; kind?: string }[];
    /** The booking belongs to an account (else it is a guest's). */
    owned: boolean;
    payment_method: 'card' | 'bank_transfer' | 'pay_on_arrival' | null;
    cancelled_at: string | null;
    cancellation_reason: string | null;
    /** What the company keeps of what was paid (after a cancellation, the fee kept). */
    amount_paid: number;
    /** Money owed back and not yet returned (refund_due). */
    refund_owed: number;
    /** How the money owed back goes back: the way the client paid. */
    refund_owed_method: string | null;
    /** Money owed back and returned already (refunded). */
    refund_sent: number;
    /** The contact email was proven or the team approved the hold: the seats are held the longer time. */
    hold_secured: boolean;
  };
  /**
   * booking_received of a hold not yet secured: the link that proves the contact email
   * (confirm_booking_email), made by the writer with a fresh one-time token.
   */
  confirm_link?: string | null;
  /** Someone already has an account with the contact email. */
  has_account: boolean;
  /** The booking's invoice number, once issued (booking_invoices). */
  invoice_number?: string | null;
  tour: { title: string; slug: string; start_location: string | null; included: string[] };
  /** departure_cancelled: the company cancelled the departure itself. */
  departure: { start_date: string; end_date: string; departure_cancelled: boolean } | null;
  first_day: { title: string } | null;
  schedule: PaymentSchedule;
  /** The payment a receipt (or a refund notice) is for. */
  payment: {
    amount: number;
    currency: string;
    method: string;
    reference: string | null;
    paid_at: string;
    provider: string | null;
    /** The booking's succeeded payments up to and including this one. */
    paid_to_date: number;
    /** A refund sent: how, when and with what reference it went back. */
    refund_method?: string | null;
    refunded_at?: string | null;
    refund_reference?: string | null;
  } | null;
  /**
   * What the notification records of its cause: a moved trip's or booking's former dates (and tour),
   * a changed booking's former party, extras and total.
   */
  details?: {
    from_start?: string;
    from_end?: string;
    from_tour?: string;
    previous_total?: number;
    previous_adults?: number;
    previous_children?: number;
    previous_extras?: string[];
  } | null;
  /** The active payment_instructions row. */
  instructions: {
    bank_name: string;
    account_name: string;
    account_number: string;
    swift_code: string | null;
    branch: string | null;
    pay_on_arrival: string | null;
  } | null;
}

export interface EmailSite {
  /** The public address (SITE_URL), no trailing slash. */
  url: string;
  /** Card payments are on offer (STRIPE_SECRET_KEY). */
  cardPayments: boolean;
}

export function money(amount: number, currency: string): string {
  return `${currency} ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A calendar date ('2027-03-12') as '12 March 2027'. */
export function day(date: string): string {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A moment as the time and day it is in the company's time zone: '14:35 on 25 November (East Africa Time)'. */
function momentOf(timestamp: string, timeZone: string): string {
  const date = new Date(timestamp);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone });
  const zoneName = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${time} on ${day} (${zoneName ?? timeZone})`;
}

/** The link of a booking email that proves its contact address and keeps the seats longer. */
export function confirmEmailLink(site: EmailSite, reference: string, email: string, token: string): string {
  const url = new URL('/thank-you', site.url);
  url.searchParams.set('reference', reference);
  url.searchParams.set('email', email);
  url.searchParams.set('confirm', token);
  return url.toString();
}

/** Where the traveler sees the booking and pays: the portal, or for a guest the confirmation page. */
export function bookingLink(site: EmailSite, data: BookingEmailData): string {
  if (data.booking.owned) return `${site.url}/traveler/bookings`;
  const url = new URL('/thank-you', site.url);
  url.searchParams.set('reference', data.booking.reference);
  url.searchParams.set('email', data.booking.contact.email ?? '');
  return url.toString();
}

/** The portal's bookings page, adding the guest booking with this reference to the signed-in account. */
function claimPath(reference: string): string {
  return `/traveler/bookings?claim=${encodeURIComponent(reference)}`;
}

/**
 * Sign-up for a guest, with the email filled in; afterwards the portal claims the booking by its
 * reference (signing up alone proves nothing about the address, see claim_guest_booking).
 */
export function registerLink(site: EmailSite, email: string, reference: string): string {
  const url = new URL('/auth/register', site.url);
  url.searchParams.set('email', email);
  url.searchParams.set('redirect', claimPath(reference));
  return url.toString();
}

function greeting(data: BookingEmailData): Block {
  const name = data.booking.contact.full_name?.trim();
  return { type: 'paragraph', text: name ? `Dear ${name},` : 'Hello,' };
}

function dates(data: BookingEmailData): string {
  return data.departure ? `${day(data.departure.start_date)} to ${day(data.departure.end_date)}` : 'to be arranged with you';
}

function summary(data: BookingEmailData): Block {
  const { booking } = data;
  return {
    type: 'rows',
    rows: [
      ['Reference', booking.reference],
      ['Trip', data.tour.title],
      ['Dates', dates(data)],
      ['Travelers', travelersInWords(booking.adults, booking.children)],
    ],
  };
}

function priceLines(data: BookingEmailData): Block {
  const { booking } = data;
  return {
    type: 'rows',
    rows: [
      ...booking.lines.map(
        (line): [string, string] => [
          line.quantity > 1 ? `${line.label}, ${line.quantity} x ${money(line.unit_price, booking.currency)}` : line.label,
          money(line.amount, booking.currency),
        ],
      ),
      ['Total', money(booking.total, booking.currency)],
    ],
  };
}

/** What is paid and what is left, and by when. */
function account(data: BookingEmailData): Block {
  const s = data.schedule;
  const rows: [string, string][] = [
    ['Total', money(s.total, s.currency)],
    ['Paid so far', money(s.paid, s.currency)],
  ];
  if (s.outstanding === 0) rows.push(['Still to pay', 'nothing: your trip is paid in full']);
  else if (s.deposit_due > 0) rows.push([s.pay_in_full ? 'Due now' : 'Deposit still due', money(s.deposit_due, s.currency)]);
  if (s.balance_due > 0) rows.push(['Balance', `${money(s.balance_due, s.currency)}${s.balance_due_date ? `, due by ${day(s.balance_due_date)}` : ''}`]);
  return { type: 'rows', rows };
}

/** The account as this payment left it, however late the receipt is written. */
function receiptAccount(data: BookingEmailData): Block {
  const s = data.schedule;
  const paid = data.payment!.paid_to_date;
  const left = Math.round((s.total - paid) * 100) / 100;
  const dueBy = s.balance_due_date && paid >= s.deposit_amount ? `, due by ${day(s.balance_due_date)}` : '';
  return {
    type: 'rows',
    rows: [
      ['Total', money(s.total, s.currency)],
      ['Paid to date', money(paid, s.currency)],
      ['Still to pay', left > 0 ? `${money(left, s.currency)}${dueBy}` : 'nothing: your trip is paid in full'],
    ],
  };
}

/** The ways to pay: card online when offered, the bank's details, and what paying on arrival means. */
function howToPay(site: EmailSite, data: BookingEmailData): Block[] {
  const blocks: Block[] = [{ type: 'heading', text: 'How to pay' }];
  if (site.cardPayments) {
    blocks.push({ type: 'link', label: 'Pay securely by card', url: bookingLink(site, data) });
  }
  const bank = data.instructions;
  if (bank) {
    const rows: [string, string][] = [
      ['Bank', bank.bank_name],
      ['Account name', bank.account_name],
      ['Account number', bank.account_number],
    ];
    if (bank.swift_code) rows.push(['SWIFT', bank.swift_code]);
    if (bank.branch) rows.push(['Branch', bank.branch]);
    rows.push(['Payment reference', data.booking.reference]);
    blocks.push(
      { type: 'paragraph', text: 'By bank transfer, to our account:' },
      { type: 'rows', rows },
      { type: 'paragraph', text: `Please quote your booking reference ${data.booking.reference} so we can match your payment to your booking. Transfers usually take two to four working days to reach us.` },
    );
    if (bank.pay_on_arrival) blocks.push({ type: 'paragraph', text: `On arrival: ${bank.pay_on_arrival}` });
  }
  return blocks;
}

function questions(company: Company): Block {
  return {
    type: 'paragraph',
    text: `If anything is unclear, simply reply to this email${company.phone ? ` or call us on ${company.phone}` : ''}. We are always happy to help.`,
  };
}

function bookingReceived(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const s = data.schedule;
  const payBy = s.hold_expires_at ? ` by ${companyDate(company, s.hold_expires_at)}` : '';
  const next: Block[] = s.pay_in_full
    ? [{ type: 'paragraph', text: `As your trip starts within ${s.balance_due_days} days, the full amount of ${money(s.deposit_due, s.currency)} is due now. Please pay${payBy} so that we can keep your places; as soon as your payment reaches us we confirm your booking by email.` }]
    : [
        { type: 'paragraph', text: `To confirm your booking, please pay the deposit of ${money(s.deposit_due, s.currency)} (${s.deposit_percent}% of the total)${payBy}. As soon as it reaches us we confirm your booking by email.` },
        { type: 'paragraph', text: `The balance of ${money(s.balance_due, s.currency)} is due by ${day(s.balance_due_date!)}, ${s.balance_due_days} days before departure. We will remind you a week before.` },
      ];
  // A hold not yet secured is short: the first thing to do is to confirm the address.
  const keepSeats: Block[] =
    data.confirm_link && s.hold_expires_at
      ? [
          { type: 'heading', text: 'Keep your seats' },
          {
            type: 'paragraph',
            text: `We hold your places until ${momentOf(s.hold_expires_at, company.timeZone)}. Confirm your email address and we keep them for you while you arrange payment: for two days, or for a week if you pay by bank transfer or on arrival.`,
          },
          { type: 'link', label: 'Confirm my email address', url: data.confirm_link },
        ]
      : [];
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Asante sana for booking with ${company.name}! We have received your booking for ${data.tour.title} and are holding your places.` },
    ...keepSeats,
    { type: 'heading', text: 'Your booking' },
    summary(data),
    priceLines(data),
    { type: 'heading', text: 'What happens next' },
    ...next,
    ...howToPay(site, data),
  ];
  const email = data.booking.contact.email;
  if (!data.booking.owned && !data.has_account && email) {
    blocks.push(
      { type: 'heading', text: 'Keep your trip in one place' },
      { type: 'paragraph', text: `Create a free account with ${email} and this booking will be waiting for you, with your payments, travel documents and day-by-day itinerary, on your phone even offline.` },
      { type: 'link', label: 'Create your account', url: registerLink(site, email, data.booking.reference) },
    );
  } else if (!data.booking.owned && data.has_account) {
    blocks.push({ type: 'link', label: 'Add this booking to your account', url: `${site.url}${claimPath(data.booking.reference)}` });
  } else {
    blocks.push({ type: 'link', label: 'View your booking', url: bookingLink(site, data) });
  }
  blocks.push(questions(company));
  return composeEmail(company, `Booking received: ${data.tour.title} (${data.booking.reference})`, blocks);
}

function bookingConfirmed(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const s = data.schedule;
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Great news: your booking ${data.booking.reference} is confirmed, and your places on ${data.tour.title} are yours. We are looking forward to welcoming you to Tanzania.` },
    { type: 'heading', text: 'Your trip' },
    summary(data),
    { type: 'heading', text: 'Payments' },
    account(data),
  ];
  if (s.balance_due > 0 && s.balance_due_date) {
    blocks.push({ type: 'paragraph', text: `We will remind you of the balance a week before it is due on ${day(s.balance_due_date)}.` });
  }
  blocks.push(
    { type: 'paragraph', text: 'A week before you travel we will send you the practical details: where we meet you, what to pack and who to call.' },
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  );
  return composeEmail(company, `Your trip is confirmed: ${data.tour.title} (${data.booking.reference})`, blocks);
}

function paymentReceived(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const payment = data.payment!;
  const rows: [string, string][] = [
    ['Booking', data.booking.reference],
    ['Trip', data.tour.title],
    ['Amount', money(payment.amount, payment.currency)],
    ['Date', companyDate(company, payment.paid_at)],
    ['Paid by', paymentMethodLabel(payment.method)],
  ];
  if (payment.reference && !payment.provider) rows.push(['Payment reference', payment.reference]);
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Thank you: we have received your payment of ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}. This email is your receipt. A copy is attached as a PDF for your records.` },
    { type: 'heading', text: 'Receipt' },
    { type: 'rows', rows },
    { type: 'heading', text: 'Your booking' },
    receiptAccount(data),
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `Payment received: ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}`, blocks);
}

/** A payment's receipt sent again by the office: the receipt email, named as what was asked for. */
function receiptSent(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const payment = data.payment!;
  return { ...paymentReceived(company, site, data), subject: `Receipt: ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}` };
}

/** The booking's invoice, sent by the office with the PDF attached; the ways to pay while some is owed. */
function invoiceSent(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const number = data.invoice_number ?? data.booking.reference;
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Please find attached invoice ${number} for your booking ${data.booking.reference}: ${data.tour.title}, ${dates(data)}.` },
    { type: 'heading', text: 'Your account' },
    account(data),
    ...(data.schedule.outstanding > 0 ? howToPay(site, data) : []),
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `Invoice ${number} for booking ${data.booking.reference}`, blocks);
}

const bookingStatusWords: Record<string, string> = { expired: 'expired: its hold ran out unpaid', cancelled: 'cancelled' };

/** Why a payment is owed back, in the words of the company's notice. */
function refundReason(data: BookingEmailData): { why: string; first: string } {
  const payment = data.payment!;
  const { booking } = data;
  const amount = money(payment.amount, payment.currency);
  if (booking.cancelled_at !== null && new Date(payment.paid_at) <= new Date(booking.cancelled_at)) {
    return {
      why: `Booking ${booking.reference} was cancelled${data.departure?.departure_cancelled ? ' with its departure' : ''} after this payment of ${amount} reached us, so it is owed back in full and recorded as refund due.`,
      first: 'Tell the traveler when the money is on its way, and offer them another date.',
    };
  }
  if (booking.status === 'expired' || booking.status === 'cancelled') {
    return {
      why: `A card payment of ${amount} arrived for booking ${booking.reference} after the booking ${booking.status === 'expired' ? 'had expired' : 'was cancelled'}. Its seats are no longer held, so the payment was not applied to it: it is recorded as refund due.`,
      first: 'Contact the traveler: if the departure still has room, rebook them, otherwise offer another date.',
    };
  }
  if (payment.currency !== booking.currency) {
    return {
      why: `A card payment of ${amount} arrived for booking ${booking.reference}, which is priced in ${booking.currency}. It was not applied to the booking: it is recorded as refund due.`,
      first: `Contact the traveler and ask them to pay in ${booking.currency} instead.`,
    };
  }
  return {
    why: `A card payment of ${amount} arrived for booking ${booking.reference}, more than the ${money(Math.max(0, data.schedule.outstanding), booking.currency)} it still owed (two payment pages paid, most likely). It was not applied to the booking: it is recorded as refund due.`,
    first: 'Tell the traveler the second payment is being returned.',
  };
}

/**
 * To the company: a payment is to be given back: it arrived (by card) for a booking no longer open,
 * beyond what the booking owed or in another currency, or its booking was cancelled with its departure.
 */
function refundDue(company: Company, _site: EmailSite, data: BookingEmailData): ComposedEmail {
  const payment = data.payment!;
  const contact = data.booking.contact;
  const amount = money(payment.amount, payment.currency);
  const reason = refundReason(data);
  const rows: [string, string][] = [
    ['Booking', data.booking.reference],
    ['Booking status', bookingStatusWords[data.booking.status] ?? data.booking.status],
    ['Trip', `${data.tour.title}, ${dates(data)}`],
    ['Traveler', [contact.full_name, contact.email, contact.phone].filter(Boolean).join(', ') || 'no contact details'],
    ['Amount', amount],
    ['Paid by', `${paymentMethodLabel(payment.method)}${payment.provider === 'stripe' ? ' (Stripe)' : ''}`],
    ['Paid on', companyDate(company, payment.paid_at)],
  ];
  if (payment.reference) rows.push([payment.provider === 'stripe' ? 'Stripe Checkout Session' : 'Payment reference', payment.reference]);
  const blocks: Block[] = [
    { type: 'paragraph', text: reason.why },
    { type: 'rows', rows },
    { type: 'heading', text: 'What to do' },
    {
      type: 'list',
      items: [
        reason.first,
        payment.provider === 'stripe'
          ? 'Refund the payment in the Stripe dashboard unless it is moved to a new booking.'
          : 'Return the payment the way it came (bank transfer, mobile money or cash) unless it is moved to a new booking.',
        'Once refunded, mark the payment refunded (mark_payment_refunded).',
      ],
    },
  ];
  const method = paymentMethodLabel(payment.method).toLowerCase();
  return composeEmail(company, `Refund due: ${amount} ${method} payment for ${data.booking.status} booking ${data.booking.reference}`, blocks);
}

/**
 * What became of what a cancelled booking paid: the fee the company keeps under its policy, what is
 * returned and how, and what is already on its way. Paid = kept + returned, so the figures add up.
 */
function yourMoney(data: BookingEmailData): Block[] {
  const { booking } = data;
  const returned = booking.refund_owed + booking.refund_sent;
  const paid = booking.amount_paid + returned;
  if (paid <= 0) return [{ type: 'paragraph', text: 'Nothing was paid on this booking, so nothing is owed either way.' }];
  const rows: [string, string][] = [['You paid', money(paid, booking.currency)]];
  if (booking.amount_paid > 0) rows.push(['Cancellation fee kept', money(booking.amount_paid, booking.currency)]);
  if (booking.refund_sent > 0) rows.push(['Refunded to you', money(booking.refund_sent, booking.currency)]);
  if (booking.refund_owed > 0) rows.push(['To be refunded to you', money(booking.refund_owed, booking.currency)]);
  const blocks: Block[] = [{ type: 'heading', text: 'Your money' }, { type: 'rows', rows }];
  if (booking.amount_paid > 0) {
    blocks.push({
      type: 'paragraph',
      text: `Under our cancellation policy we keep a fee of ${money(booking.amount_paid, booking.currency)}${returned > 0 ? ' and return the rest' : ', which is all that was paid'}.`,
    });
  }
  if (booking.refund_owed > 0) {
    const route = refundRoute(booking.refund_owed_method);
    blocks.push({ type: 'paragraph', text: `We return ${money(booking.refund_owed, booking.currency)} ${route}. We will email you when it is on its way.` });
  }
  return blocks;
}

/** To the traveler: the booking is cancelled, why, and what happens to what they paid. */
function bookingCancelled(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const { booking } = data;
  const departureCancelled = data.departure?.departure_cancelled ?? false;
  const blocks: Block[] = [
    greeting(data),
    departureCancelled
      ? { type: 'paragraph', text: `We are very sorry: we have had to cancel the departure of ${data.tour.title} (${dates(data)}), and with it your booking ${booking.reference}.` }
      : { type: 'paragraph', text: `Your booking ${booking.reference} for ${data.tour.title} (${dates(data)}) is cancelled, and its places are released.` },
  ];
  if (booking.cancellation_reason && !departureCancelled) blocks.push({ type: 'rows', rows: [['Reason', booking.cancellation_reason]] });
  blocks.push(...yourMoney(data));
  if (departureCancelled) {
    blocks.push(
      { type: 'paragraph', text: 'We would love to welcome you on another date: the same trip runs on other departures, and we can hold places for you.' },
      { type: 'link', label: 'See other dates', url: `${site.url}/tours/${data.tour.slug}` },
    );
  }
  blocks.push(questions(company));
  return composeEmail(company, `Booking cancelled: ${data.tour.title} (${booking.reference})`, blocks);
}

function balanceReminder(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const s = data.schedule;
  const due = s.balance_due_date ? day(s.balance_due_date) : 'before you travel';
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `${data.tour.title} is getting close! This is a friendly reminder that the balance of ${money(s.balance_due, s.currency)} for booking ${data.booking.reference} is due by ${due}.` },
    summary(data),
    account(data),
    ...howToPay(site, data),
    { type: 'paragraph', text: 'If you have already paid, thank you, and please ignore this reminder: transfers can take a few days to reach us.' },
    questions(company),
  ];
  return composeEmail(company, `Your balance for ${data.tour.title} is due by ${due}`, blocks);
}

function preDeparture(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const s = data.schedule;
  const rows: [string, string][] = [
    ['Reference', data.booking.reference],
    ['Dates', dates(data)],
    ['Travelers', travelersInWords(data.booking.adults, data.booking.children)],
  ];
  if (data.tour.start_location) rows.push(['Starts from', data.tour.start_location]);
  if (data.first_day) rows.push(['Day 1', data.first_day.title]);
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Only a few days to go! ${data.tour.title} starts on ${data.departure ? day(data.departure.start_date) : 'the date agreed with you'}, and our team is getting everything ready for you.` },
    { type: 'heading', text: 'Your trip' },
    { type: 'rows', rows },
    { type: 'heading', text: 'Before you leave' },
    {
      type: 'list',
      items: [
        'Passports valid for at least six months after your return, with two blank pages.',
        'Your Tanzania visa (apply online at immigration.go.tz, or on arrival) and travel insurance details.',
        'A yellow fever certificate if you travel through a country where yellow fever is present.',
        'Light layers in neutral colours, a warm fleece for early game drives, a hat, sunscreen and binoculars.',
        'Your flight details, if you have not sent them yet: reply to this email and we will arrange your pick-up.',
      ],
    },
  ];
  if (data.tour.included.length > 0) {
    blocks.push({ type: 'heading', text: 'Included in your trip' }, { type: 'list', items: data.tour.included });
  }
  if (s.outstanding > 0) {
    blocks.push(
      { type: 'paragraph', text: `There is still ${money(s.outstanding, s.currency)} to pay on your booking.${data.instructions?.pay_on_arrival ? ` ${data.instructions.pay_on_arrival}` : ''}` },
    );
  }
  blocks.push(
    { type: 'link', label: 'Your booking and itinerary', url: bookingLink(site, data) },
    { type: 'paragraph', text: `While you travel, our team is there for you day and night${company.phone ? ` on ${company.phone}` : ''}. Safari njema: have a wonderful journey!` },
  );
  return composeEmail(company, `${data.tour.title} starts on ${data.departure ? day(data.departure.start_date) : 'soon'}: what to know before you travel`, blocks);
}

function reviewRequest(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const tourPage = `${site.url}/tours/${data.tour.slug}#reviews`;
  const email = data.booking.contact.email;
  // A guest needs an account to review; one who has an account already signs in on the tour page.
  const canReview = data.booking.owned || data.has_account;
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `Karibu tena, welcome back! We hope ${data.tour.title} gave you memories to treasure, and we would love to hear how it was.` },
    {
      type: 'paragraph',
      text: 'Would you tell other travelers about your trip? A few lines about your guide, the camps and the moments you remember help them choose, and help us get better. It takes two minutes.',
    },
    canReview || !email
      ? { type: 'link', label: 'Write your review', url: tourPage }
      : { type: 'link', label: 'Create your account and write your review', url: registerLink(site, email, data.booking.reference) },
    { type: 'paragraph', text: `Asante sana for travelling with ${company.name}. We hope to see you again soon.` },
  ];
  return composeEmail(company, `How was ${data.tour.title}?`, blocks);
}

function tripMoved(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const was = data.details?.from_start && data.details.from_end ? `${day(data.details.from_start)} to ${day(data.details.from_end)}` : null;
  const blocks: Block[] = [
    greeting(data),
    {
      type: 'paragraph',
      text: `We have moved ${data.tour.title} to new dates: it now runs from ${dates(data)}${was ? ` (it was ${was})` : ''}. Everything else about your booking stays as it was.`,
    },
    summary(data),
    {
      type: 'paragraph',
      text: 'If the new dates do not suit you, reply to this email: we will find another departure with you, or cancel without a fee for the change we made.',
    },
    { type: 'link', label: 'Your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `New dates for ${data.tour.title}: ${data.departure ? day(data.departure.start_date) : 'to be arranged'}`, blocks);
}

/** To the traveler: money owed back has been sent, how, when and with what reference. */
function refundSent(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const payment = data.payment!;
  const method = payment.refund_method ?? payment.method;
  const rows: [string, string][] = [
    ['Booking', data.booking.reference],
    ['Trip', data.tour.title],
    ['Amount refunded', money(payment.amount, payment.currency)],
    ['Sent on', payment.refunded_at ? companyDate(company, payment.refunded_at) : '—'],
    ['Returned by', paymentMethodLabel(method)],
  ];
  if (payment.refund_reference) rows.push(['Reference', payment.refund_reference]);
  const arrives = REFUND_WAYS[method]?.arrives;
  const blocks: Block[] = [
    greeting(data),
    {
      type: 'paragraph',
      text: `We have sent you a refund of ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}, by ${paymentMethodLabel(method).toLowerCase()}. The refund note is attached as a PDF for your records.`,
    },
    { type: 'heading', text: 'Refund' },
    { type: 'rows', rows },
    ...(arrives ? [{ type: 'paragraph', text: arrives } satisfies Block] : []),
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `Refund sent: ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}`, blocks);
}

/** A refund's note sent again by the office: the refund email, named as what was asked for. */
function refundNoteSent(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const payment = data.payment!;
  return { ...refundSent(company, site, data), subject: `Refund note: ${money(payment.amount, payment.currency)} for booking ${data.booking.reference}` };
}

/** The new total against the old, and what is now left to pay or owed back. */
function priceChange(data: BookingEmailData): Block[] {
  const { booking } = data;
  const previous = data.details?.previous_total;
  const blocks: Block[] = [{ type: 'heading', text: 'Price' }, priceLines(data)];
  if (previous !== undefined && Number(previous) !== Number(booking.total)) {
    blocks.push({ type: 'paragraph', text: `The total was ${money(previous, booking.currency)} and is now ${money(booking.total, booking.currency)}.` });
  }
  if (booking.refund_owed > 0) {
    blocks.push({ type: 'paragraph', text: `You have paid more than the new total: we return ${money(booking.refund_owed, booking.currency)} ${refundRoute(booking.refund_owed_method)}.` });
  }
  blocks.push({ type: 'heading', text: 'Payments' }, account(data));
  return blocks;
}

/** To the traveler: their booking is on another departure (or another tour) now. */
function bookingMoved(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const details = data.details ?? {};
  const was = details.from_start && details.from_end ? `${day(details.from_start)} to ${day(details.from_end)}` : null;
  const otherTour = details.from_tour && details.from_tour !== data.tour.title ? details.from_tour : null;
  const blocks: Block[] = [
    greeting(data),
    {
      type: 'paragraph',
      text: `As agreed, your booking ${data.booking.reference} has moved${otherTour ? ` from ${otherTour}` : ''} to ${data.tour.title} from ${dates(data)}${was ? ` (it was ${was})` : ''}.`,
    },
    { type: 'heading', text: 'Your booking now' },
    summary(data),
    ...priceChange(data),
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `Booking ${data.booking.reference} moved: ${data.tour.title} from ${data.departure ? day(data.departure.start_date) : 'new dates'}`, blocks);
}

/** To the traveler: who travels, the extras or the price of their booking changed. */
function bookingChanged(company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  const { booking } = data;
  const details = data.details ?? {};
  const rows: [string, string][] = [];
  if (details.previous_adults !== undefined && (details.previous_adults !== booking.adults || details.previous_children !== booking.children)) {
    rows.push(['Travelers', `${travelersInWords(details.previous_adults, details.previous_children ?? 0)} → ${travelersInWords(booking.adults, booking.children)}`]);
  }
  const extrasNow = booking.lines.filter((line) => line.kind === 'extra').map((line) => (line.quantity > 1 ? `${line.label} × ${line.quantity}` : line.label));
  const extrasBefore = details.previous_extras ?? [];
  if (JSON.stringify([...extrasBefore].sort()) !== JSON.stringify([...extrasNow].sort())) {
    rows.push(['Extras', `${extrasBefore.join(', ') || 'none'} → ${extrasNow.join(', ') || 'none'}`]);
  }
  const blocks: Block[] = [
    greeting(data),
    { type: 'paragraph', text: `We have updated your booking ${booking.reference} for ${data.tour.title} (${dates(data)}).` },
    ...(rows.length > 0 ? [{ type: 'heading', text: 'What changed' } satisfies Block, { type: 'rows', rows } satisfies Block] : []),
    ...priceChange(data),
    { type: 'link', label: 'View your booking', url: bookingLink(site, data) },
    questions(company),
  ];
  return composeEmail(company, `Booking ${booking.reference} updated: ${data.tour.title}`, blocks);
}

const writers: Record<BookingEmailKind, (company: Company, site: EmailSite, data: BookingEmailData) => ComposedEmail> = {
  booking_received: bookingReceived,
  booking_confirmed: bookingConfirmed,
  booking_cancelled: bookingCancelled,
  payment_received: paymentReceived,
  refund_due: refundDue,
  balance_reminder: balanceReminder,
  pre_departure: preDeparture,
  review_request: reviewRequest,
  trip_moved: tripMoved,
  booking_moved: bookingMoved,
  booking_changed: bookingChanged,
  refund_sent: refundSent,
  invoice: invoiceSent,
  receipt: receiptSent,
  refund_note: refundNoteSent,
};

export function bookingEmail(kind: BookingEmailKind, company: Company, site: EmailSite, data: BookingEmailData): ComposedEmail {
  return writers[kind](company, site, data);
}
