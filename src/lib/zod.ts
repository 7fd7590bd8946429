import * as z from 'zod/mini';

/**
 * Zod for the browser's code: every schema of src/ is made with this z. It is Zod Mini, whose
 * functions are shaken out of the bundle when unused: the admin routes' search schemas ride in the
 * entry every public page downloads, and classic Zod there cost 20 KB gzip. The site's
 * Content-Security-Policy allows no eval, and zod compiles its object parsers with `new Function`
 * unless told not to; even its probe for whether it may is reported as a policy violation. So it is
 * told here, before any schema is made (a module's imports run before its own body).
 */
z.config({ jitless: true });

export { z };

/** A value in an address that is wrong is dropped rather than refused: an old or edited link still opens the screen. */
export const optionalInAddress = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A day as addresses and the database write it: 2026-11-28. */
export const isoDay = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The address's values without keys for those left out: the address stays short. */
export function withoutAbsent<T extends object>(parsed: T): T {
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as T;
}
