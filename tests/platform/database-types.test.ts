import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDatabaseTypes } from '../../server/platform/db/generate-types.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The typed client (createClient<Database>) is only as true as src/lib/database.types.ts: generated
// from the migrated schema, it must be generated again after every migration.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

it('src/lib/database.types.ts describes the schema the migrations build (run `npm run db:types` when this fails)', async () => {
  const checkedIn = await readFile(path.join(import.meta.dirname, '..', '..', 'src', 'lib', 'database.types.ts'), 'utf8');
  expect(checkedIn).toBe(await generateDatabaseTypes(server.db));
});

it('describes tables, their keys and the functions the API roles may call, and not the others', async () => {
  const types = await generateDatabaseTypes(server.db);
  expect(types).toContain('      bookings: {');
  expect(types).toMatch(/referencedRelation: "tours"/);
  expect(types).toContain('my_permissions: { Args: Record<PropertyKey, never>; Returns: { role: string; permissions: string[] }[] };');
  // Trigger functions and internal helpers are nobody's to call.
  expect(types).not.toContain('record_audit');
  expect(types).not.toContain('hit_rate_limit:');
});

it('types a composite value by its composite type, a table row by its table, and arrays of them as arrays', async () => {
  const types = await generateDatabaseTypes(server.db);
  expect(types).toContain(
    `booking_payment_schedule: { Args: { p_booking_id?: string | null; p_reference?: string | null; p_email?: string | null }; Returns: Database['public']['CompositeTypes']["payment_schedule"] };`,
  );
  expect(types).toContain(`admin_search: { Args: { p_query: string }; Returns: Database['public']['CompositeTypes']["admin_search_hit"][] };`);
  // OUT parameters of a composite type, an array of one, or a table's row type.
  expect(types).toMatch(/ search_clients: \{ Args: \{[^}]*\}; Returns: \{ total: number; rows: Database\['public'\]\['CompositeTypes'\]\["client_search_row"\]\[\] \} \};/);
  expect(types).toContain(`Returns: { booking: Database['public']['Tables']["bookings"]['Row']; previous_total: number; total: number; difference: number } };`);
  // Each composite type of the schema, attribute by attribute; not the row types tables come with.
  expect(types).toContain(['      payment_schedule_payable: {', '        deposit: number;', '        balance: number;', '        full: number;', '      };'].join('\n'));
  expect(types).toContain(`        payable: Database['public']['CompositeTypes']["payment_schedule_payable"];`);
  expect(types).toContain(`        tags: string[];`);
  const composites = types.slice(types.indexOf('    CompositeTypes: {'));
  expect(composites).not.toContain('      bookings: {');
});
