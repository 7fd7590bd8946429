import { describe, expect, it } from 'vitest';
import { manifestCsvColumns, manifestCsvRows, manifestLines, passportWarning, seatTravelers, type Manifest, type ManifestBooking } from '@/features/admin/operations/manifest.ts';

const traveler = (index: number, name: string, extra: Partial<ManifestBooking['travelers'][number]> = {}) => ({
  index,
  full_name: name,
  traveler_type: 'adult',
  age: '40',
  date_of_birth: null,
  nationality: 'Sweden',
  passport_number: 'AB123456',
  passport_expiry: '2030-01-01',
  dietary_needs: null,
  medical_notes: null,
  room_preference: 'twin',
  ...extra,
});

const booking = (reference: string, names: string[], balance = 0, party = names.length): ManifestBooking => ({
  booking_id: reference,
  reference,
  status: 'confirmed',
  contact: { full_name: names[0] ?? 'Guest Contact', email: `${reference}@example.com`, phone: '+46 70 000 0000' },
  emergency: null,
  balance_due: balance,
  currency: 'USD',
  notes: null,
  travelers: names.map((name, index) => traveler(index, name)),
  party,
  checked_in: {},
  field_payments: [],
});

const manifest = (bookings: ManifestBooking[], vehicles: [string, number][]): Manifest => ({
  trip: { id: 't', tour_title: 'Serengeti', start_date: '2027-03-01', end_date: '2027-03-05', status: 'open', is_private: false, meets_at: 'Arusha', ends_at: 'Arusha', capacity: 12, seats_booked: 0 },
  guides: [],
  vehicles: vehicles.map(([name, travelers]) => ({ vehicle_id: name, name, registration: `T ${name}`, seats: 6, travelers })),
  bookings,
  itinerary: [],
  incidents: [],
});

describe('the manifest', () => {
  it('seats each booking’s party together where it fits, fills the vehicles in order, and keeps the rest unseated', () => {
    const groups = seatTravelers(
      manifest([booking('A', ['Ann', 'Anders', 'Axel']), booking('B', ['Bo', 'Britt', 'Bengt', 'Berit']), booking('C', ['Cia', 'Carl'])], [
        ['One', 4],
        ['Two', 4],
      ]),
    );
    expect(groups.map((group) => [group.vehicle?.name ?? null, group.lines.map((line) => line.traveler.full_name)])).toEqual([
      ['One', ['Ann', 'Anders', 'Axel', 'Cia']],
      ['Two', ['Bo', 'Britt', 'Bengt', 'Berit']],
      [null, ['Carl']],
    ]);
  });

  it('gives a booking without named travelers a line per seat, the first under its contact’s name', () => {
    const lines = manifestLines(manifest([booking('G', [], 0, 3)], []));
    expect(lines.map((line) => [line.traveler.full_name, line.first])).toEqual([
      ['Guest Contact', true],
      [null, false],
      [null, false],
    ]);
  });

  it('warns of a missing passport, or one valid less than six months after the trip', () => {
    expect(passportWarning({ passport_number: null, passport_expiry: null }, '2027-03-05')).toBe('No passport number');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-03-04' }, '2027-03-05')).toBe('Passport expires before the trip ends');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-08-01' }, '2027-03-05')).toBe('Passport valid less than six months after the trip');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-09-05' }, '2027-03-05')).toBeNull();
    expect(passportWarning({ passport_number: 'X1', passport_expiry: null }, '2027-03-05')).toBeNull();
  });

  it('writes one CSV row per traveler with their vehicle, and each booking’s balance once', () => {
    const data = manifest([booking('A', ['Ann', 'Anders'], 250)], [['One', 2]]);
    const columns = manifestCsvColumns(data);
    const rows = manifestCsvRows(seatTravelers(data)).map((row) => Object.fromEntries(columns.map((column) => [column.label, column.value(row)])));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ Vehicle: 'One (T One)', Booking: 'A', Traveler: 'Ann', 'Passport number': 'AB123456', Room: 'Twin', 'Meets at': 'Arusha', 'Balance due': 250, Currency: 'USD' });
    expect(rows[1]).toMatchObject({ Traveler: 'Anders', 'Balance due': '', Currency: '' });
  });
});
