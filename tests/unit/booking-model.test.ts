import { describe, expect, it } from 'vitest';
import { bookedTravelers, bookingInput, bookingRequest, initialDraft, partyTravelers, quoteRequestOf, withTraveler, type BookingDraft } from '../../src/features/booking/form.ts';
import {
  ageOn,
  amountDueNow,
  depositAllowed,
  depositAmount,
  holdLengthInWords,
  quoteProblemPlace,
  seasonOn,
  seatHoldText,
  type BookingTour,
} from '../../src/features/booking/model.ts';
import { bookingTourFromRow, type BookingTourRow } from '../../src/features/booking/tour-query.ts';
import { checkBooking, type BookingContext } from '../../src/features/booking/schema.ts';

// The booking page's rules: who counts as a child, what a deposit is, which messages a form shows.

const row: BookingTourRow = {
  id: 'a7b1c1d2-0000-4000-8000-000000000001',
  slug: 'test-safari',
  title: 'Test Safari',
  summary: null,
  currency: 'USD',
  base_price: '3890.00',
  child_price: 2720,
  child_age_limit: 12,
  single_supplement: '700',
  duration_days: 7,
  duration_nights: 6,
  group_size_min: 1,
  group_size_max: 6,
  min_age: null,
  is_private: false,
  hero_image_url: null,
  tour_extras: [
    { code: 'transfer', name: 'Airport transfer', description: null, unit: 'per_booking', price: 60, display_order: 2 },
    { code: 'balloon-safari', name: 'Balloon', description: null, unit: 'per_person', price: '599', display_order: 1 },
  ],
  tour_departures: [
    { id: 'd2', start_date: '2027-06-07', end_date: '2027-06-13', capacity: 6, seats_booked: 6, status: 'sold_out', price_override: null, season: null },
    { id: 'd1', start_date: '2027-04-21', end_date: '2027-04-27', capacity: 6, seats_booked: 2, status: 'guaranteed', price_override: '3307', season: 'Green season' },
  ],
  tour_seasons: [],
};
const tour: BookingTour = bookingTourFromRow(row);
const privateTour: BookingTour = bookingTourFromRow({
  ...row,
  is_private: true,
  tour_departures: [],
  tour_seasons: [
    { name: 'Long dry season', starts_on: '2027-06-01', ends_on: '2027-10-31', adult_price: 10780 },
    { name: 'Festive season', starts_on: '2027-10-20', ends_on: '2027-10-31', adult_price: null },
  ],
});

const context: BookingContext = {
  isPrivate: false,
  tripStart: '2027-04-21',
  childAgeLimit: 12,
  minAge: null,
  seasons: [],
  today: '2026-11-22',
  cardPayments: false,
};

function filledDraft(): BookingDraft {
  let draft: BookingDraft = { ...initialDraft('d1'), adults: 1, children: 1, acceptTerms: true };
  draft = { ...draft, contact: { name: 'Neema Mushi', email: 'neema@example.com', phone: '+255 754 321 987' } };
  draft = withTraveler(draft, 0, 'fullName', 'Neema Mushi');
  draft = withTraveler(draft, 0, 'dateOfBirth', '1986-04-21');
  draft = withTraveler(draft, 0, 'nationality', 'Tanzanian');
  draft = withTraveler(draft, 0, 'passportNumber', 'tz 123 4567');
  draft = withTraveler(draft, 1, 'fullName', 'Amani Mushi');
  draft = withTraveler(draft, 1, 'dateOfBirth', '2016-04-22');
  return withTraveler(draft, 1, 'nationality', 'Tanzanian');
}

describe('the tour as the booking page reads it', () => {
  it('takes numbers from PostgREST strings, extras in display order, a departure’s season price', () => {
    expect(tour.basePrice).toBe(3890);
    expect(tour.singleSupplement).toBe(700);
    expect(tour.extras.map((extra) => [extra.code, extra.price])).toEqual([
      ['balloon-safari', 599],
      ['transfer', 60],
    ]);
    expect(tour.departures.map((departure) => [departure.id, departure.price])).toEqual([
      ['d1', 3307],
      ['d2', 3890],
    ]);
  });

  it('prices a private date by the window starting last, as quote_booking does', () => {
    expect(seasonOn(privateTour.seasons, '2027-10-25')?.name).toBe('Festive season');
    expect(seasonOn(privateTour.seasons, '2027-07-01')?.price).toBe(10780);
    expect(seasonOn(privateTour.seasons, '2027-04-01')).toBeNull();
  });
});

describe('ages, dates and money', () => {
  it('counts whole years on the first day of the trip', () => {
    expect(ageOn('2015-04-21', '2027-04-21')).toBe(12);
    expect(ageOn('2015-04-22', '2027-04-21')).toBe(11);
    expect(ageOn('2016-02-29', '2027-02-28')).toBe(10);
  });

  it('offers a deposit only while the balance falls due before travel', () => {
    expect(depositAllowed('2027-01-22', '2026-11-22', 60)).toBe(true);
    expect(depositAllowed('2027-01-21', '2026-11-22', 60)).toBe(false);
    expect(depositAmount(11067.3)).toBe(3320.19);
    expect(amountDueNow(11067.3, 'deposit', 'bank_transfer')).toBe(3320.19);
    expect(amountDueNow(11067.3, 'deposit', 'pay_on_arrival')).toBe(0);
    // Half a cent rounds up, as the database rounds it: 30% of 1,001.25 is 300.375 (a float 300.37499…).
    expect(depositAmount(1001.25)).toBe(300.38);
    expect(depositAmount(0.05)).toBe(0.02);
    expect(amountDueNow(99999.99, 'full', 'card')).toBe(99999.99);
  });

  it('puts each refusal of the price function where it belongs on the page', () => {
    expect(quoteProblemPlace('Promo code not found or expired')).toBe('promo');
    expect(quoteProblemPlace('This promo code is not valid for this tour')).toBe('promo');
    expect(quoteProblemPlace('Only 2 seats are left on this departure')).toBe('date');
    expect(quoteProblemPlace('This departure is sold out')).toBe('date');
    expect(quoteProblemPlace('This private trip is not offered on that date')).toBe('date');
    expect(quoteProblemPlace('This trip takes at most 4 travelers')).toBe('travelers');
    expect(quoteProblemPlace('This tour is for travelers aged 14 and over')).toBe('travelers');
    expect(quoteProblemPlace('The price of this trip is now USD 2,000.00. Please check the new total and book again.')).toBe('summary');
  });
});

describe('the booking form', () => {
  it('keeps a traveler’s details when the party shrinks and grows again', () => {
    let draft = withTraveler({ ...initialDraft(null), children: 1 }, 2, 'fullName', 'Amani');
    draft = { ...draft, children: 0 };
    expect(partyTravelers(draft)).toHaveLength(2);
    draft = { ...draft, children: 1 };
    expect(partyTravelers(draft)[2].fullName).toBe('Amani');
  });

  it('says what is missing, field by field, on an empty form', () => {
    const checked = checkBooking(bookingInput(initialDraft(null)), { ...context, tripStart: null });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      date: 'Please choose a departure date',
      'travelers.0.fullName': 'Please enter the full name, as in the passport',
      'travelers.0.dateOfBirth': 'Please enter the date of birth',
      'travelers.1.nationality': 'Please enter the nationality',
      'contact.name': 'Please tell us your name',
      'contact.email': 'Please enter your email address',
      'contact.phone': 'Please enter a phone number we can reach you on while travelling',
      acceptTerms: 'Please accept the booking terms to book',
    });
  });

  it('counts children and adults by their age on the first day', () => {
    expect(checkBooking(bookingInput(filledDraft()), context).ok).toBe(true);
    // Twelve on the first day: an adult, not a child.
    const twelve = withTraveler(filledDraft(), 1, 'dateOfBirth', '2015-04-21');
    expect(checkBooking(bookingInput(twelve), context)).toMatchObject({
      ok: false,
      errors: { 'travelers.1.dateOfBirth': '12 on the first day of the trip: please count this traveler as an adult' },
    });
    const youngLead = withTraveler(filledDraft(), 0, 'dateOfBirth', '2016-01-01');
    expect(checkBooking(bookingInput(youngLead), context)).toMatchObject({
      ok: false,
      errors: { 'travelers.0.dateOfBirth': 'Under 12 on the first day of the trip: please count this traveler as a child' },
    });
    expect(checkBooking(bookingInput(filledDraft()), { ...context, minAge: 14 })).toMatchObject({
      ok: false,
      errors: { 'travelers.1.dateOfBirth': 'This tour is for travelers aged 14 and over' },
    });
  });

  it('refuses bad contact details, passport numbers and card payments the server cannot take', () => {
    let draft = filledDraft();
    draft = { ...draft, method: 'card', contact: { ...draft.contact, email: 'neema@example', phone: 'call me' } };
    draft = withTraveler(draft, 1, 'passportNumber', 'AB-12');
    const checked = checkBooking(bookingInput(draft), context);
    expect(checked).toMatchObject({
      ok: false,
      errors: {
        'contact.email': 'Please enter a valid email address, like name@example.com',
        'contact.phone': 'Please enter a phone number with country code, like +44 7700 900123',
        'travelers.1.passportNumber': 'A passport number has 5 to 20 letters and digits',
        method: 'Card payments are not available just now; please choose another way to pay',
      },
    });
    expect(checkBooking(bookingInput({ ...filledDraft(), method: 'card' }), { ...context, cardPayments: true }).ok).toBe(true);
  });

  it('takes a private trip only on a date of its season windows', () => {
    const draft = { ...filledDraft(), departureId: '', startDate: '2027-04-10' };
    const privateContext = { ...context, isPrivate: true, seasons: privateTour.seasons, tripStart: '2027-04-10' };
    expect(checkBooking(bookingInput(draft), privateContext)).toMatchObject({ ok: false, errors: { date: 'This private trip is not offered on that date' } });
    expect(checkBooking(bookingInput({ ...draft, startDate: '' }), { ...privateContext, tripStart: null })).toMatchObject({
      ok: false,
      errors: { date: 'Please choose a start date' },
    });
    const inSeason = { ...draft, startDate: '2027-07-01' };
    expect(checkBooking(bookingInput(inSeason), { ...privateContext, tripStart: '2027-07-01' }).ok).toBe(true);
    expect(quoteRequestOf(privateTour, inSeason, null)).toMatchObject({ departureId: null, startDate: '2027-07-01' });
  });

  it('sends the travelers with their ages and the total shown, as create_booking takes them', () => {
    const draft = { ...filledDraft(), extras: ['balloon-safari'], method: 'pay_on_arrival' as const };
    const checked = checkBooking(bookingInput(draft), context);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(bookedTravelers(checked.value, '2027-04-21', 'twin')).toEqual([
      { full_name: 'Neema Mushi', date_of_birth: '1986-04-21', age: 41, traveler_type: 'adult', nationality: 'Tanzanian', passport_number: 'TZ1234567', room_preference: 'twin' },
      { full_name: 'Amani Mushi', date_of_birth: '2016-04-22', age: 10, traveler_type: 'child', nationality: 'Tanzanian' },
    ]);
    const quote = { lines: [], total: 7205, currency: 'USD', start_date: '2027-04-21', end_date: '2027-04-27', promo_code: null };
    expect(bookingRequest({ tour, draft, checked: checked.value, quote })).toMatchObject({
      departureId: 'd1',
      adults: 1,
      children: 1,
      extras: ['balloon-safari'],
      expectedTotal: 7205,
      contact: { full_name: 'Neema Mushi', email: 'neema@example.com', phone: '+255 754 321 987' },
      payment: { plan: 'full', method: 'pay_on_arrival' },
    });
  });
});

describe('how long the seats are held, in words', () => {
  it('names minutes, hours up to three days, then days', () => {
    expect([30, 60, 120, 48 * 60, 72 * 60, 7 * 1440, 36 * 60].map(holdLengthInWords)).toEqual([
      '30 minutes',
      '1 hour',
      '2 hours',
      '48 hours',
      '72 hours',
      '7 days',
      '36 hours',
    ]);
  });

  it('tells a guest the short hold and how to lengthen it; a proven traveler the long hold at once', () => {
    const terms = { unverifiedHoldMinutes: 120, verifiedHoldMinutes: 48 * 60, offlineHoldDays: 7, accountEmailProven: true };
    expect(seatHoldText(terms, false)).toBe(
      'We hold your seats for 2 hours, and for 48 hours once you confirm your email from the booking email (7 days for a bank transfer or payment on arrival).',
    );
    expect(seatHoldText(terms, true)).toBe('We hold your seats for 48 hours while you pay (7 days for a bank transfer or payment on arrival).');
  });
});
