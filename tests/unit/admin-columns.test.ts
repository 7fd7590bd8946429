import { describe, expect, it } from 'vitest';
import { columnsThatFit, columnsThatMayYield } from '@/components/admin/columns.ts';

const bookings = [
  { key: 'reference', room: 170 },
  { key: 'client', room: 150 },
  { key: 'tour', room: 160, yields: 5 },
  { key: 'travel', room: 100 },
  { key: 'pax', room: 50, yields: 1 },
  { key: 'status', room: 110 },
  { key: 'total', room: 100, yields: 3 },
  { key: 'balance', room: 100 },
  { key: 'booked', room: 100, yields: 2 },
];

describe('the columns a list shows by default', () => {
  it('shows every column when they all fit', () => {
    expect([...columnsThatFit(bookings, 1040)]).toEqual(bookings.map((column) => column.key));
  });

  it('hides the columns that give way first, and only as many as it must', () => {
    // 1040 needed, 980 there: the travelers' count and the booking date make room.
    expect(columnsThatFit(bookings, 980)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance', 'tour', 'total']));
    expect(columnsThatFit(bookings, 1000)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance', 'tour', 'total', 'booked']));
  });

  it('keeps giving way in order: a later column does not jump the queue because it is narrow', () => {
    // Room for the pax column (50) but not the booking date (100) ahead of it: neither shows.
    expect(columnsThatFit(bookings, 630 + 160 + 100 + 60)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance', 'tour', 'total']));
  });

  it('never hides a column that does not give way, even with no room at all', () => {
    expect(columnsThatFit(bookings, 300)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance']));
  });

  it('gives way one more column at a time when the drawn table still runs past the edge', () => {
    // The rooms said everything fits; the rows' long names said otherwise.
    expect(columnsThatFit(bookings, 1040, 1)).toEqual(new Set(['reference', 'client', 'tour', 'travel', 'status', 'total', 'balance', 'booked']));
    expect(columnsThatFit(bookings, 1040, 2)).toEqual(new Set(['reference', 'client', 'tour', 'travel', 'status', 'total', 'balance']));
    expect(columnsThatFit(bookings, 980, 1)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance', 'tour']));
    // Never past those that do not give way.
    expect(columnsThatFit(bookings, 1040, 10)).toEqual(new Set(['reference', 'client', 'travel', 'status', 'balance']));
    expect(columnsThatMayYield(bookings)).toBe(4);
  });
});
