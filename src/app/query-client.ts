import { QueryClient } from '@tanstack/react-query';

/** Stale after 5 minutes, discarded after 10. */
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_GC_MS = 10 * 60 * 1000;

/** A 4xx (bad request, denied, not found) will not change on retry; network and 5xx errors might. */
function isWorthRetrying(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status >= 400 && status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: (failures, error) => failures < 2 && isWorthRetrying(error),
      },
      // Writes go through the outbox, which keeps them while offline; Query must hand them over.
      mutations: { networkMode: 'always' },
    },
  });
}
