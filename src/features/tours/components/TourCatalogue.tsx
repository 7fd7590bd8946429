import { Badge, Button, Container, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconMapSearch, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DeferredOverlay, useDeferredOverlay } from '@/components/widgets/DeferredOverlay.tsx';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { localIsoDate } from '@/lib/dates.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { tourListQuery } from '../api.ts';

import { tourSorts, type TourListFilters, type TourSort } from '@shared/catalogue-queries.ts';
import { activeFilterCount } from '../search-params.ts';
import classes from './TourCatalogue.module.css';
import { TourCard, TourCardSkeleton } from './TourCard.tsx';
import { TourFilters, type FilterOption } from './TourFilters.tsx';

const FiltersDrawer = lazyWithLoad(() => import('./FiltersDrawer.tsx'));

const SEARCH_DEBOUNCE_MS = 350;
const SKELETON_CARDS = 6;
const planTripPath: string = '/start-planning';

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const debouncedSearch = useDebouncedCallback((q: string) => onSearch(q.trim() || undefined), SEARCH_DEBOUNCE_MS);
  return (
    <form
      role="search"
      aria-label="Tours"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim() || undefined);
      }}
    >
      <TextInput
        type="search"
        label="Search tours"
        placeholder="Kilimanjaro, migration, Zanzibar…"
        leftSection={<IconSearch size={18} aria-hidden />}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          debouncedSearch(event.currentTarget.value);
        }}
        size="md"
      />
    </form>
  );
}

/**
 * The tour list: search, filters (a side panel on wide screens, a drawer on phones), sorting and
 * the cards. The filters live in the URL; `onChange` puts new ones there.
 */
export function TourCatalogue({
  filters,
  categories,
  destinations,
  onChange,
}: {
  filters: TourListFilters;
  categories: FilterOption[];
  destinations: FilterOption[];
  onChange: (next: TourListFilters) => void;
}) {
  const today = localIsoDate();
  const tours = useQuery(tourListQuery(filters));
  const drawer = useDeferredOverlay<true>(FiltersDrawer.load);
  const filterCount = activeFilterCount(filters);
  const filterOptions = { categories, destinations, today };
  const count = tours.data?.length ?? 0;

  return (
    <>
      <PageIntro
        eyebrow="Safaris, treks & islands"
        title="Tours"
        lede="Every trip we run across Tanzania, guided by our own team. Filter by what matters to you, or search for a place or an animal."
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <div className={classes.layout}>
          <aside className={classes.sidebar} aria-label="Filter tours">
            <Title order={2} className={classes.sidebarTitle}>
              Filter tours
            </Title>
            <TourFilters filters={filters} options={filterOptions} onChange={onChange} />
          </aside>

          <section className={classes.results} aria-labelledby="tour-results-heading">
            <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ ...filters, q })} />
            <div className={classes.toolbar}>
              <Title order={2} id="tour-results-heading" className={classes.count} aria-live="polite">
                {tours.isPending ? 'Finding tours…' : `${count} ${count === 1 ? 'tour' : 'tours'}`}
              </Title>
              <div className={classes.controls}>
                <Button
                  className={classes.filtersButton}
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                  rightSection={
                    filterCount > 0 ? (
                      <Badge size="sm" circle>
                        {filterCount}
                      </Badge>
                    ) : undefined
                  }
                  onClick={() => drawer.open(true)}
                  aria-label={filterCount > 0 ? `Filters, ${filterCount} applied` : 'Filters'}
                >
                  Filters
                </Button>
                <NativeSelect
                  label="Sort by"
                  className={classes.sort}
                  value={filters.sort ?? 'recommended'}
                  onChange={(event) => {
                    const sort = event.currentTarget.value as TourSort;
                    onChange({ ...filters, sort: sort === 'recommended' ? undefined : sort });
                  }}
                  data={Object.entries(tourSorts).map(([value, label]) => ({ value, label }))}
                />
              </div>
            </div>

            {tours.isPending ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label="Loading tours">
                {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                  <TourCardSkeleton key={index} />
                ))}
              </SimpleGrid>
            ) : tours.isError ? (
              <LoadError what="our tours" onRetry={() => tours.refetch()} retrying={tours.isFetching} />
            ) : count === 0 ? (
              <EmptyNotice
                icon={<IconMapSearch size={28} />}
                title="No tours match these filters"
                description="Try fewer filters or other words. Or tell us what you have in mind: we plan tailor-made trips on any dates."
              >
                <Button onClick={() => onChange({ sort: filters.sort })} radius="xl">
                  Clear search and filters
                </Button>
                <Button component={Link} to={planTripPath} variant="default" radius="xl">
                  Plan a tailor-made trip
                </Button>
              </EmptyNotice>
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2 }}
                spacing="lg"
                className={classes.grid}
                data-refreshing={tours.isPlaceholderData || undefined}
                aria-busy={tours.isPlaceholderData}
              >
                {tours.data.map((tour, index) => (
                  <TourCard key={tour.id} tour={tour} today={today} eager={index < 2} />
                ))}
              </SimpleGrid>
            )}
          </section>
        </div>

        <DeferredOverlay overlay={drawer}>
          <FiltersDrawer opened={drawer.shown !== null} onClose={drawer.close} className={classes.drawer}>
            <TourFilters filters={filters} options={filterOptions} onChange={onChange} />
            <Button fullWidth mt="lg" onClick={drawer.close}>
              {tours.isPlaceholderData ? 'Finding tours…' : `Show ${count} ${count === 1 ? 'tour' : 'tours'}`}
            </Button>
          </FiltersDrawer>
        </DeferredOverlay>
      </Container>
    </>
  );
}
