import { queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { CONTENT_PAGE_COLUMNS, PARTNER_LOGO_COLUMNS, TEAM_MEMBER_COLUMNS, type ContentPage, type PartnerLogo, type TeamMember } from '@shared/content.ts';

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
      const { data, error } = await (await getSupabase())
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
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** Active team members in the company's order (an admin browsing /about sees what visitors see). */
export const teamQuery = () =>
  queryOptions({
    queryKey: contentKeys.team(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('team_members')
        .select(TEAM_MEMBER_COLUMNS)
        .eq('is_active', true)
        .order('display_order')
        .order('name')
        .overrideTypes<TeamMember[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The about page's HTML carries the team.
    initialData: () => readPageData<TeamMember[]>('team:active'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** Active partner logos in the company's order. */
export const partnersQuery = () =>
  queryOptions({
    queryKey: contentKeys.partners(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('partner_logos')
        .select(PARTNER_LOGO_COLUMNS)
        .eq('is_active', true)
        .order('display_order')
        .order('name')
        .overrideTypes<PartnerLogo[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The home and about pages' HTML carry them.
    initialData: () => readPageData<PartnerLogo[]>('partners:active'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
