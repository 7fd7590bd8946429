import type { CallCounter } from '../platform/rest/routes.ts';

/** Catalogue imports, the heaviest writes staff make (a file of up to 2,000 rows): counted per person, rule catalogue.imports. */
const countedPerCaller: Record<string, string> = { import_tours: 'catalogue.imports' };

/** Functions that find a guest's booking by its reference and email (or a link's token): lookups a stranger could try to guess, limited per address (rule booking.lookups). */
const bookingLookups = new Set(['booking_by_reference', 'booking_payment_schedule', 'choose_payment_method', 'checkout_amount', 'confirm_booking_email']);

/**
 * The product's functions that /rest/v1/rpc counts with the rate limiter before they run: an import
 * counts whatever its outcome; a lookup by a key a stranger could guess (a reference and an email, or
 * a link's token) counts as failed until it succeeds.
 */
export const countRestCall: CallCounter = ({ name, args, caller, ip }) => {
  if (countedPerCaller[name] && typeof caller.sub === 'string') return { rule: countedPerCaller[name], subject: caller.sub, forgiveOnSuccess: false };
  if (!bookingLookups.has(name)) return null;
  const given = args();
  return typeof given.p_email === 'string' || typeof given.p_token === 'string' ? { rule: 'booking.lookups', subject: ip, forgiveOnSuccess: true } : null;
};
