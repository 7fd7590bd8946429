import { notFound } from '@tanstack/react-router';
import { z } from '@shared/zod.ts';

/**
 * Path params are checked before anything reads them: a malformed id or slug is the screen's
 * not-found state (the route's notFoundComponent, or the nearest one above it), never a query
 * that the database refuses or an error page.
 */
export function checkedParams<Shape extends z.core.$ZodShape>(shape: Shape) {
  const schema = z.object(shape);
  return {
    parse: (raw: Record<string, string>): z.output<typeof schema> => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw notFound();
      return parsed.data;
    },
  };
}

/** A record's id: every table's key is a uuid. */
export const idParam = z.uuid();

/** A booking reference as the traveler's links carry it (KS-2026-ABCDE-FGHIJ, and older shorter ones). */
export const bookingReferenceParam = z.string().check(z.regex(/^[A-Za-z0-9-]{4,40}$/));

/** A client is an account (its user id) or a guest (their email address, lower case), as is_client_key() in SQL. */
export const clientKeyParam = z.union([idParam, z.string().check(z.maxLength(254), z.regex(/^[^@\s]+@[^@\s]+$/), z.refine((key) => key === key.toLowerCase()))]);

/** A quote link's token: 64 hexadecimal characters. */
export const quoteTokenParam = z.string().check(z.regex(/^[0-9a-f]{64}$/));
