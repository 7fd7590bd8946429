import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { bookingReferenceParam, checkedParams, clientKeyParam, idParam, quoteTokenParam } from '@/lib/route-params.ts';
import { flag, isoDay, listOf, oneOf, searchParams, text, uuid, wholeNumber } from '@/lib/search-params.ts';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('checkedParams', () => {
  const booking = checkedParams({ bookingId: idParam });

  it('passes a well-formed id through unchanged', () => {
    expect(booking.parse({ bookingId: '0b7f3c9e-2a41-4d7a-9c55-1f0e8d2b6a13' })).toEqual({ bookingId: '0b7f3c9e-2a41-4d7a-9c55-1f0e8d2b6a13' });
  });

  it.each(['', 'new', '1', "x' or 1=1", '0b7f3c9e-2a41-4d7a-9c55-1f0e8d2b6a13,status.eq.paid', '0b7f3c9e2a414d7a9c551f0e8d2b6a13'])('makes %j the screen\'s not-found state', (bookingId) => {
    expect(isNotFound(thrown(() => booking.parse({ bookingId })))).toBe(true);
  });
});

describe('the shapes of path params', () => {
  it('client keys are account ids or lower-case guest emails, as is_client_key() in SQL', () => {
    expect(clientKeyParam('0b7f3c9e-2a41-4d7a-9c55-1f0e8d2b6a13')).not.toBeUndefined();
    expect(clientKeyParam('amina.guest@example.com')).not.toBeUndefined();
    expect(clientKeyParam('Amina.Guest@example.com')).toBeUndefined();
    expect(clientKeyParam('no-at-sign')).toBeUndefined();
  });

  it('booking references and quote tokens', () => {
    expect(bookingReferenceParam('KS-2026-ABCDE-FGHIJ')).not.toBeUndefined();
    expect(bookingReferenceParam('KS 2026')).toBeUndefined();
    expect(quoteTokenParam('a'.repeat(64))).toBe('a'.repeat(64));
    expect(quoteTokenParam('a'.repeat(63))).toBeUndefined();
  });
});

describe('the checks of search params', () => {
  const search = searchParams({
    q: text({ max: 10, trim: true }),
    kind: oneOf(['guest', 'account']),
    size: oneOf([25, 50]),
    open: flag,
    page: wholeNumber(1, 99),
    days: listOf(isoDay, 2),
    who: uuid,
  });

  it('keeps each valid value as the screen uses it', () => {
    expect(search({ q: ' amani ', kind: 'guest', size: 50, open: 1, page: 3, days: ['2026-12-01', '2026-12-02'], who: '0B7F3C9E-2A41-4D7A-9C55-1F0E8D2B6A13' })).toEqual({
      q: 'amani',
      kind: 'guest',
      size: 50,
      open: 1,
      page: 3,
      days: ['2026-12-01', '2026-12-02'],
      who: '0B7F3C9E-2A41-4D7A-9C55-1F0E8D2B6A13',
    });
  });

  it('reads a page written as digits in a hand-made link', () => {
    expect(search({ page: '7' })).toEqual({ page: 7 });
  });

  it('drops what is wrong, with no key left for it, so an edited link still opens the screen', () => {
    expect(
      search({ q: 'x'.repeat(11), kind: 'staff', size: '50', open: true, page: 100, days: ['2026-12-01', 'soon'], who: 'not-a-uuid', extra: 'kept out' }),
    ).toEqual({});
    expect(search({ page: 2.5, days: [] })).toEqual({});
    expect(search({ page: 0, days: ['2026-12-01', '2026-12-02', '2026-12-03'] })).toEqual({});
    expect(search({ q: 42, kind: ['guest'], page: '1e3' })).toEqual({});
  });
});
