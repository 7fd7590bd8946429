// Makes the seeded templates the benches copy (benchData in support.ts), once, before scripts/bench-small.mjs
// runs benches side by side: two benches finding no template at once would each seed one, and on
// PostgreSQL both would make the same template database. Prints the templates' hash, which the runner
// hands each bench (TEST_TEMPLATE_HASH), so that an hour turning mid-run changes nothing.
import { ensureTemplate } from '../tests/helpers/template.ts';
import { postgresReachable, postgresServer } from './support.ts';

const { hash } = await ensureTemplate(null);
process.env.TEST_TEMPLATE_HASH = hash;
if (await postgresReachable(postgresServer)) await ensureTemplate(postgresServer);
console.log(hash);
