import { addDays } from '@/lib/dates.ts';

/**
 * A trip's manifest, pure: who rides in which vehicle, the passport warnings park permits and
 * borders care about, and the manifest's CSV rows. The data is trip_manifest()'s answer
 * (20261127000600_trip_manifest.sql).
 */

export interface ManifestTraveler {
  index: number;
  full_name: string | null;
  traveler_type: string | null;
  age: string | null;
  date_of_birth: string | null;
  nationality: string | null;
  passport_number: string | null;
  passport_expiry: string | null;
  dietary_needs: string | null;
  medical_notes: string | null;
  room_preference: string | null;
}

export interface ManifestBooking {
  booking_id: string;
  reference: string;
  status: string;
  contact: { full_name: string | null; email: string | null; phone: string | null };
  emergency: { name: string; phone: string | null; relationship: string | null } | null;
  balance_due: number;
  currency: string;
  notes: string | null;
  travelers: ManifestTraveler[];
  /** Seats the booking takes: its travelers when they are named, else this many. */
  party: number;
  /** When each traveler, by their place in the booking, was checked in. */
  checked_in: Record<string, string>;
  /** The client ids of the payments taken in the field that the server has. */
  field_payments: string[];
}

export interface ManifestIncident {
  id: string;
  client_id: string;
  note: string;
  occurred_at: string;
  booking_id: string | null;
  recorded_by: string | null;
}

export interface Manifest {
  trip: { id: string; tour_title: string; start_date: string; end_date: string; status: string; is_private: boolean; meets_at: string | null; ends_at: string | null; capacity: number; seats_booked: number };
  guides: { full_name: string; phone: string | null; languages: string[] }[];
  vehicles: { vehicle_id: string; name: string; registration: string; seats: number; travelers: number }[];
  bookings: ManifestBooking[];
  itinerary: { day_number: number; title: string; location: string | null; accommodation: string | null; meals: string[] }[];
  incidents: ManifestIncident[];
}

/** One line of the manifest: a traveler of a booking (a booking without names has placeholder lines). */
export interface ManifestLine {
  booking: ManifestBooking;
  traveler: ManifestTraveler;
  /** The first line of its booking: the booking's contact and balance are shown there. */
  first: boolean;
  /** When the traveler was checked in, or null. */
  checkedInAt: string | null;
}

/** Every traveler, booking by booking; a booking that named none has a line per seat. */
export function manifestLines(manifest: Manifest): ManifestLine[] {
  return manifest.bookings.flatMap((booking) => {
    const travelers: ManifestTraveler[] =
      booking.travelers.length > 0
        ? booking.travelers
        : Array.from({ length: booking.party }, (_, index) => ({
            index,
            full_name: index === 0 ? booking.contact.full_name : null,
            traveler_type: null,
            age: null,
            date_of_birth: null,
            nationality: null,
            passport_number: null,
            passport_expiry: null,
            dietary_needs: null,
            medical_notes: null,
            room_preference: null,
          }));
    return travelers.map((traveler, index) => ({ booking, traveler, first: index === 0, checkedInAt: booking.checked_in[String(traveler.index)] ?? null }));
  });
}

export interface VehicleGroup {
  /** The vehicle, or null for the travelers no vehicle has a seat for yet. */
  vehicle: Manifest['vehicles'][number] | null;
  lines: ManifestLine[];
}

/**
 * Who rides where: the vehicles take the travelers in booking order, as many as each carries,
 * keeping a booking's party together when it fits the seats left; those left over are unseated.
 */
export function seatTravelers(manifest: Manifest): VehicleGroup[] {
  const byBooking = new Map<string, ManifestLine[]>();
  for (const line of manifestLines(manifest)) byBooking.set(line.booking.booking_id, [...(byBooking.get(line.booking.booking_id) ?? []), line]);
  const parties = [...byBooking.values()];
  const groups: VehicleGroup[] = manifest.vehicles.map((vehicle) => ({ vehicle, lines: [] }));
  const left: ManifestLine[] = [];
  for (const party of parties) {
    let rest = party;
    // The first vehicle with room for the whole party, else fill the vehicles in order.
    const whole = groups.find((group) => group.vehicle!.travelers - group.lines.length >= rest.length);
    if (whole) {
      whole.lines.push(...rest);
      continue;
    }
    for (const group of groups) {
      const room = group.vehicle!.travelers - group.lines.length;
      if (room <= 0) continue;
      group.lines.push(...rest.slice(0, room));
      rest = rest.slice(room);
      if (rest.length === 0) break;
    }
    left.push(...rest);
  }
  return left.length > 0 ? [...groups, { vehicle: null, lines: left }] : groups;
}

/**
 * What is wrong with a traveler's passport for this trip: none given, or expiring within six months
 * of the last day (Tanzania, like most countries, asks for six months' validity).
 */
export function passportWarning(traveler: Pick<ManifestTraveler, 'passport_number' | 'passport_expiry'>, tripEnd: string): string | null {
  if (!traveler.passport_number) return 'No passport number';
  if (!traveler.passport_expiry) return null;
  if (traveler.passport_expiry < tripEnd) return 'Passport expires before the trip ends';
  if (traveler.passport_expiry < addDays(tripEnd, 183)) return 'Passport valid less than six months after the trip';
  return null;
}

const ROOM_LABELS: Record<string, string> = { double: 'Double', twin: 'Twin' };
export const roomLabel = (room: string | null) => (room ? (ROOM_LABELS[room] ?? room) : '');

/** The manifest's CSV: one row per traveler, with their vehicle and their booking's contact. */
export function manifestCsvColumns(manifest: Manifest) {
  return [
    { label: 'Vehicle', value: (row: { group: VehicleGroup; line: ManifestLine }) => (row.group.vehicle ? `${row.group.vehicle.name} (${row.group.vehicle.registration})` : 'No seat yet') },
    { label: 'Booking', value: (row: { line: ManifestLine }) => row.line.booking.reference },
    { label: 'Booking status', value: (row: { line: ManifestLine }) => row.line.booking.status },
    { label: 'Traveler', value: (row: { line: ManifestLine }) => row.line.traveler.full_name ?? '' },
    { label: 'Adult or child', value: (row: { line: ManifestLine }) => row.line.traveler.traveler_type ?? '' },
    { label: 'Age', value: (row: { line: ManifestLine }) => row.line.traveler.age ?? '' },
    { label: 'Date of birth', value: (row: { line: ManifestLine }) => row.line.traveler.date_of_birth ?? '' },
    { label: 'Nationality', value: (row: { line: ManifestLine }) => row.line.traveler.nationality ?? '' },
    { label: 'Passport number', value: (row: { line: ManifestLine }) => row.line.traveler.passport_number ?? '' },
    { label: 'Passport expiry', value: (row: { line: ManifestLine }) => row.line.traveler.passport_expiry ?? '' },
    { label: 'Room', value: (row: { line: ManifestLine }) => roomLabel(row.line.traveler.room_preference) },
    { label: 'Dietary needs', value: (row: { line: ManifestLine }) => row.line.traveler.dietary_needs ?? '' },
    { label: 'Medical notes', value: (row: { line: ManifestLine }) => row.line.traveler.medical_notes ?? '' },
    { label: 'Contact', value: (row: { line: ManifestLine }) => row.line.booking.contact.full_name ?? '' },
    { label: 'Contact phone', value: (row: { line: ManifestLine }) => row.line.booking.contact.phone ?? '' },
    { label: 'Contact email', value: (row: { line: ManifestLine }) => row.line.booking.contact.email ?? '' },
    { label: 'Emergency contact', value: (row: { line: ManifestLine }) => (row.line.booking.emergency ? [row.line.booking.emergency.name, row.line.booking.emergency.relationship].filter(Boolean).join(', ') : '') },
    { label: 'Emergency phone', value: (row: { line: ManifestLine }) => row.line.booking.emergency?.phone ?? '' },
    { label: 'Meets at', value: () => manifest.trip.meets_at ?? '' },
    { label: 'Checked in', value: (row: { line: ManifestLine }) => row.line.checkedInAt ?? '' },
    // The balance once per booking, on its first traveler, so a column sum is what is owed.
    { label: 'Balance due', value: (row: { line: ManifestLine }) => (row.line.first ? row.line.booking.balance_due : '') },
    { label: 'Currency', value: (row: { line: ManifestLine }) => (row.line.first ? row.line.booking.currency : '') },
  ];
}

/** The rows of the CSV, vehicle by vehicle. */
export const manifestCsvRows = (groups: VehicleGroup[]) => groups.flatMap((group) => group.lines.map((line) => ({ group, line })));
