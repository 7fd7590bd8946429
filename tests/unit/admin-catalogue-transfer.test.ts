import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportCsv, exportFile, guessMapping, parseCsv, planFromCsv, planFromJson, type CatalogueFacts, type ExportRow } from '@/features/admin/catalogue/transfer.ts';

const facts: CatalogueFacts = {
  existingSlugs: new Set(['7-day-great-migration-safari']),
  categories: new Set(['walking-adventure', 'wildlife-safari']),
  destinations: new Set(['ruaha-national-park', 'nyerere-national-park']),
  experiences: new Set(['walking-safaris']),
  activities: new Set(['game-drive', 'night-walk']),
};

/** A tour as the export's request reads it, with a part of every kind and awkward text. */
const row: ExportRow = {
  slug: 'ruaha-on-foot',
  title: 'Ruaha on Foot, "wild" & free',
  status: 'active',
  summary: 'Three days, two nights',
  description: 'Line one\nLine two, with a comma',
  base_price: '1200.00',
  currency: 'USD',
  child_price: null,
  child_age_limit: 12,
  single_supplement: '150.00',
  duration_days: 3,
  duration_nights: 2,
  group_size_min: 2,
  group_size_max: 8,
  min_age: 12,
  difficulty: 'moderate',
  best_season: 'June to October',
  start_location: 'Iringa',
  end_location: 'Iringa',
  highlights: ['Walking with rangers', 'Lions at dawn'],
  included: ['Park fees'],
  excluded: [],
  hero_image_url: '/media/ruaha.jpg',
  gallery: ['/media/a.jpg', { url: '/media/b.jpg', alt: 'A lion' }],
  is_featured: true,
  is_private: false,
  passport_required: true,
  meta_title: null,
  meta_description: 'Walk Ruaha',
  category: { slug: 'walking-adventure' },
  tour_destinations: [
    { position: 1, destination: { slug: 'nyerere-national-park' } },
    { position: 0, destination: { slug: 'ruaha-national-park' } },
  ],
  tour_itinerary: [
    { day_number: 2, title: 'Walk', description: null, location: 'Mwagusi', accommodation: 'Camp', room_basis: 'Double tent', meals: ['Breakfast', 'Lunch', 'Dinner'], activities: ['Walking safari', 'Sundowner'], travel_mode: 'walk', travel_minutes: 240, destination: { slug: 'ruaha-national-park' } },
    { day_number: 1, title: 'Arrive', description: 'Fly in', location: null, accommodation: 'Camp', room_basis: null, meals: ['Dinner'], activities: [], travel_mode: 'flight', travel_minutes: 90, destination: null },
  ],
  tour_departures: [
    { start_date: '2027-07-05', end_date: '2027-07-07', capacity: 8, status: 'guaranteed', price_override: '1450.00', child_price_override: null, guaranteed_threshold: 4, season: 'Dry season', notes: null, is_private: false },
    { start_date: '2027-06-28', end_date: '2027-06-30', capacity: 8, status: 'cancelled', price_override: null, child_price_override: null, guaranteed_threshold: null, season: null, notes: 'Rains', is_private: false },
    { start_date: '2027-08-01', end_date: '2027-08-03', capacity: 2, status: 'guaranteed', price_override: null, child_price_override: null, guaranteed_threshold: null, season: null, notes: 'Private trip', is_private: true },
  ],
  tour_seasons: [{ name: 'Dry season', starts_on: '2027-06-01', ends_on: '2027-10-31', adult_price: '1450.00', child_price: null }],
  tour_group_discounts: [{ min_travelers: 4, percent: '5.00' }],
  tour_extras: [{ code: 'night-walk', name: 'Night walk', description: null, unit: 'per_person', price: '80.00', is_active: true, display_order: 0 }],
};

describe('the export', () => {
  const file = exportFile([row], [{ slug: 'ruaha-on-foot', tour_experiences: [{ experience: { slug: 'walking-safaris' } }], tour_activities: [{ activity: { slug: 'night-walk' } }, { activity: { slug: 'game-drive' } }] }]);

  it('puts every part in a stable order, numbers as numbers, and leaves private trips out', () => {
    const [tour] = file.tours;
    expect(tour.destinations).toEqual(['ruaha-national-park', 'nyerere-national-park']);
    expect(tour.itinerary.map((day) => day.day_number)).toEqual([1, 2]);
    expect(tour.departures.map((departure) => [departure.start_date, departure.status])).toEqual([
      ['2027-06-28', 'cancelled'],
      ['2027-07-05', 'open'],
    ]);
    expect(tour).toMatchObject({ base_price: 1200, single_supplement: 150, category: 'walking-adventure', experiences: ['walking-safaris'], activities: ['game-drive', 'night-walk'] });
  });

  it('comes back whole from its CSV, quotes, commas and lines within cells included', () => {
    const csv = parseCsv(exportCsv(file));
    expect(csv.errors).toEqual([]);
    const plan = planFromCsv(csv, guessMapping(csv.headers), facts);
    expect(plan.problems).toEqual([]);
    expect(plan.tours).toEqual(file.tours);
  });

  it('writes no cell a spreadsheet would run, and reads such texts back as they were', () => {
    const risky = exportFile([{ ...row, summary: '=HYPERLINK("http://evil.example","Open")', description: '- Walking with rangers\n- Lions at dawn', meta_description: '@cmd' }], []);
    const text = exportCsv(risky);
    const cells = Papa.parse<string[]>(text).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const csv = parseCsv(text);
    const plan = planFromCsv(csv, guessMapping(csv.headers), facts);
    expect(plan.tours[0]).toMatchObject({ summary: '=HYPERLINK("http://evil.example","Open")', description: '- Walking with rangers\n- Lions at dawn', meta_description: '@cmd' });
  });

  it('comes back whole from its JSON', () => {
    const plan = planFromJson(JSON.stringify(file), facts);
    expect(plan.problems).toEqual([]);
    expect(plan.tours).toEqual(file.tours);
  });

  it('carries whether travelers need a passport through CSV and JSON, both ways', () => {
    for (const needed of [true, false]) {
      const passport = exportFile([{ ...row, passport_required: needed }], []);
      expect(passport.tours[0].passport_required).toBe(needed);
      const text = exportCsv(passport);
      const csv = parseCsv(text);
      // Written as the other flags are, in the column beside is_private.
      expect(csv.headers.slice(csv.headers.indexOf('is_private'), csv.headers.indexOf('is_private') + 2)).toEqual(['is_private', 'passport_required']);
      expect(csv.rows[0]).toMatchObject({ is_private: 'false', passport_required: String(needed) });
      expect(planFromCsv(csv, guessMapping(csv.headers), facts).tours[0].passport_required).toBe(needed);
      expect(planFromJson(JSON.stringify(passport), facts).tours[0].passport_required).toBe(needed);
    }
  });
});

describe('the import’s checks', () => {
  const header = 'record,tour,title,base_price,duration_days,duration_nights,day_number,day_title,start_date,end_date,capacity,day_destination';

  it('names the row and the problem of each bad row, and the rows that are right have none', () => {
    const csv = parseCsv(
      [
        header,
        'tour,selous-boat,Selous by Boat,900,2,1,,,,,,',
        'day,selous-boat,,,,,1,Boat safari,,,,nyerere-national-park',
        'day,selous-boat,,,,,2,Fly out,,,,serengeti',
        'departure,selous-boat,,,,,,,2027-07-10,2027-07-09,8,',
        'tour,cheap-safari,Cheap Safari,-5,1,0,,,,,,',
        'departure,nowhere-tour,,,,,,,2027-07-10,2027-07-11,8,',
        'tour,7-day-great-migration-safari,Again,100,1,0,,,,,,',
        'stop,selous-boat,,,,,,,,,,',
      ].join('\n'),
    );
    const plan = planFromCsv(csv, guessMapping(csv.headers), facts);
    expect(plan.problems).toEqual([
      { where: 'Row 4', message: 'No destination has the address “serengeti”' },
      { where: 'Row 5', message: 'The departure ends before it starts' },
      { where: 'Row 6', message: 'The price per adult cannot be below zero' },
      { where: 'Row 7', message: 'No tour row for nowhere-tour comes before this departure' },
      { where: 'Row 8', message: 'The tour 7-day-great-migration-safari is already in the catalogue' },
      { where: 'Row 9', message: 'The record is tour, day, departure, season, discount, extra, not “stop”' },
    ]);
  });

  it('asks for the columns it cannot do without', () => {
    const csv = parseCsv('kind,name\ntour,x');
    expect(planFromCsv(csv, guessMapping(csv.headers), facts).problems).toEqual([
      { where: 'The columns', message: 'Choose the file’s column for “record”' },
      { where: 'The columns', message: 'Choose the file’s column for “tour”' },
    ]);
    // Mapped by hand, the same file reads.
    const plan = planFromCsv(parseCsv('kind,name,title,base_price\ntour,ngorongoro-day,Ngorongoro Day,300'), { record: 'kind', tour: 'name', title: 'title', base_price: 'base_price' }, facts);
    expect(plan.problems).toEqual([]);
    expect(plan.tours[0]).toMatchObject({ slug: 'ngorongoro-day', title: 'Ngorongoro Day', base_price: 300, status: 'draft' });
  });

  it('reads a file from before the passport column as no passport needed, and names a passport that is neither true nor false', () => {
    const old = parseCsv('record,tour,title,base_price,is_private\ntour,mikumi-day,Mikumi Day,300,yes');
    expect(planFromCsv(old, guessMapping(old.headers), facts)).toMatchObject({ problems: [], tours: [{ slug: 'mikumi-day', is_private: true, passport_required: false }] });
    expect(planFromJson(JSON.stringify({ tours: [{ slug: 'mikumi-day', title: 'Mikumi Day', base_price: 300 }] }), facts)).toMatchObject({ problems: [], tours: [{ passport_required: false }] });
    const worded = parseCsv('record,tour,title,base_price,passport_required\ntour,mikumi-day,Mikumi Day,300,Yes\ntour,ruaha-day,Ruaha Day,300,maybe');
    const plan = planFromCsv(worded, guessMapping(worded.headers), facts);
    expect(plan.tours.map((tour) => tour.passport_required)).toEqual([true, false]);
    expect(plan.problems).toEqual([{ where: 'Row 3', message: 'Passport needed is true or false: “maybe”' }]);
  });

  it('matches columns by name whatever their case and spacing', () => {
    expect(guessMapping(['Record', ' TOUR ', 'Base Price', 'day-title'])).toEqual({ record: 'Record', tour: ' TOUR ', base_price: 'Base Price', day_title: 'day-title' });
  });

  it('names a JSON problem by its tour and part', () => {
    const plan = planFromJson(
      JSON.stringify({ tours: [{ slug: 'lake-natron', title: 'Lake Natron', base_price: 500, itinerary: [{ day_number: 1, title: 'Drive', meals: ['Supper'] }, { day_number: 1, title: 'Again' }], departures: [{ start_date: '2027-02-30', end_date: '2027-03-01', capacity: 0 }] }] }),
      facts,
    );
    expect(plan.problems).toEqual([
      { where: 'Tour lake-natron, day 1', message: 'Meals are Breakfast, Lunch, Dinner, not “Supper”' },
      { where: 'Tour lake-natron, departure 2027-02-30', message: 'The start date is not a date like 2027-06-14: “2027-02-30”' },
      { where: 'Tour lake-natron, departure 2027-02-30', message: 'The number of seats is at least 1' },
      { where: 'Tour lake-natron', message: 'Day 1 is given twice' },
    ]);
    expect(planFromJson('{not json', facts).problems).toEqual([{ where: 'The file', message: 'This is not readable JSON' }]);
    expect(planFromJson('{"tours": []}', facts).problems).toEqual([{ where: 'The file', message: 'It holds no tour: an export has a list of tours' }]);
  });
});
