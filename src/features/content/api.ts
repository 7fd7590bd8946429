import { queryOptions } from '@tanstack/react-query';
import { pageDataAsStale, readPageData } from '@/lib/page-data.ts';
import { supabase } from '@/lib/supabase.ts';
import { CONTENT_PAGE_COLUMNS, type ContentPage } from './model.ts';

export type { ContentPage } from './model.ts';

export interface TeamMember {
  id: string;
  name: string;
  job_title: string;
  bio: string | null;
  photo_url: string | null;
  languages: string[];
}

export interface PartnerLogo {
  id: string;
  name: string;
  logo_url: string;
  website_url: string | null;
}

export const contentKeys = {
  page: (slug: string) => ['content-pages', slug] as const,
  team: () => ['team-members'] as const,
  partners: () => ['partner-logos'] as const,
};

/** A published content page by slug; null when there is none (the page shows Page Not Found). */
export const contentPageQuery = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.page(slug),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('content_pages')
        .select(CONTENT_PAGE_COLUMNS)
        .eq('slug', slug)
        .eq('is_published', true)
        .maybeSingle<ContentPage>();
      if (error) throw error;
      return data;
    },
    // The page's HTML carries it (null when there is no such page).
    initialData: () => readPageData<ContentPage | null>(`content:${slug}`),
    initialDataUpdatedAt: pageDataAsStale,
  });

export const teamQuery = () =>
  queryOptions({
    queryKey: contentKeys.team(),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('team_members')
        .select('id, name, job_title, bio, photo_url, languages')
        .order('display_order')
        .order('name')
        .overrideTypes<TeamMember[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });

export const partnersQuery = () =>
  queryOptions({
    queryKey: contentKeys.partners(),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('partner_logos')
        .select('id, name, logo_url, website_url')
        .order('display_order')
        .order('name')
        .overrideTypes<PartnerLogo[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });
