import { describe, expect, it } from 'vitest';
import { daysFromItinerary, firstDraftFor, hasProblems, lineAmount, moveItem, quoteProblems, quoteTotal, stagesOf, tripEndDate, type QuoteForm } from '@/features/admin/enquiries/model.ts';
import { addDays } from '@/lib/dates.ts';

const today = '2026-11-26';
const form = (patch: Partial<QuoteForm> = {}): QuoteForm => ({
  title: 'Honeymoon',
  tour_id: 'tour',
  start_date: '2027-03-01',
  adults: 2,
  children: 0,
  currency: 'USD',
  valid_until: '2026-12-10',
  message: '',
  days: [{ title: 'Arusha', location: '', accommodation: '', meals: [], description: '' }],
  lines: [{ label: 'Safari', quantity: 2, unit_price: 2400.5 }],
  ...patch,
});

describe('the quote builder’s sums', () => {
  it('adds lines in cents, as the database does', () => {
    expect(lineAmount({ label: 'x', quantity: 3, unit_price: 0.1 })).toBe(0.3);
    expect(quoteTotal([{ label: 'a', quantity: 2, unit_price: 2400.5 }, { label: 'b', quantity: 2, unit_price: 180 }])).toBe(5161);
    expect(quoteTotal([{ label: 'a', quantity: '', unit_price: 10 }])).toBe(0);
  });
});

describe('quoteProblems', () => {
  it('accepts a good quote', () => {
    expect(hasProblems(quoteProblems(form(), today, true))).toBe(false);
  });

  it('names each field’s problem in the database’s words', () => {
    const problems = quoteProblems(
      form({
        title: ' ',
        tour_id: null,
        start_date: '2026-11-26',
        adults: 0,
        valid_until: '2026-11-25',
        days: [{ title: '', location: '', accommodation: '', meals: [], description: '' }],
        lines: [
          { label: 'Fees', quantity: 1, unit_price: -5 },
          { label: '', quantity: 1, unit_price: 5 },
          { label: 'Lodge', quantity: 1.5, unit_price: 5 },
        ],
      }),
      today,
    );
    expect(problems).toEqual({
      title: 'Please give the quote a title',
      tour_id: 'Please choose the tour the trip is built on',
      start_date: 'Please choose a start date in the future',
      adults: 'Between 1 and 60 adults',
      valid_until: 'The quote must be valid until today or later',
      dayTitles: { 0: 'Each day needs a title' },
      lineProblems: { 0: 'Prices cannot be negative', 1: 'Each price line needs a description', 2: 'Quantities are whole numbers from 1 to 999' },
    });
  });

  it('wants the quote to expire before the trip starts', () => {
    expect(quoteProblems(form({ valid_until: '2027-03-02' }), today).valid_until).toBe('The quote must expire before the trip starts');
  });

  it('asks for days and prices only when sending', () => {
    const empty = form({ days: [], lines: [] });
    expect(hasProblems(quoteProblems(empty, today))).toBe(false);
    expect(quoteProblems(empty, today, true)).toEqual({
      days: 'Please add the trip’s days before sending the quote',
      lines: 'Please add the prices before sending the quote',
    });
  });
});

describe('days', () => {
  it('copies a tour’s itinerary and reorders days', () => {
    const days = daysFromItinerary([
      { title: 'One', location: null, accommodation: 'Camp', meals: ['dinner'], description: null },
      { title: 'Two', location: 'Serengeti', accommodation: null, meals: null, description: 'Game drive' },
    ]);
    expect(days).toEqual([
      { title: 'One', location: '', accommodation: 'Camp', meals: ['dinner'], description: '' },
      { title: 'Two', location: 'Serengeti', accommodation: '', meals: [], description: 'Game drive' },
    ]);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(tripEndDate('2027-02-27', 3)).toBe('2027-03-01');
    expect(addDays(today, 14)).toBe('2026-12-10');
  });
});

describe('firstDraftFor', () => {
  it('takes the party and dates the client asked for', () => {
    const draft = firstDraftFor({ name: 'Asha Mrema ', tour_id: null, details: { timing: 'dates', startDate: '2027-06-10', adults: 4, children: 1 } }, { id: 't1', currency: 'USD' }, today);
    expect(draft).toEqual({ title: 'Trip for Asha Mrema', tour_id: 't1', start_date: '2027-06-10', valid_until: '2026-12-10', adults: 4, children: 1, currency: 'USD' });
  });

  it('falls back to two adults in two months, valid until the day before a near start', () => {
    expect(firstDraftFor({ name: 'B', tour_id: 'mine', details: { timing: 'dates', startDate: '2026-12-03', adults: 0 } }, { id: 't1', currency: 'EUR' }, today)).toEqual({
      title: 'Trip for B',
      tour_id: 'mine',
      start_date: '2026-12-03',
      valid_until: '2026-12-02',
      adults: 2,
      children: 0,
      currency: 'EUR',
    });
    expect(firstDraftFor({ name: 'C', tour_id: null, details: {} }, undefined, today).start_date).toBe('2027-01-25');
  });

  it('knows which stages are open', () => {
    expect(stagesOf('open')).toEqual(['new', 'contacted', 'quoted']);
    expect(stagesOf('won')).toEqual(['won']);
  });
});
