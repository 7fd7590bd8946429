import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amountInUsd, RATES_STALE_MS } from '../../src/lib/currency-rates.ts';

// The purchase event's US dollars: the rates kept on the device while fresh, else read again; when
// they cannot be read, an older copy, and with none nothing (never a made-up figure).

const KEY = 'kilele:currency-rates:v1';
const store = new Map<string, string>();
const reads = { count: 0, fail: false };

const client = {
  from: (table: string) => ({
    select: async () => {
      expect(table).toBe('currency_rates');
      reads.count += 1;
      if (reads.fail) return { data: null, error: { message: 'TypeError: fetch failed' } };
      return { data: [{ currency: 'USD', units_per_usd: 1 }, { currency: 'EUR', units_per_usd: '0.8' }], error: null };
    },
  }),
} as unknown as SupabaseClient;

beforeEach(() => {
  store.clear();
  reads.count = 0;
  reads.fail = false;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('amounts in US dollars for analytics', () => {
  it('needs no rate for dollars', async () => {
    expect(await amountInUsd(client, 1234.567, 'USD')).toBe(1234.57);
    expect(reads.count).toBe(0);
  });

  it('reads the rates once, keeps them on the device and converts with them', async () => {
    expect(await amountInUsd(client, 1000, 'EUR')).toBe(1250);
    expect(await amountInUsd(client, 400, 'EUR')).toBe(500);
    expect(reads.count).toBe(1);
    expect(JSON.parse(store.get(KEY)!).rates).toEqual({ USD: 1, EUR: 0.8 });
  });

  it('reports nothing when the rates cannot be read and none are kept, or the currency has no rate', async () => {
    reads.fail = true;
    expect(await amountInUsd(client, 1000, 'EUR')).toBeNull();
    reads.fail = false;
    expect(await amountInUsd(client, 1000, 'KES')).toBeNull();
  });

  it('reads stale rates again, and uses the old copy when that read fails', async () => {
    const old = Date.now() - RATES_STALE_MS - 1000;
    store.set(KEY, JSON.stringify({ savedAt: old, rates: { USD: 1, EUR: 0.5 } }));
    reads.fail = true;
    expect(await amountInUsd(client, 100, 'EUR')).toBe(200);
    reads.fail = false;
    expect(await amountInUsd(client, 100, 'EUR')).toBe(125);
    expect(reads.count).toBe(2);
  });
});
