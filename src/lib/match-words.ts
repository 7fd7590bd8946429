/** Whether a record matches the typed words: every word found in one of its texts, any case. */
export function matchesWords(query: string | undefined, texts: (string | null | undefined)[]): boolean {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
