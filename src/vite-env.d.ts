/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase project for development; the server's runtime config takes precedence. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
