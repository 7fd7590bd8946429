/** One hit of the site search, whatever it is. */
export interface SearchResult {
  type: SearchType;
  id: string;
  title: string;
  href: string;
  snippet: string | null;
  imageUrl: string | null;
  /** A short fact under the title: duration and price, region, reading time. */
  meta: string | null;
}

export type SearchType = 'tour' | 'destination' | 'experience' | 'post';

/** The kinds of result in the order the page lists them, with their labels. */
export const SEARCH_TYPES: { type: SearchType; label: string; plural: string }[] = [
  { type: 'tour', label: 'Tour', plural: 'Tours' },
  { type: 'destination', label: 'Destination', plural: 'Destinations' },
  { type: 'experience', label: 'Experience', plural: 'Experiences' },
  { type: 'post', label: 'Story', plural: 'Stories' },
];

/** Longest query the search takes; longer text is cut. */
export const MAX_QUERY = 100;

const stopWords = new Set(['the', 'and', 'for', 'with', 'from', 'into', 'tour', 'tours', 'trip', 'trips']);

/**
 * The words a name-and-summary match looks for (tables without a full-text column): letters and
 * digits only, at least three long, common words left out, at most five. Every word must match.
 */
export function matchWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !stopWords.has(word));
  return [...new Set(words)].slice(0, 5);
}

/** The query as typed, trimmed, inner spaces collapsed and cut to MAX_QUERY. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY);
}
