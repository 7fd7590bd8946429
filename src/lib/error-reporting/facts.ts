// What classification and the page's error listeners read from anything thrown. Kept apart from
// classify.ts: the listeners load with every page, the classification with the first error.

/** The parts of anything thrown that classification looks at: Error objects, Supabase error objects, strings. */
export interface ErrorFacts {
  name: string;
  message: string;
  code?: string;
  status?: number;
}

export function errorFacts(error: unknown): ErrorFacts {
  if (typeof error === 'string') return { name: '', message: error };
  if (!error || typeof error !== 'object') return { name: '', message: error === undefined ? '' : String(error) };
  const candidate = error as { name?: unknown; message?: unknown; code?: unknown; status?: unknown; statusCode?: unknown };
  const status = [candidate.status, candidate.statusCode].find((value): value is number => typeof value === 'number');
  return {
    name: typeof candidate.name === 'string' ? candidate.name : '',
    message: typeof candidate.message === 'string' ? candidate.message : '',
    code: typeof candidate.code === 'string' ? candidate.code : typeof candidate.code === 'number' ? String(candidate.code) : undefined,
    status,
  };
}

/**
 * Browser extensions talk to their pages over message channels; when a tab closes or navigates they
 * raise 'message channel closed' rejections in the page. They say nothing about the product.
 */
export function isBrowserExtensionNoise(error: unknown, sourceFile?: string): boolean {
  const { message } = errorFacts(error);
  if (/message channel closed/i.test(message)) return true;
  return /^(chrome|moz|safari(-web)?|ms-browser)-extension:\/\//.test(sourceFile ?? '');
}
