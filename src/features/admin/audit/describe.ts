import { formatOfficeDate, formatOfficeDateTime } from '@/lib/dates.ts';
import { paymentMethodLabel } from '@shared/payment-methods.ts';
import { countOf } from '@/lib/words.ts';

/**
 * Audit log entries in words, for /admin/audit and a booking's History: what was changed (by its
 * name, not its id), and each field from what to what. `names` maps ids to what people call them
 * (audit_names()); an id it lacks is a record since removed.
 */
export interface AuditEntryValues {
  table_name: string;
  record_id: string;
  action: string;
  old_values: unknown;
  new_values: unknown;
}

export type AuditNames = Record<string, string>;

/** The kinds of record the trail covers, in words; the filter offers these. */
export const RECORD_KINDS: Record<string, string> = {
  bookings: 'Booking',
  payments: 'Payment',
  booking_notifications: 'Booking email',
  enquiries: 'Enquiry',
  quotes: 'Quote',
  clients: 'Client',
  client_notes: 'Client note',
  client_tags: 'Client tag',
  messages: 'Message',
  reviews: 'Review',
  tours: 'Tour',
  tour_departures: 'Departure',
  tour_extras: 'Tour extra',
  tour_itinerary: 'Itinerary day',
  tour_seasons: 'Season',
  tour_group_discounts: 'Group discount',
  promo_codes: 'Promo code',
  destinations: 'Destination',
  experiences: 'Experience',
  activities: 'Activity',
  categories: 'Category',
  guides: 'Guide',
  guide_leave: 'Guide leave',
  guide_credentials: 'Guide licence',
  vehicles: 'Vehicle',
  vehicle_out_of_service: 'Vehicle off the road',
  departure_guides: 'Guide on a trip',
  departure_vehicles: 'Vehicle on a trip',
  booking_settings: 'Booking settings',
  branding_settings: 'Branding',
  payment_instructions: 'Payment details',
  cancellation_policy_tiers: 'Cancellation policy',
  booking_hold_rules: 'Seat hold rules',
  currency_rates: 'Currency rate',
  users: 'Team member',
  team_members: 'About-us team member',
  staff_invitations: 'Invitation',
  blog_posts: 'Blog post',
  content_pages: 'Page',
  media_files: 'Media file',
};

export const kindOf = (table: string) => RECORD_KINDS[table] ?? sentence(table.replace(/_/g, ' '));

const ACTIONS: Record<string, string> = { insert: 'added', update: 'changed', delete: 'removed' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONEY_FIELDS = /(^|_)(amount|price|total|fee|paid|refunded)(_|$)/;
/** A payment's states as the Payments table names them. */
const PAYMENT_STATES: Record<string, string> = { succeeded: 'received', refund_due: 'owed back' };

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const record = (values: unknown) => (values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {});

/** The ids an entry mentions: its record's and every id among its values, to be named. */
export function idsIn(entry: AuditEntryValues & { actor_id?: string | null }): string[] {
  const ids = new Set<string>();
  if (entry.actor_id) ids.add(entry.actor_id);
  if (UUID.test(entry.record_id)) ids.add(entry.record_id);
  for (const values of [record(entry.old_values), record(entry.new_values)]) {
    for (const value of Object.values(values)) if (typeof value === 'string' && UUID.test(value)) ids.add(value);
  }
  return [...ids];
}

/** A field's name in words: 'departure_id' is the departure, 'hold_expires_at' the hold expires at. */
export function fieldLabel(key: string): string {
  return sentence(key.replace(/_id$/, '').replace(/_/g, ' '));
}

/** A stored value as a person reads it. */
export function valueInWords(key: string, value: unknown, names: AuditNames, currency?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && MONEY_FIELDS.test(key))) {
    const number = Number(value);
    if (MONEY_FIELDS.test(key)) return `${currency ? `${currency} ` : ''}${number.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    return number.toLocaleString('en-US');
  }
  if (typeof value === 'string') {
    if (UUID.test(value)) return names[value] ?? 'a record since removed';
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatOfficeDateTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatOfficeDate(value);
    // A time of day ('07:15:00') as the clock reads it.
    if (/^\d{2}:\d{2}:\d{2}$/.test(value)) return value.slice(0, 5);
    if (key === 'method' || key === 'payment_method' || key === 'refund_method') return paymentMethodLabel(value);
    if (key === 'status' && PAYMENT_STATES[value]) return PAYMENT_STATES[value];
    // Codes such as refund_due or sold_out, as words.
    if (/^[a-z]+(_[a-z]+)+$/.test(value)) return value.replace(/_/g, ' ');
    return value.length > 120 ? `${value.slice(0, 117)}…` : value;
  }
  // Travelers by name and price lines by label: what a person reads, not the stored JSON.
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.length ? value.join(', ') : '—';
    const words = value.map((item: Record<string, unknown>) => item?.full_name ?? item?.name ?? item?.label).filter((word) => typeof word === 'string');
    if (words.length === value.length) return words.length ? words.join(', ') : '—';
    return key === 'travelers' ? countOf(value.length, 'traveler') : countOf(value.length, 'item');
  }
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** What happened, in one line: 'Booking KS-2026-… changed', 'Payment of USD 1,256.40 recorded (Cash)'. */
export function entryTitle(entry: AuditEntryValues, names: AuditNames): string {
  const after = record(entry.new_values);
  const before = record(entry.old_values);
  if (entry.table_name === 'payments') {
    // An update keeps only the fields it changed: the payment's amount is then its name (audit_names).
    const amount =
      (after.amount ?? before.amount) !== undefined
        ? valueInWords('amount', after.amount ?? before.amount, names, typeof (after.currency ?? before.currency) === 'string' ? String(after.currency ?? before.currency) : undefined)
        : (names[entry.record_id] ?? 'money owed back');
    if (entry.action === 'insert' && after.status === 'refund_due') return `Refund of ${amount} owed back (${valueInWords('method', after.method, names)}, the way it was paid)`;
    if (entry.action === 'insert') return `Payment of ${amount} recorded (${valueInWords('method', after.method, names)})`;
    if (entry.action === 'update' && after.status === 'refunded' && before.status !== 'refunded') {
      const reference = typeof after.refund_reference === 'string' && after.refund_reference ? `, reference ${after.refund_reference}` : '';
      return `Refund of ${amount} sent by ${valueInWords('method', after.refund_method ?? after.method, names).toLowerCase()} on ${typeof after.refunded_at === 'string' ? formatOfficeDate(after.refunded_at) : '—'}${reference}`;
    }
  }
  // An invoice, a receipt or a refund note the office emailed (email_booking_document); the reason names the address.
  if (entry.table_name === 'booking_notifications' && entry.action === 'insert') {
    if (after.kind === 'invoice') return 'Invoice emailed to the client';
    const payment = typeof after.payment_id === 'string' ? (names[after.payment_id] ?? null) : null;
    if (after.kind === 'receipt') return `Receipt of ${payment ?? 'a payment'} emailed to the client`;
    if (after.kind === 'refund_note') return `Refund note of ${payment ?? 'a refund'} emailed to the client`;
  }
  const kind = kindOf(entry.table_name);
  const named = names[entry.record_id] ?? [after.name, after.title, after.full_name, after.email, before.name, before.title, before.full_name, before.email].find((word): word is string => typeof word === 'string') ?? null;
  // References (KS-2026-…, Q-…) stand as they are; other names are quoted.
  const what = !named ? kind : /^[A-Z]{1,3}-[0-9A-Z-]+$/.test(named) ? `${kind} ${named}` : `${kind} “${named}”`;
  // A booking is made; other records are added.
  const action = entry.table_name === 'bookings' && entry.action === 'insert' ? 'made' : (ACTIONS[entry.action] ?? entry.action);
  return `${what} ${action}`;
}

/** Each field changed, from what to what; nothing for an addition or a removal. */
export function entryChanges(entry: AuditEntryValues, names: AuditNames): string[] {
  if (entry.action !== 'update') return [];
  const before = record(entry.old_values);
  const after = record(entry.new_values);
  const currency = typeof (after.currency ?? before.currency) === 'string' ? String(after.currency ?? before.currency) : undefined;
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) && key !== 'updated_at')
    .map((key) => {
      const [from, to] = [valueInWords(key, before[key], names, currency), valueInWords(key, after[key], names, currency)];
      // The same travelers with other details: say which details, not "2 travelers → 2 travelers".
      if (from === to && Array.isArray(before[key]) && Array.isArray(after[key])) return `${fieldLabel(key)}: ${detailsChanged(before[key] as unknown[], after[key] as unknown[])} changed`;
      return `${fieldLabel(key)}: ${from} → ${to}`;
    });
}

/** The fields that differ between two lists of records, in words: 'dietary, emergency contact'. */
function detailsChanged(before: unknown[], after: unknown[]): string {
  const fields = new Set<string>();
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const [a, b] = [record(before[index]), record(after[index])];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) fields.add(key.replace(/_/g, ' '));
  }
  return fields.size ? [...fields].join(', ') : 'details';
}

/** One line for a record's own History: the fields changed, or what happened to it. */
export function describeChange(entry: AuditEntryValues, names: AuditNames = {}): string {
  const after = record(entry.new_values);
  // A refund sent reads as one sentence, not its four fields.
  if (entry.table_name === 'payments' && after.status === 'refunded' && record(entry.old_values).status !== 'refunded') return entryTitle(entry, names);
  const changes = entryChanges(entry, names);
  if (entry.action === 'update') return changes.length ? changes.join('; ') : `${kindOf(entry.table_name)} saved unchanged`;
  return entryTitle(entry, names);
}
