import { z } from 'zod';

/**
 * Zod for the browser's code: every schema of src/ is made with this z. The site's
 * Content-Security-Policy allows no eval, and zod compiles its object parsers with `new Function`
 * unless told not to; even its probe for whether it may is reported as a policy violation. So it is
 * told here, before any schema is made (a module's imports run before its own body).
 */
z.config({ jitless: true });

export { z };
