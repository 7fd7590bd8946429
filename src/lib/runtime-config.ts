/** Where the app finds Supabase: injected by the server, served at /api/config, or baked in for development. */
export interface RuntimeConfig {
  /** Absolute Supabase URL; null means the page's own origin (the local server). */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
}

declare global {
  interface Window {
    __RUNTIME_CONFIG__?: Partial<RuntimeConfig>;
  }
}

function isComplete(config: Partial<RuntimeConfig> | null | undefined): config is RuntimeConfig {
  return !!config && typeof config.supabaseAnonKey === 'string' && config.supabaseAnonKey.length > 0;
}

/** The Supabase URL to give supabase-js: the configured one, or the page's origin when it is null. */
export function resolveSupabaseUrl(config: RuntimeConfig, origin: string): string {
  return (config.supabaseUrl ?? origin).replace(/\/$/, '');
}

/**
 * The runtime config, in order of preference: what the server injected into index.html, what
 * /api/config answers, then VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY from the build.
 */
export async function loadRuntimeConfig(
  sources: {
    injected?: Partial<RuntimeConfig>;
    fetchConfig?: () => Promise<Partial<RuntimeConfig> | null>;
    env?: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string };
  } = {
    injected: window.__RUNTIME_CONFIG__,
    fetchConfig: fetchServerConfig,
    env: import.meta.env,
  },
): Promise<RuntimeConfig> {
  if (isComplete(sources.injected)) return { supabaseUrl: sources.injected.supabaseUrl ?? null, supabaseAnonKey: sources.injected.supabaseAnonKey };
  const served = await sources.fetchConfig?.().catch(() => null);
  if (isComplete(served)) return { supabaseUrl: served.supabaseUrl ?? null, supabaseAnonKey: served.supabaseAnonKey };
  const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = sources.env ?? {};
  if (VITE_SUPABASE_ANON_KEY) return { supabaseUrl: VITE_SUPABASE_URL || null, supabaseAnonKey: VITE_SUPABASE_ANON_KEY };
  throw new Error('The site could not find its connection settings. Please reload the page in a moment.');
}

async function fetchServerConfig(): Promise<Partial<RuntimeConfig> | null> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  return response.ok ? ((await response.json()) as Partial<RuntimeConfig>) : null;
}
