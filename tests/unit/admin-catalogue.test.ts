import { describe, expect, it } from 'vitest';
import {
  dayProblems,
  departureEditProblems,
  departureEditRowOf,
  galleryUrl,
  discountProblems,
  extraProblems,
  extraRowOf,
  departureProblems,
  itineraryPayload,
  moveDay,
  newDay,
  priceProblems,
  seasonProblems,
  seriesDates,
  slugify,
  tourCheck,
  tourDraftOf,
  tourProblems,
  tourRowOf,
  type DepartureDraft,
  type TourForChecks,
} from '@/features/admin/catalogue/model.ts';
import { validateEditorSearch, validateToursSearch } from '@/features/admin/catalogue/search.ts';
import { travelText } from '@/features/tours/model.ts';

describe('a tour’s address', () => {
  it('is made from the title: lowercase words, single dashes, no accents', () => {
    expect(slugify('4-Day Serengeti & Ngorongoro Safari')).toBe('4-day-serengeti-and-ngorongoro-safari');
    expect(slugify('  Kilimanjaro — Machame Route!! ')).toBe('kilimanjaro-machame-route');
    expect(slugify('Zanzibar Beach Côte')).toBe('zanzibar-beach-cote');
    expect(slugify('x'.repeat(100)).length).toBe(80);
  });
});

describe('the tour form', () => {
  const draft = { ...tourDraftOf(null), title: 'Ruaha Walking Safari', slug: 'ruaha-walking-safari' };

  it('takes a titled tour with a good address', () => {
    expect(tourProblems(draft)).toEqual({});
  });

  it('says what is wrong beside each field', () => {
    expect(tourProblems({ ...draft, title: ' ', slug: 'Ruaha Safari', durationDays: 3, durationNights: 4, groupSizeMin: 4, groupSizeMax: 2, minAge: -1 })).toEqual({
      title: 'Give the tour a title, up to 120 characters',
      slug: 'The address is lowercase letters, digits and single dashes, up to 80 characters',
      durationNights: 'A tour of 3 days has 0 to 3 nights',
      groupSizeMax: 'At least the smallest group (4)',
      minAge: 'An age from 0 to 99',
    });
    expect(tourProblems({ ...draft, durationDays: 0 }).durationDays).toBe('A tour lasts 1 to 60 days');
    expect(tourProblems({ ...draft, slug: 'double--dash' }).slug).toBeDefined();
  });

  it('sends lists one item per line and empty texts as nothing', () => {
    const row = tourRowOf({ ...draft, highlights: 'Walking safari\n\n  Lions at dawn ', summary: '  ', groupSizeMax: '' });
    expect(row).toMatchObject({ highlights: ['Walking safari', 'Lions at dawn'], summary: null, group_size_max: null, title: 'Ruaha Walking Safari' });
  });
});

describe('prices and seasons', () => {
  it('refuses a price below zero', () => {
    expect(priceProblems({ basePrice: -1, childPrice: -2, childAgeLimit: 12, singleSupplement: -3 })).toEqual({
      basePrice: 'A price cannot be below zero',
      childPrice: 'A price cannot be below zero',
      singleSupplement: 'A price cannot be below zero',
    });
    expect(priceProblems({ basePrice: '', childPrice: '', childAgeLimit: 19, singleSupplement: 0 })).toEqual({ basePrice: 'Give the price per adult', childAgeLimit: 'Children are under 1 to 18 years' });
  });

  it('refuses a season that ends before it starts, or without a price', () => {
    expect(seasonProblems({ name: 'Dry', startsOn: '2027-07-01', endsOn: '2027-06-01', adultPrice: '', childPrice: -1 })).toEqual({
      endsOn: 'The season ends on or after its first day',
      adultPrice: 'Give the season’s price per adult',
      childPrice: 'A price cannot be below zero',
    });
  });
});

describe('the itinerary', () => {
  const day = (title: string) => ({ ...newDay(null), title });

  it('starts a new day at the lodge and destination of the night before', () => {
    const first = { ...day('Arrive'), accommodation: 'Ruaha River Lodge', roomBasis: 'Double tent', destinationId: 'ruaha', meals: ['Dinner'] };
    expect(newDay(first)).toMatchObject({ id: null, title: '', accommodation: 'Ruaha River Lodge', roomBasis: 'Double tent', destinationId: 'ruaha', meals: ['Dinner'] });
    expect(newDay(first).key).not.toBe(newDay(first).key);
  });

  it('moves one day and keeps the others in order', () => {
    expect(moveDay(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveDay(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveDay(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('needs a title and a travel time within a day', () => {
    expect(dayProblems({ ...day(''), travelMinutes: 1500 })).toEqual({ title: 'Give the day a title, up to 120 characters', travelMinutes: 'From 0 to 1,440 minutes (24 hours)' });
    expect(dayProblems({ ...day('Game drive'), travelMinutes: 90 })).toEqual({});
  });

  it('sends the days as the database takes them', () => {
    const [sent] = itineraryPayload([{ ...day(' Walk '), activities: 'Walking safari\n\nBird watching', travelMode: 'walk', travelMinutes: 180, accommodation: ' ', location: 'Mwagusi sand river' }]);
    expect(sent).toMatchObject({ id: null, title: 'Walk', activities: ['Walking safari', 'Bird watching'], travel_mode: 'walk', travel_minutes: 180, accommodation: null, location: 'Mwagusi sand river' });
  });

  it('says a day’s travel in words for the public page', () => {
    expect(travelText('drive', 210)).toBe('About 3 h 30 min by road');
    expect(travelText('walk', 45)).toBe('About 45 min on foot');
    expect(travelText('flight', null)).toBe('By air');
    expect(travelText(null, 60)).toBeNull();
  });
});

describe('departures', () => {
  const series: DepartureDraft = { mode: 'series', startDate: '', from: '2027-06-01', to: '2027-06-30', weekdays: [1], capacity: 8, priceOverride: '', guaranteedThreshold: '' };

  it('makes every chosen weekday between two dates', () => {
    expect(seriesDates('2027-06-01', '2027-06-30', [1])).toEqual(['2027-06-07', '2027-06-14', '2027-06-21', '2027-06-28']);
    expect(seriesDates('2027-06-01', '2027-06-10', [1, 4])).toEqual(['2027-06-03', '2027-06-07', '2027-06-10']);
    expect(seriesDates('2027-06-10', '2027-06-01', [1])).toEqual([]);
  });

  it('refuses a series ending before it starts, dates past, no weekday, or bad seats and prices', () => {
    expect(departureProblems(series, '2027-01-01')).toEqual({});
    expect(departureProblems({ ...series, from: '2027-06-30', to: '2027-06-01' }, '2027-01-01')).toEqual({ to: 'The series ends on or after its first day' });
    expect(departureProblems({ ...series, from: '2026-12-01' }, '2027-01-01').from).toBe('The series starts after today');
    expect(departureProblems({ ...series, weekdays: [] }, '2027-01-01')).toEqual({ weekdays: 'Choose at least one day of the week' });
    expect(departureProblems({ ...series, capacity: 0, priceOverride: -10, guaranteedThreshold: 0 }, '2027-01-01')).toEqual({
      capacity: 'From 1 to 500 seats',
      priceOverride: 'A price cannot be below zero',
      guaranteedThreshold: 'At least 1 seat taken',
    });
    expect(departureProblems({ ...series, guaranteedThreshold: 9 }, '2027-01-01')).toEqual({ guaranteedThreshold: 'From 1 to 8 seats taken' });
    expect(departureProblems({ ...series, mode: 'one', startDate: '2027-01-01' }, '2027-01-01')).toEqual({ startDate: 'A departure leaves after today' });
  });
});

describe('the checks before a tour goes live', () => {
  const today = '2027-03-01';
  const described = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const undescribed = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const library = (id: string) => `/storage/v1/object/public/media/library/${id}/1600.jpg`;
  const healthy: TourForChecks = {
    hero_image_url: library(described),
    gallery: [library(described), '/images/tours/serengeti.jpg'],
    duration_days: 3,
    duration_nights: 2,
    tour_itinerary: [
      { day_number: 1, accommodation: 'Lodge', meals: ['Dinner'] },
      { day_number: 2, accommodation: 'Lodge', meals: ['Breakfast'] },
      { day_number: 3, accommodation: null, meals: ['Breakfast'] },
    ],
    tour_departures: [{ id: 'd1', start_date: '2027-04-01', capacity: 8, seats_booked: 0, status: 'open', is_private: false }],
    tour_seasons: [{ id: 's1', name: 'Dry', adult_price: 1450, child_price: null }, { id: 's2', name: 'Family', adult_price: null, child_price: 300 }],
  };

  it('finds nothing in a complete tour (the last day needs no bed)', () => {
    expect(tourCheck(healthy, today, new Set([undescribed]))).toEqual([]);
  });

  it('finds a planted problem of each kind, each with the field that fixes it', () => {
    const broken: TourForChecks = {
      hero_image_url: library(undescribed),
      gallery: [{ url: library(undescribed) }, library(described)],
      duration_days: 5,
      duration_nights: 4,
      tour_itinerary: [
        { day_number: 1, accommodation: null, meals: [] },
        { day_number: 3, accommodation: 'Lodge', meals: ['Lunch'] },
      ],
      tour_departures: [
        { id: 'left', start_date: '2027-02-20', capacity: 8, seats_booked: 0, status: 'open', is_private: false },
        { id: 'private', start_date: '2027-05-01', capacity: 2, seats_booked: 2, status: 'guaranteed', is_private: true },
      ],
      tour_seasons: [{ id: 'green', name: 'Green', adult_price: null, child_price: null }],
    };
    expect(tourCheck(broken, today, new Set([undescribed])).map(({ kind, tab, field }) => [kind, tab, field])).toEqual([
      ['image_alt', 'details', 'tour-cover'],
      ['image_alt', 'details', 'tour-cover'],
      ['day_gap', 'itinerary', 'day-2-title'],
      ['nights', 'details', 'tour-duration-days'],
      ['accommodation', 'itinerary', 'day-1-accommodation'],
      ['meals', 'itinerary', 'day-1-meals'],
      ['no_departures', 'departures', 'add-departures'],
      ['past_open', 'departures', 'departure-left'],
      ['season_price', 'pricing', 'season-green'],
    ]);
    expect(tourCheck({ ...healthy, tour_itinerary: [] }, today).map((problem) => problem.kind)).toEqual(['no_itinerary']);
  });
});

describe('the addresses of the tours screens', () => {
  it('keep only what they understand', () => {
    expect(validateToursSearch({ q: 'ruaha', status: 'draft' })).toEqual({ q: 'ruaha', status: 'draft' });
    expect(validateToursSearch({ status: 'deleted' })).toEqual({});
    expect(validateEditorSearch({ tab: 'itinerary', field: 'day-2-title' })).toEqual({ tab: 'itinerary', field: 'day-2-title' });
    expect(validateEditorSearch({ tab: 'details', field: '<script>' })).toEqual({});
  });
});

describe('group discounts and extras', () => {
  it('refuses a discount for fewer than two or of no percent, and an extra without a name or below zero', () => {
    expect(discountProblems({ minTravelers: 1, percent: 100 })).toEqual({ minTravelers: 'From 2 travelers', percent: 'More than 0 and less than 100 percent' });
    expect(discountProblems({ minTravelers: 4, percent: 7.5 })).toEqual({});
    expect(extraProblems({ name: ' ', unit: 'per_person', price: -1 })).toEqual({ name: 'Name the extra, up to 120 characters', price: 'A price cannot be below zero' });
    expect(extraProblems({ name: '!!!', unit: 'per_person', price: 10 })).toEqual({ name: 'Use letters or digits in the name' });
  });

  it('makes an extra’s code from its name', () => {
    expect(extraRowOf({ name: ' Hot air balloon safari ', unit: 'per_booking', price: '599' })).toEqual({ code: 'hot-air-balloon-safari', name: 'Hot air balloon safari', unit: 'per_booking', price: 599 });
  });
});

describe('changing a departure', () => {
  const draft = { capacity: 8, priceOverride: '', childPriceOverride: '', guaranteedThreshold: '', season: '' };

  it('keeps the seats its bookings hold, and no price below zero', () => {
    expect(departureEditProblems({ ...draft, capacity: 3 }, 5)).toEqual({ capacity: 'Its bookings hold 5 seats: at least 5' });
    expect(departureEditProblems({ ...draft, capacity: 0, priceOverride: -1 }, 0)).toEqual({ capacity: 'From 1 to 500 seats', priceOverride: 'A price cannot be below zero' });
    expect(departureEditProblems({ ...draft, guaranteedThreshold: 9 }, 0)).toEqual({ guaranteedThreshold: 'From 1 to 8 seats taken' });
    expect(departureEditProblems(draft, 8)).toEqual({});
  });

  it('sends empty prices as none, so the tour’s apply', () => {
    expect(departureEditRowOf({ ...draft, priceOverride: 1450, season: ' Dry season ' })).toEqual({ capacity: 8, price_override: 1450, child_price_override: null, guaranteed_threshold: null, season: 'Dry season' });
  });

  it('reads a gallery entry’s address whether it is a URL or an object', () => {
    expect([galleryUrl('/a.jpg'), galleryUrl({ url: '/b.jpg', alt: 'B' }), galleryUrl(7)]).toEqual(['/a.jpg', '/b.jpg', null]);
  });
});
