import { fieldOfHint } from '@/lib/field-errors.ts';
import { describe, expect, it } from 'vitest';
import {
  availabilityToday,
  credentialProblems,
  dueness,
  dueWords,
  firstLapsingLicence,
  guideColumns,
  guideDraftOf,
  guideProblems,
  guideRowOf,
  periodProblems,
  tripsDone,
  tripsToCome,
  vehicleDraftOf,
  vehicleProblems,
  vehicleRowOf,
  type TripRef,
} from '@/features/admin/operations/model.ts';
import { validateRosterSearch } from '@/features/admin/operations/search.ts';
import { matchesWords } from '@/lib/match-words.ts';

const today = '2026-11-26';
const trip = (id: string, start: string, end: string, status = 'open'): TripRef => ({ id, start_date: start, end_date: end, status, is_private: false, tours: { title: id } });

describe('the guide form', () => {
  it('asks for a name, a well-formed email and a day rate from 0 to 100,000, in the database’s words', () => {
    expect(guideProblems({ ...guideDraftOf(null), fullName: '  ', email: 'nope', dayRate: -1 })).toEqual({
      fullName: 'Give the guide’s name, up to 120 characters',
      email: 'Give an email address such as name@example.com',
      dayRate: 'The day rate is from 0 to 100,000',
    });
    expect(guideProblems({ ...guideDraftOf(null), fullName: 'Joseph', dayRate: '' })).toEqual({});
  });

  it('saves trimmed values, languages once each, and leaves the currency to the database when none is chosen', () => {
    const row = guideRowOf({ ...guideDraftOf(null), fullName: ' Joseph ', languages: ['English', ' English', 'Swahili', ''], email: ' ', dayRate: '120' });
    expect(row).toMatchObject({ full_name: 'Joseph', languages: ['English', 'Swahili'], email: null, day_rate: 120 });
    expect('currency' in row).toBe(false);
    expect(guideRowOf({ ...guideDraftOf(null), fullName: 'J', currency: 'EUR' }).currency).toBe('EUR');
  });

  it('puts the database’s refusal beside the field its hint names, else on the form', () => {
    expect(fieldOfHint('user_id', guideColumns)).toBe('userId');
    expect(fieldOfHint(undefined, guideColumns)).toBe('form');
    expect(fieldOfHint('no_such_column', guideColumns)).toBe('form');
  });
});

describe('licences, leave and vehicles', () => {
  it('refuses a licence expiring before it was issued, and a nameless one', () => {
    expect(credentialProblems({ kind: 'licence', name: ' ', reference: '', issuedOn: '2026-06-01', expiresOn: '2026-05-01' })).toEqual({
      name: 'Name the licence or certification',
      expiresOn: 'It cannot expire before it was issued',
    });
    expect(credentialProblems({ kind: 'licence', name: 'TALA', reference: '', issuedOn: '', expiresOn: '2026-05-01' })).toEqual({});
  });

  it('asks leave for both days, the last not before the first', () => {
    expect(periodProblems({ startsOn: '', endsOn: '', reason: '' })).toEqual({ startsOn: 'Give the first day', endsOn: 'Give the last day' });
    expect(periodProblems({ startsOn: '2026-12-10', endsOn: '2026-12-09', reason: '' })).toEqual({ endsOn: 'The last day cannot be before the first' });
    expect(periodProblems({ startsOn: '2026-12-10', endsOn: '2026-12-10', reason: '' })).toEqual({});
  });

  it('refuses a vehicle with no seats, a bad registration or negative mileage; keeps the registration in capitals', () => {
    const draft = { ...vehicleDraftOf(null), name: 'Land Cruiser', registration: 't 123 abc' };
    expect(vehicleProblems({ ...draft, seats: 0 })).toEqual({ seats: 'A vehicle has 1 to 60 seats for travelers' });
    expect(vehicleProblems({ ...draft, seats: '' })).toEqual({ seats: 'A vehicle has 1 to 60 seats for travelers' });
    expect(vehicleProblems({ ...draft, seats: 7, registration: '!', odometerKm: -5 })).toEqual({
      registration: 'The registration is 2 to 15 letters, digits, spaces or dashes',
      odometerKm: 'Mileage cannot be negative',
    });
    expect(vehicleProblems({ ...draft, seats: 7 })).toEqual({});
    expect(vehicleRowOf({ ...draft, seats: 7, nextServiceKm: '' })).toMatchObject({ registration: 'T 123 ABC', seats: 7, next_service_km: null, insurance_expires_on: null });
  });
});

describe('what is due and where they are', () => {
  it('says how due a date is: lapsed, within 60 days, or fine', () => {
    expect(dueness('2026-11-25', today)).toEqual({ state: 'lapsed', days: -1 });
    expect(dueness('2027-01-25', today)).toEqual({ state: 'soon', days: 60 });
    expect(dueness('2027-01-26', today).state).toBe('fine');
    const verbs = { past: 'Expired', future: 'Expires' };
    expect([dueWords('2026-11-25', today, verbs), dueWords(today, today, verbs), dueWords('2026-11-27', today, verbs), dueWords('2026-12-06', today, verbs)]).toEqual([
      'Expired yesterday',
      'Expires today',
      'Expires tomorrow',
      'Expires in 10 days',
    ]);
  });

  it('reads the licence that lapses first, not a certification', () => {
    expect(
      firstLapsingLicence([
        { kind: 'first_aid', name: 'WFR', expires_on: '2026-12-01' },
        { kind: 'licence', name: 'Later', expires_on: '2028-01-01' },
        { kind: 'licence', name: 'Sooner', expires_on: '2027-01-01' },
        { kind: 'licence', name: 'No expiry', expires_on: null },
      ])?.name,
    ).toBe('Sooner');
    expect(firstLapsingLicence([])).toBeNull();
  });

  it('orders the trips to come and those done, leaving out cancelled ones', () => {
    const trips = [trip('later', '2026-12-20', '2026-12-25'), trip('now', '2026-11-24', '2026-11-28'), trip('off', '2026-12-01', '2026-12-03', 'cancelled'), trip('done', '2026-10-01', '2026-10-05'), null];
    expect(tripsToCome(trips, today).map((t) => t.id)).toEqual(['now', 'later']);
    expect(tripsDone(trips, today).map((t) => t.id)).toEqual(['done']);
  });

  it('says where a guide or vehicle is today: not in use, away, on a trip, or free', () => {
    const away = [{ starts_on: '2026-11-25', ends_on: '2026-11-30' }];
    const onTrip = [trip('now', '2026-11-24', '2026-11-28')];
    expect(availabilityToday({ active: false }, away, onTrip, today, 'On leave').label).toBe('Not in use');
    expect(availabilityToday({ active: true }, away, onTrip, today, 'On leave').label).toBe('On leave');
    expect(availabilityToday({ active: true }, [], onTrip, today, 'On leave').label).toBe('On a trip');
    expect(availabilityToday({ active: true }, [{ starts_on: '2026-12-01', ends_on: '2026-12-02' }], [trip('soon', '2026-11-27', '2026-11-29')], today, 'On leave').label).toBe('Free');
  });
});

describe('the lists’ filters', () => {
  it('find by every word typed, in any of the texts, any case; a bad address value is dropped', () => {
    expect(matchesWords('ital jos', ['Joseph Laizer', 'Italian'])).toBe(true);
    expect(matchesWords('french', ['Joseph Laizer', 'Italian'])).toBe(false);
    expect(matchesWords(undefined, ['anything'])).toBe(true);
    expect(validateRosterSearch({ q: 'maa', inactive: 1 })).toEqual({ q: 'maa', inactive: 1 });
    expect(validateRosterSearch({ inactive: 'yes' })).toEqual({});
  });
});
