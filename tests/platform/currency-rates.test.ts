import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES } from '../../src/lib/money.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The exchange rates the app converts display prices and analytics with: everyone reads them, only
// admins change them.

type Traveler = Awaited<ReturnType<TestServer['traveler']>>;

async function storedRate(server: TestServer, currency: string): Promise<number | null> {
  const { rows } = await server.db.query<{ units_per_usd: string }>('select units_per_usd::text from public.currency_rates where currency = $1', [currency]);
  return rows[0] ? Number(rows[0].units_per_usd) : null;
}

describe('currency rates', () => {
  let server: TestServer;
  let traveler: Traveler;

  beforeAll(async () => {
    server = await startTestServer();
    traveler = await server.traveler();
  });
  afterAll(() => server?.close());

  it('are read by a visitor: a rate for every currency a traveler can choose, USD being 1', async () => {
    const { data, error } = await server.client().from('currency_rates').select('currency, units_per_usd, updated_at').order('currency');
    expect(error).toBeNull();
    expect(data!.map((row) => row.currency)).toEqual([...DISPLAY_CURRENCIES].sort());
    const rates = Object.fromEntries(data!.map((row) => [row.currency, Number(row.units_per_usd)]));
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeGreaterThan(0.5);
    expect(rates.EUR).toBeLessThan(1.5);
    expect(rates.TZS).toBeGreaterThan(1000);
  });

  it('cannot be added, changed or removed by a visitor or a traveler', async () => {
    const before = await storedRate(server, 'EUR');
    for (const client of [server.client(), traveler.client]) {
      const changed = await client.from('currency_rates').update({ units_per_usd: 5 }).eq('currency', 'EUR').select('currency');
      expect(changed.data ?? []).toEqual([]);
      const added = await client.from('currency_rates').insert({ currency: 'ZAR', units_per_usd: 18 });
      expect(added.error).not.toBeNull();
      const removed = await client.from('currency_rates').delete().eq('currency', 'GBP').select('currency');
      expect(removed.data ?? []).toEqual([]);
    }
    expect(await storedRate(server, 'EUR')).toBe(before);
    expect(await storedRate(server, 'ZAR')).toBeNull();
    expect(await storedRate(server, 'GBP')).not.toBeNull();
  });

  it('are kept up to date by an admin, and a rate must be positive', async () => {
    const admin = await server.adminClient();
    const changed = await admin.from('currency_rates').update({ units_per_usd: 0.95 }).eq('currency', 'EUR').select('currency, units_per_usd');
    expect(changed.error).toBeNull();
    expect(changed.data!.map((row) => [row.currency, Number(row.units_per_usd)])).toEqual([['EUR', 0.95]]);
    const added = await admin.from('currency_rates').insert({ currency: 'ZAR', units_per_usd: 18.2 }).select('currency');
    expect(added.error).toBeNull();
    expect(await storedRate(server, 'ZAR')).toBe(18.2);
    const refused = await admin.from('currency_rates').update({ units_per_usd: 0 }).eq('currency', 'ZAR');
    expect(refused.error).not.toBeNull();
    expect(await storedRate(server, 'ZAR')).toBe(18.2);
  });
});
