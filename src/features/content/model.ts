/** A content page as its route shows it (the server inlines the same columns in the page's HTML). */
export interface ContentPage {
  slug: string;
  title: string;
  content: string;
  meta_description: string | null;
  updated_at: string;
}

export const CONTENT_PAGE_COLUMNS = 'slug, title, content, meta_description, updated_at';
