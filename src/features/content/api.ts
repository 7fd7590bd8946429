import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';

export interface ContentPage {
  slug: string;
  title: string;
  content: string;
  meta_description: string | null;
  updated_at: string;
}

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
        .select('slug, title, content, meta_description, updated_at')
        .eq('slug', slug)
        .eq('is_published', true)
        .maybeSingle<ContentPage>();
      if (error) throw error;
      return data;
    },
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
