/** A content page as its route shows it (the server inlines the same columns in the page's HTML). */
export interface ContentPage {
  slug: string;
  title: string;
  content: string;
  meta_description: string | null;
  updated_at: string;
}

export const CONTENT_PAGE_COLUMNS = 'slug, title, content, meta_description, updated_at';

export interface TeamMember {
  id: string;
  name: string;
  job_title: string;
  bio: string | null;
  photo_url: string | null;
  languages: string[];
}

/** The team as /about shows it (the server inlines the same columns in the page's HTML). */
export const TEAM_MEMBER_COLUMNS = 'id, name, job_title, bio, photo_url, languages';

export interface PartnerLogo {
  id: string;
  name: string;
  logo_url: string;
  website_url: string | null;
}

/** Partner logos as /about and the home page show them (and the server inlines). */
export const PARTNER_LOGO_COLUMNS = 'id, name, logo_url, website_url';
