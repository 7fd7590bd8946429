import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC 2: the booking page lives under two paths; this one sends the visitor to the first.
export const Route = createFileRoute('/_public/book-tour/$slug')({
  validateSearch: (search: Record<string, unknown>): { departure?: string } =>
    typeof search.departure === 'string' ? { departure: search.departure } : {},
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/tours/$slug/book', params: { slug: params.slug }, search, replace: true });
  },
});
