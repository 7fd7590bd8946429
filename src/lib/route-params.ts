import { notFound } from '@tanstack/react-router';
import { type AddressValue, either, text, uuid } from './search-params.ts';

/**
 * Path params are checked before anything reads them: a malformed id or slug is the screen's
 * not-found state (the route's notFoundComponent, or the nearest one above it), never a query
 * that the database refuses or an error page.
 */
export function checkedParams<Shape extends Record<string, AddressValue<string>>>(shape: Shape) {
  return {
    parse: (raw: Record<string, string>): { [Key in keyof Shape]: string } => {
      const checked: Record<string, string> = {};
      for (const [key, check] of Object.entries(shape)) {
        const value = check(raw[key]);
        if (value === undefined) throw notFound();
        checked[key] = value;
      }
      return checked as { [Key in keyof Shape]: string };
    },
  };
}

/** A record's id: every table's key is a uuid. */
export const idParam = uuid;

/** A booking reference as the traveler's links carry it (KS-2026-ABCDE-FGHIJ, and older shorter ones). */
export const bookingReferenceParam = text({ max: 40, pattern: /^[A-Za-z0-9-]{4,40}$/ });

const guestEmail = text({ max: 254, pattern: /^[^@\s]+@[^@\s]+$/ });

/** A client is an account (its user id) or a guest (their email address, lower case), as is_client_key() in SQL. */
export const clientKeyParam = either(idParam, (raw) => {
  const email = guestEmail(raw);
  return email === email?.toLowerCase() ? email : undefined;
});

/** A quote link's token: 64 hexadecimal characters. */
export const quoteTokenParam = text({ max: 64, pattern: /^[0-9a-f]{64}$/ });
