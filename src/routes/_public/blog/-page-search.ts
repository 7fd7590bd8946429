/** The ?page= of a paged list: a whole number from 1, or nothing for the first page. */
export function pageSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}
