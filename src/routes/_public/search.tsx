import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { searchQuery } from '@/features/search/api.ts';
import { SearchView } from '@/features/search/components/SearchView.tsx';
import { normalizeQuery } from '@/features/search/model.ts';

export const Route = createFileRoute('/_public/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = typeof search.q === 'string' ? normalizeQuery(search.q) : '';
    return q ? { q } : {};
  },
  loaderDeps: ({ search: { q } }) => ({ q: q ?? '' }),
  loader: ({ context: { queryClient }, deps: { q } }) => {
    if (q) void queryClient.prefetchQuery(searchQuery(q));
  },
  component: SearchPage,
});

function SearchPage() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageIntro eyebrow="Find your way" title="Search" lede="Tours, destinations, experiences and stories from our guides." />
      <Container size="lg" py={{ base: 32, md: 48 }}>
        <SearchView
          query={q}
          onSearch={(next) => {
            const normalized = normalizeQuery(next);
            void navigate({ search: normalized ? { q: normalized } : {} });
          }}
        />
      </Container>
    </>
  );
}
