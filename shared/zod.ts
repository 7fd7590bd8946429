import * as z from 'zod/mini';

/**
 * Zod for the browser's code: every schema of src/ and shared/ is made with this z. It is Zod Mini,
 * whose functions are shaken out of the bundle when unused: the admin routes' search schemas ride in
 * the entry every public page downloads, and classic Zod there cost 20 KB gzip. The site's
 * Content-Security-Policy allows no eval, and zod compiles its object parsers with `new Function`
 * unless told not to; even its probe for whether it may is reported as a policy violation. So it is
 * told here, before any schema is made (a module's imports run before its own body).
 */
z.config({ jitless: true });

export { z };
