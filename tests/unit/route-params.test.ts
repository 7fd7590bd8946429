import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { bookingReferenceParam, checkedParams, clientKeyParam, idParam, quoteTokenParam } from '@/lib/route-params.ts';

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
    expect(clientKeyParam.safeParse('0b7f3c9e-2a41-4d7a-9c55-1f0e8d2b6a13').success).toBe(true);
    expect(clientKeyParam.safeParse('amina.guest@example.com').success).toBe(true);
    expect(clientKeyParam.safeParse('Amina.Guest@example.com').success).toBe(false);
    expect(clientKeyParam.safeParse('no-at-sign').success).toBe(false);
  });

  it('booking references and quote tokens', () => {
    expect(bookingReferenceParam.safeParse('KS-2026-ABCDE-FGHIJ').success).toBe(true);
    expect(bookingReferenceParam.safeParse('KS 2026').success).toBe(false);
    expect(quoteTokenParam.safeParse('a'.repeat(64)).success).toBe(true);
    expect(quoteTokenParam.safeParse('a'.repeat(63)).success).toBe(false);
  });
});
