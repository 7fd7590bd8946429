import { addDays } from '@/lib/dates.ts';

/**
 * A trip's manifest, pure: who rides in which vehicle, the passport warnings park permits and
 * borders care about, and the manifest's CSV rows. The data is trip_manifest()'s answer
 * (20261128040900_typed_returns_manifest.sql). Fields added later are optional: a tablet may still hold
 * a manifest saved before them.
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
  emergency_contact_name?: string | null;
  emergency_contact_phone?: string | null;
}

export interface ManifestExtra {
  name: string;
  /** Travelers it is for (per person), 1 for a per-booking extra; null when not kept. */
  quantity: number | null;
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
  adults?: number;
  children?: number;
  /** Where and when (HH:MM) the trip collects the booking's travelers. */
  pickup?: string | null;
  pickup_time?: string | null;
  extras?: ManifestExtra[];
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
  trip: { id: string; tour_title: string; start_date: string; end_date: string; status: string; is_private: boolean; meets_at: string | null; ends_at: string | null; capacity: number; seats_booked: number; child_age_limit?: number; passport_required?: boolean };
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
    return travelers.map((traveler, index) => ({
      booking,
      // A first seat given details but no name is the contact's, as a booking that named nobody.
      traveler: index === 0 && !traveler.full_name ? { ...traveler, full_name: booking.contact.full_name } : traveler,
      first: index === 0,
      checkedInAt: booking.checked_in[String(traveler.index)] ?? null,
    }));
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
 * What is wrong with a traveler's passport for this trip, where the trip needs one (its tour says
 * so: park permits, a border): none given, or expiring within six months of the last day
 * (Tanzania, like most countries, asks for six months' validity). A trip that needs none warns of nothing.
 */
export function passportWarning(traveler: Pick<ManifestTraveler, 'passport_number' | 'passport_expiry'>, trip: Pick<Manifest['trip'], 'end_date' | 'passport_required'>): string | null {
  if (!trip.passport_required) return null;
  if (!traveler.passport_number) return 'No passport number';
  if (!traveler.passport_expiry) return null;
  if (traveler.passport_expiry < trip.end_date) return 'Passport expires before the trip ends';
  if (traveler.passport_expiry < addDays(trip.end_date, 183)) return 'Passport valid less than six months after the trip';
  return null;
}

/** Whole years from a date of birth to a day (yyyy-mm-dd both). */
export function yearsOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** A traveler's age on the trip's first day: as given, else from their date of birth; null when neither is known. */
export function travelerAge(traveler: Pick<ManifestTraveler, 'age' | 'date_of_birth'>, tripStart: string): number | null {
  if (traveler.age && /^\d{1,3}$/.test(traveler.age)) return Number(traveler.age);
  if (traveler.date_of_birth && /^\d{4}-\d{2}-\d{2}$/.test(traveler.date_of_birth)) return yearsOn(traveler.date_of_birth, tripStart);
  return null;
}

/**
 * Adult or child, as the price was: the traveler's type, else their age against the tour's child
 * age limit; a traveler with neither takes the booking's count of children (the seats no other
 * traveler accounts for, adults listed first as the booking form lists them).
 */
export function adultOrChild(manifest: Manifest, booking: ManifestBooking, traveler: ManifestTraveler): 'Adult' | 'Child' | '' {
  const limit = manifest.trip.child_age_limit ?? 12;
  const known = (one: ManifestTraveler): 'Adult' | 'Child' | null => {
    if (one.traveler_type === 'child') return 'Child';
    if (one.traveler_type === 'adult') return 'Adult';
    const age = travelerAge(one, manifest.trip.start_date);
    return age === null ? null : age < limit ? 'Child' : 'Adult';
  };
  const own = known(traveler);
  if (own) return own;
  if (booking.adults === undefined || booking.children === undefined) return '';
  const seats = Array.from({ length: booking.party }, (_, index) => booking.travelers.find((one) => one.index === index) ?? null);
  const kinds = seats.map((one) => (one ? known(one) : null));
  const adultsLeft = booking.adults - kinds.filter((kind) => kind === 'Adult').length;
  const unknownBefore = kinds.slice(0, traveler.index).filter((kind) => kind === null).length;
  return unknownBefore < adultsLeft ? 'Adult' : 'Child';
}

/** 'Child, 9' or 'Adult' or '': how the manifest names a traveler's kind and age. */
export function kindAndAge(manifest: Manifest, booking: ManifestBooking, traveler: ManifestTraveler): string {
  const age = travelerAge(traveler, manifest.trip.start_date);
  return [adultOrChild(manifest, booking, traveler), age === null ? null : String(age)].filter(Boolean).join(', ');
}

/** A booking's extras as a line: 'Balloon safari ×2, Park fees'. */
export const extrasLabel = (booking: Pick<ManifestBooking, 'extras'>) =>
  (booking.extras ?? []).map((extra) => (extra.quantity && extra.quantity > 1 ? `${extra.name} ×${extra.quantity}` : extra.name)).join(', ');

/** Where and when the booking is collected: 'Mount Meru Hotel, 07:15'. */
export const pickupLabel = (booking: Pick<ManifestBooking, 'pickup' | 'pickup_time'>) => (booking.pickup ? [booking.pickup, booking.pickup_time].filter(Boolean).join(', ') : '');

/** Whom to call for a traveler: their own emergency contact, else the account holder's. */
export function emergencyOf(booking: ManifestBooking, traveler: ManifestTraveler): { name: string; phone: string | null } | null {
  if (traveler.emergency_contact_name || traveler.emergency_contact_phone) return { name: traveler.emergency_contact_name ?? '', phone: traveler.emergency_contact_phone ?? null };
  if (booking.emergency) return { name: [booking.emergency.name, booking.emergency.relationship].filter(Boolean).join(', '), phone: booking.emergency.phone };
  return null;
}

/** The emergency contact a sheet shows on a traveler's line: their own, or the account holder's once, on the booking's first line. */
export function emergencyOnLine(line: ManifestLine): { name: string; phone: string | null } | null {
  const own = line.traveler.emergency_contact_name || line.traveler.emergency_contact_phone;
  return own || line.first ? emergencyOf(line.booking, line.traveler) : null;
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
    { label: 'Adult or child', value: (row: { line: ManifestLine }) => adultOrChild(manifest, row.line.booking, row.line.traveler) },
    { label: 'Age', value: (row: { line: ManifestLine }) => travelerAge(row.line.traveler, manifest.trip.start_date) ?? '' },
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
    { label: 'Emergency contact', value: (row: { line: ManifestLine }) => emergencyOf(row.line.booking, row.line.traveler)?.name ?? '' },
    { label: 'Emergency phone', value: (row: { line: ManifestLine }) => emergencyOf(row.line.booking, row.line.traveler)?.phone ?? '' },
    { label: 'Pickup', value: (row: { line: ManifestLine }) => pickupLabel(row.line.booking) },
    // The booking's extras once, on its first traveler, as its balance.
    { label: 'Extras', value: (row: { line: ManifestLine }) => (row.line.first ? extrasLabel(row.line.booking) : '') },
    { label: 'Meets at', value: () => manifest.trip.meets_at ?? '' },
    { label: 'Checked in', value: (row: { line: ManifestLine }) => row.line.checkedInAt ?? '' },
    // The balance once per booking, on its first traveler, so a column sum is what is owed.
    { label: 'Balance due', value: (row: { line: ManifestLine }) => (row.line.first ? row.line.booking.balance_due : '') },
    { label: 'Currency', value: (row: { line: ManifestLine }) => (row.line.first ? row.line.booking.currency : '') },
  ];
}

/** The rows of the CSV, vehicle by vehicle. */
export const manifestCsvRows = (groups: VehicleGroup[]) => groups.flatMap((group) => group.lines.map((line) => ({ group, line })));
