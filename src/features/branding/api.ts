import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHydrating } from '@/lib/hydration.ts';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { brandingFromRow, DEFAULT_BRANDING, type Branding, type BrandingRow } from './model.ts';

/** Branding changes rarely: kept for an hour in the query cache and in localStorage. */
export const BRANDING_CACHE_MS = 60 * 60 * 1000;
const STORAGE_KEY = 'kilele:branding:v1';

interface StoredBranding {
  savedAt: number;
  branding: Branding;
}

function readStoredBranding(): StoredBranding | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredBranding | null;
    return stored && typeof stored.savedAt === 'number' && stored.branding?.colors ? stored : undefined;
  } catch {
    return undefined;
  }
}

function storeBranding(branding: Branding, savedAt = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt, branding } satisfies StoredBranding));
  } catch {
    // Private mode or a full quota: the query cache still holds it for this visit.
  }
}

/** The active branding row; with no active row (PGRST116) the spec's defaults. */
export async function fetchActiveBranding(): Promise<Branding> {
  const { data, error } = await (await getSupabase()).from('branding_settings').select('*').eq('is_active', true).single<BrandingRow>();
  if (error && error.code !== 'PGRST116') throw error;
  const branding = brandingFromRow(data);
  storeBranding(branding);
  return branding;
}

/**
 * What to show before any request: the row the page's HTML carries (null: no active row, so the
 * defaults) unless localStorage holds a copy as new or newer (a page the service worker kept for days).
 */
function initialBranding(): StoredBranding | undefined {
  const row = readPageData<BrandingRow | null>('branding:active');
  const readAt = pageDataUpdatedAt();
  // A server-rendered page hydrates with the branding it was rendered with, or React would discard its HTML.
  const stored = isHydrating() ? undefined : readStoredBranding();
  if (row === undefined || readAt === undefined || (stored && stored.savedAt >= readAt)) return stored;
  // Kept like a fetched row, so a later visit that opens offline from the bare shell still has it.
  const branding = brandingFromRow(row);
  storeBranding(branding, readAt);
  return { savedAt: readAt, branding };
}

export const brandingQuery = () =>
  queryOptions({
    queryKey: ['branding', 'active'] as const,
    queryFn: fetchActiveBranding,
    staleTime: BRANDING_CACHE_MS,
    gcTime: BRANDING_CACHE_MS,
    initialData: () => initialBranding()?.branding,
    initialDataUpdatedAt: () => initialBranding()?.savedAt,
  });

/** The branding to show now: the active row, the stored copy, or the defaults while either loads or fails. */
export function useBranding(): Branding {
  return useQuery(brandingQuery()).data ?? DEFAULT_BRANDING;
}
