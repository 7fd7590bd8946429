/** A destination as the lists show it (the server inlines the same columns in the page's HTML). */
export interface DestinationSummary {
  id: string;
  slug: string;
  name: string;
  country: string;
  region: string | null;
  summary: string | null;
  image_url: string | null;
  display_order: number;
}

export const DESTINATION_SUMMARY_COLUMNS = 'id, slug, name, country, region, summary, image_url, display_order';
