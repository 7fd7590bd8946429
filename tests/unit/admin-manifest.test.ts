import { describe, expect, it } from 'vitest';
import { adultOrChild, emergencyOnLine, manifestCsvColumns, manifestCsvRows, manifestLines, passportWarning, seatTravelers, travelerAge, type Manifest, type ManifestBooking } from '@/features/admin/operations/manifest.ts';

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
    const needed = { end_date: '2027-03-05', passport_required: true };
    expect(passportWarning({ passport_number: null, passport_expiry: null }, needed)).toBe('No passport number');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-03-04' }, needed)).toBe('Passport expires before the trip ends');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-08-01' }, needed)).toBe('Passport valid less than six months after the trip');
    expect(passportWarning({ passport_number: 'X1', passport_expiry: '2027-09-05' }, needed)).toBeNull();
    // A trip that needs no passport (a day in town) warns of nothing.
    expect(passportWarning({ passport_number: null, passport_expiry: null }, { ...needed, passport_required: false })).toBeNull();
    expect(passportWarning({ passport_number: 'X1', passport_expiry: null }, needed)).toBeNull();
  });

  it('writes one CSV row per traveler with their vehicle, and each booking’s balance once', () => {
    const data = manifest([booking('A', ['Ann', 'Anders'], 250)], [['One', 2]]);
    const columns = manifestCsvColumns(data);
    const rows = manifestCsvRows(seatTravelers(data)).map((row) => Object.fromEntries(columns.map((column) => [column.label, column.value(row)])));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ Vehicle: 'One (T One)', Booking: 'A', Traveler: 'Ann', 'Passport number': 'AB123456', Room: 'Twin', 'Meets at': 'Arusha', 'Balance due': 250, Currency: 'USD' });
    expect(rows[1]).toMatchObject({ Traveler: 'Anders', 'Balance due': '', Currency: '' });
  });

  /** The CSV as a spreadsheet reads it: a row per traveler, by column label. */
  const csv = (data: Manifest) => {
    const columns = manifestCsvColumns(data);
    return manifestCsvRows(seatTravelers(data)).map((row) => Object.fromEntries(columns.map((column) => [column.label, column.value(row)])));
  };

  it('says adult or child for a booking with a child that named nobody, from its count of adults and children', () => {
    const family: ManifestBooking = { ...booking('F', [], 0, 3), adults: 2, children: 1 };
    expect(csv(manifest([family], [])).map((row) => [row.Traveler, row['Adult or child'], row.Age])).toEqual([
      ['Guest Contact', 'Adult', ''],
      ['', 'Adult', ''],
      ['', 'Child', ''],
    ]);
  });

  it('gives the age on the first day, from the date of birth when no age was given, and a child under the tour’s limit', () => {
    const data = manifest([], []);
    data.trip.child_age_limit = 12;
    expect(travelerAge({ age: null, date_of_birth: '2018-03-02' }, '2027-03-01')).toBe(8);
    expect(travelerAge({ age: null, date_of_birth: '2018-03-01' }, '2027-03-01')).toBe(9);
    expect(travelerAge({ age: '40', date_of_birth: '2018-03-01' }, '2027-03-01')).toBe(40);
    // Untyped travelers with details: the one born in 2018 is the child, the other the adult.
    const family: ManifestBooking = {
      ...booking('K', ['Kari', 'Kim'], 0),
      adults: 1,
      children: 1,
      travelers: [traveler(0, 'Kari', { traveler_type: null, age: null }), traveler(1, 'Kim', { traveler_type: null, age: null, date_of_birth: '2018-03-02' })],
    };
    data.bookings = [family];
    expect(csv(data).map((row) => [row.Traveler, row['Adult or child'], row.Age])).toEqual([
      ['Kari', 'Adult', ''],
      ['Kim', 'Child', 8],
    ]);
    expect(adultOrChild(data, family, family.travelers[1])).toBe('Child');
  });

  it('writes the pickup on every traveler, the extras once per booking, and each traveler’s own emergency contact before the account holder’s', () => {
    const party: ManifestBooking = {
      ...booking('P', ['Per', 'Pia'], 0),
      adults: 2,
      children: 0,
      pickup: 'Mount Meru Hotel',
      pickup_time: '07:15',
      extras: [
        { name: 'Balloon safari', quantity: 2 },
        { name: 'Airport transfer', quantity: 1 },
      ],
      emergency: { name: 'Eva Holm', phone: '+46 70 999 0000', relationship: 'Sister' },
    };
    party.travelers[1] = traveler(1, 'Pia', { dietary_needs: 'Vegetarian', emergency_contact_name: 'Olof Holm', emergency_contact_phone: '+46 70 111 0000' });
    const rows = csv(manifest([party], [['One', 2]]));
    expect(rows[0]).toMatchObject({ Traveler: 'Per', Pickup: 'Mount Meru Hotel, 07:15', Extras: 'Balloon safari ×2, Airport transfer', 'Emergency contact': 'Eva Holm, Sister', 'Emergency phone': '+46 70 999 0000' });
    expect(rows[1]).toMatchObject({ Traveler: 'Pia', Pickup: 'Mount Meru Hotel, 07:15', Extras: '', 'Dietary needs': 'Vegetarian', 'Emergency contact': 'Olof Holm', 'Emergency phone': '+46 70 111 0000' });
  });

  it('shows the account holder’s emergency contact once, on the booking’s first line, and a traveler’s own on theirs', () => {
    const party: ManifestBooking = { ...booking('E', ['Ebba', 'Emil', 'Elsa'], 0), emergency: { name: 'Eva Holm', phone: '+46 1', relationship: null } };
    party.travelers[2] = traveler(2, 'Elsa', { emergency_contact_name: 'Olof Holm', emergency_contact_phone: '+46 2' });
    expect(manifestLines(manifest([party], [])).map(emergencyOnLine)).toEqual([{ name: 'Eva Holm', phone: '+46 1' }, null, { name: 'Olof Holm', phone: '+46 2' }]);
  });
});
