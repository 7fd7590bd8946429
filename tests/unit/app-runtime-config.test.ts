import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, resolveSupabaseUrl } from '../../src/lib/runtime-config.ts';

describe('runtime config', () => {
  it('prefers what the server injected and does not fetch', async () => {
    const fetchConfig = vi.fn();
    const config = await loadRuntimeConfig({ injected: { supabaseUrl: null, supabaseAnonKey: 'anon-injected' }, fetchConfig });
    expect(config).toEqual({ supabaseUrl: null, supabaseAnonKey: 'anon-injected' });
    expect(fetchConfig).not.toHaveBeenCalled();
  });

  it('falls back to /api/config, then to the build-time variables', async () => {
    const served = await loadRuntimeConfig({ fetchConfig: async () => ({ supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'anon-served' }) });
    expect(served).toEqual({ supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'anon-served' });
    const built = await loadRuntimeConfig({
      fetchConfig: () => Promise.reject(new Error('offline')),
      env: { VITE_SUPABASE_URL: 'https://dev.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon-dev' },
    });
    expect(built).toEqual({ supabaseUrl: 'https://dev.supabase.co', supabaseAnonKey: 'anon-dev' });
  });

  it('says so in plain words when there is no config at all', async () => {
    await expect(loadRuntimeConfig({ fetchConfig: async () => null, env: {} })).rejects.toThrow(/connection settings/);
  });

  it('uses the page origin when the Supabase URL is null', () => {
    expect(resolveSupabaseUrl({ supabaseUrl: null, supabaseAnonKey: 'k' }, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(resolveSupabaseUrl({ supabaseUrl: 'https://x.supabase.co/', supabaseAnonKey: 'k' }, 'http://localhost:3000')).toBe('https://x.supabase.co');
  });
});
