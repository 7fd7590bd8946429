import type { LocalDb, MirrorRow } from '@/lib/local-db.ts';
import { toCents } from '@/lib/money.ts';
import { checked } from '@/lib/outbox/errors.ts';
import { defineWrite } from '@/lib/outbox/registry.ts';
import { fieldTripId, FIELD_PAYMENT_LABELS, type FieldPaymentMethod } from './field.ts';
import type { Manifest } from './manifest.ts';

/**
 * What a staff member records in the field, through the outbox: made on the tablet with its own
 * client id (`key`) and the time it was made, shown at once on the device's copy of the trip, and
 * sent when there is a connection, exactly once in effect (the server keys each on its client id).
 * A write the server refuses because the booking changed meanwhile (PT409) fails with the server's
 * words and waits for the staff member to retry or discard it: it is never dropped silently.
 * Conflict rules: check-ins are a set (the first time stands), payments and notes append.
 */

interface FieldWrite {
  /** The write's client id, made on the device: the server records it once. */
  key: string;
  departureId: string;
  /** When it happened, on the tablet's clock. */
  at: string;
  /** What the waiting list says, e.g. 'Check in Ingrid Berg'. */
  label: string;
}

export interface CheckInWrite extends FieldWrite {
  bookingId: string;
  travelerIndex: number;
}

export interface FieldPaymentWrite extends FieldWrite {
  bookingId: string;
  amount: number;
  currency: string;
  method: FieldPaymentMethod;
  reference: string;
}

export interface IncidentWrite extends FieldWrite {
  bookingId: string | null;
  note: string;
}

/**
 * Changes the device's copy of a trip, if it holds the trip. Each kind changes and, on a discard,
 * undoes only its own part, so the other writes waiting on the same trip stay shown.
 */
async function changeTrip(db: LocalDb, userId: string, departureId: string, change: (manifest: Manifest) => boolean): Promise<undefined> {
  const stored = await db.fieldTrips.get(fieldTripId(userId, departureId));
  if (!stored) return undefined;
  const manifest = structuredClone(stored.row) as unknown as Manifest;
  if (change(manifest)) await db.fieldTrips.put({ ...stored, row: manifest as unknown as MirrorRow['row'] });
  return undefined;
}

const bookingOf = (manifest: Manifest, bookingId: string | null) => manifest.bookings.find((candidate) => candidate.booking_id === bookingId);

export const fieldCheckIn = defineWrite<CheckInWrite>({
  kind: 'field.checkIn',
  queue: 'field',
  mirrors: ['fieldTrips'],
  requiresUser: true,
  describe: (write) => write.label,
  describeWaiting: () => 'Checked in on this device: sent when there is a connection',
  apply: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      const booking = bookingOf(manifest, write.bookingId);
      if (!booking || booking.checked_in[String(write.travelerIndex)]) return false;
      booking.checked_in[String(write.travelerIndex)] = write.at;
      return true;
    }),
  revert: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      const booking = bookingOf(manifest, write.bookingId);
      if (!booking || booking.checked_in[String(write.travelerIndex)] !== write.at) return false;
      delete booking.checked_in[String(write.travelerIndex)];
      return true;
    }),
  async send(client, { payload }) {
    await checked(
      client.rpc('record_check_in', { p_client_id: payload.key, p_departure_id: payload.departureId, p_booking_id: payload.bookingId, p_traveler_index: payload.travelerIndex, p_checked_in_at: payload.at }),
    );
  },
});

export const fieldPayment = defineWrite<FieldPaymentWrite>({
  kind: 'field.payment',
  queue: 'field',
  mirrors: ['fieldTrips'],
  requiresUser: true,
  describe: (write) => write.label,
  describeWaiting: (write) => `${FIELD_PAYMENT_LABELS[write.method]} taken on this device: sent when there is a connection`,
  apply: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      const booking = bookingOf(manifest, write.bookingId);
      // Once the server has it, the balance it sent already counts it.
      if (!booking || booking.field_payments.includes(write.key)) return false;
      booking.balance_due = Math.max(0, toCents(booking.balance_due) - toCents(write.amount)) / 100;
      booking.field_payments.push(write.key);
      return true;
    }),
  revert: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      const booking = bookingOf(manifest, write.bookingId);
      if (!booking || !booking.field_payments.includes(write.key)) return false;
      booking.balance_due = (toCents(booking.balance_due) + toCents(write.amount)) / 100;
      booking.field_payments = booking.field_payments.filter((key) => key !== write.key);
      return true;
    }),
  async send(client, { payload }) {
    await checked(
      client.rpc('record_field_payment', {
        p_client_id: payload.key,
        p_departure_id: payload.departureId,
        p_booking_id: payload.bookingId,
        p_amount: payload.amount,
        p_method: payload.method,
        p_reference: payload.reference,
        p_paid_at: payload.at,
      }),
    );
  },
});

export const fieldIncident = defineWrite<IncidentWrite>({
  kind: 'field.incident',
  queue: 'field',
  mirrors: ['fieldTrips'],
  requiresUser: true,
  describe: (write) => write.label,
  describeWaiting: () => 'Noted on this device: sent when there is a connection',
  apply: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      if (manifest.incidents.some((incident) => incident.client_id === write.key)) return false;
      manifest.incidents.push({ id: write.key, client_id: write.key, note: write.note, occurred_at: write.at, booking_id: write.bookingId, recorded_by: null });
      return true;
    }),
  revert: (db, write, userId) =>
    changeTrip(db, userId!, write.departureId, (manifest) => {
      const before = manifest.incidents.length;
      manifest.incidents = manifest.incidents.filter((incident) => incident.client_id !== write.key);
      return manifest.incidents.length !== before;
    }),
  async send(client, { payload }) {
    await checked(
      client.rpc('record_trip_incident', {
        p_client_id: payload.key,
        p_departure_id: payload.departureId,
        // No booking: an incident of the whole trip. The SQL takes null; the generated types call every argument without a default required.
        p_booking_id: payload.bookingId as string,
        p_note: payload.note,
        p_occurred_at: payload.at,
      }),
    );
  },
});
