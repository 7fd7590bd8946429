/** A home page hero as the page reads it (the server inlines the same columns in the home page's HTML). */
export interface Hero {
  id: string;
  title: string;
  subtitle: string | null;
  image_url: string;
  cta_label: string | null;
  cta_href: string | null;
}

export const HERO_COLUMNS = 'id, title, subtitle, image_url, cta_label, cta_href';
