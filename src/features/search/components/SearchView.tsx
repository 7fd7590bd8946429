import { Badge, Button, Chip, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { track } from '@/lib/analytics.ts';
import { Picture } from '@/components/widgets/Picture.tsx';
import { searchQuery } from '../api.ts';
import { MAX_QUERY, SEARCH_TYPES, type SearchResult, type SearchType } from '../model.ts';
import classes from './SearchView.module.css';

const SUGGESTIONS = ['Serengeti', 'Kilimanjaro', 'Zanzibar', 'Great Migration', 'Ngorongoro', 'Honeymoon'];
const planningPath: string = '/start-planning';
const contactPath: string = '/contact';

function ResultRow({ result }: { result: SearchResult }) {
  const label = SEARCH_TYPES.find((type) => type.type === result.type)!.label;
  return (
    <li className={classes.result} data-testid="search-result" data-type={result.type}>
      <div className={classes.thumb}>{result.imageUrl && <Picture src={result.imageUrl} sizes="6.5rem" alt="" loading="lazy" decoding="async" width={160} height={120} />}</div>
      <div className={classes.text}>
        <Badge variant="light" size="sm" radius="sm">
          {label}
        </Badge>
        <h3 className={classes.title}>
          <Link to={result.href} className={classes.link}>
            {result.title}
          </Link>
        </h3>
        {result.meta && (
          <Text size="sm" fw={500}>
            {result.meta}
          </Text>
        )}
        {result.snippet && (
          <Text size="sm" c="dimmed" className={classes.snippet}>
            {result.snippet}
          </Text>
        )}
      </div>
    </li>
  );
}

function Suggestions({ onPick }: { onPick: (query: string) => void }) {
  return (
    <Group gap="xs" justify="center">
      {SUGGESTIONS.map((suggestion) => (
        <Button key={suggestion} variant="default" radius="xl" size="sm" onClick={() => onPick(suggestion)}>
          {suggestion}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The site search: a box, and tours, destinations, experiences and stories in one list, labelled
 * by kind and filterable by it. The query lives in the URL (?q=) so results can be shared.
 */
export function SearchView({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [draft, setDraft] = useState(query);
  const [only, setOnly] = useState<SearchType | 'all'>('all');
  const results = useQuery(searchQuery(query));

  useEffect(() => {
    setDraft(query);
    setOnly('all');
  }, [query]);

  useEffect(() => {
    if (results.isSuccess && query) track('search', { query, results: results.data.length });
  }, [results.isSuccess, results.data, query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  const counts = new Map<SearchType, number>();
  for (const result of results.data ?? []) counts.set(result.type, (counts.get(result.type) ?? 0) + 1);
  const shown = (results.data ?? []).filter((result) => only === 'all' || result.type === only);

  return (
    <Stack gap="xl">
      <form role="search" onSubmit={submit} className={classes.form}>
        <TextInput
          type="search"
          name="q"
          size="lg"
          radius="xl"
          label="Search the site"
          labelProps={{ className: classes.visuallyHidden }}
          placeholder="Try Serengeti"
          leftSection={<IconSearch size={20} />}
          maxLength={MAX_QUERY}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          rightSectionWidth={110}
          rightSection={
            <Button type="submit" radius="xl" size="sm">
              Search
            </Button>
          }
        />
      </form>

      {!query ? (
        <EmptyNotice icon={<IconSearch size={28} />} title="What are you dreaming of?" description="Search tours, destinations, experiences and our stories. Or start with one of these:">
          <Suggestions onPick={onSearch} />
        </EmptyNotice>
      ) : results.isPending ? (
        <Stack gap="lg" aria-busy="true" aria-label="Searching">
          {Array.from({ length: 4 }, (_, index) => (
            <Group key={index} gap="md" wrap="nowrap" align="flex-start">
              <Skeleton width={120} height={90} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={14} width={70} />
                <Skeleton height={20} width="70%" />
                <Skeleton height={14} width="90%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : results.isError ? (
        <LoadError what="search results" onRetry={() => results.refetch()} retrying={results.isFetching} />
      ) : results.data.length === 0 ? (
        <EmptyNotice
          icon={<IconMoodEmpty size={28} />}
          title={`Nothing found for “${query}”`}
          description="Check the spelling, try a broader word (a park, a mountain, an animal), or pick a popular search. Our planners can also find it for you."
        >
          <Stack gap="md" align="center">
            <Suggestions onPick={onSearch} />
            <Group gap="sm" justify="center">
              <Button component={Link} to={planningPath} radius="xl">
                Plan a tailor-made trip
              </Button>
              <Button component={Link} to={contactPath} variant="default" radius="xl">
                Ask our team
              </Button>
            </Group>
          </Stack>
        </EmptyNotice>
      ) : (
        <section aria-labelledby="results-heading">
          <Title order={2} size="h4" id="results-heading" aria-live="polite">
            {results.data.length} result{results.data.length === 1 ? '' : 's'} for “{query}”
          </Title>
          <Chip.Group value={only} onChange={(value) => setOnly(value as SearchType | 'all')}>
            <Group gap="xs" mt="md" role="group" aria-label="Show">
              <Chip value="all" radius="xl">
                All ({results.data.length})
              </Chip>
              {SEARCH_TYPES.filter(({ type }) => counts.has(type)).map(({ type, plural }) => (
                <Chip key={type} value={type} radius="xl">
                  {plural} ({counts.get(type)})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <ul className={classes.list}>
            {shown.map((result) => (
              <ResultRow key={`${result.type}:${result.id}`} result={result} />
            ))}
          </ul>
        </section>
      )}
    </Stack>
  );
}
