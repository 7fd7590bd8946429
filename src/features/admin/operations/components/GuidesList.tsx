import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { RecordTable } from '@/components/admin/RecordTable.tsx';
import { officeToday } from '@/lib/dates.ts';
import { guidesQuery, type GuideWithRecords } from '../api.ts';
import { firstLapsingLicence } from '../model.ts';
import { matchesWords } from '@/lib/match-words.ts';
import type { RosterSearch } from '../search.ts';
import { DueBadge } from './DueBadge.tsx';
import { NextTripCell, TodayCell } from './RosterCells.tsx';
import { RosterFilters } from './RosterFilters.tsx';

const tripsOf = (guide: GuideWithRecords) => guide.departure_guides.map((row) => row.tour_departures);

/** /admin/guides: the guides, their languages, licences and what they do today, found by name or language. */
export function GuidesList({ search, onSearchChange, canWrite }: { search: RosterSearch; onSearchChange: (next: Partial<RosterSearch>) => void; canWrite: boolean }) {
  const navigate = useNavigate();
  const guides = useQuery(guidesQuery());
  const today = officeToday();
  const shown = (guides.data ?? []).filter(
    (guide) => (search.inactive === 1 || guide.active) && matchesWords(search.q, [guide.full_name, guide.email, guide.phone, ...guide.languages]),
  );

  const columns: DataTableColumn<GuideWithRecords>[] = [
    {
      accessor: 'full_name',
      title: 'Guide',
      render: (guide) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {guide.full_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[guide.phone, guide.user_id ? 'Has an account' : null].filter(Boolean).join(' · ') || 'No phone'}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'languages',
      title: 'Languages',
      render: (guide) => (
        <Group gap={4}>
          {guide.languages.map((language) => (
            <Badge key={language} variant="default" size="sm" style={{ textTransform: 'none' }}>
              {language}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'licence',
      title: 'Licence',
      render: (guide) => {
        const licence = firstLapsingLicence(guide.guide_credentials);
        return licence ? <DueBadge date={licence.expires_on!} today={today} verbs={{ past: 'Expired', future: 'Expires' }} /> : <Text size="sm" c="red.8">No licence on file</Text>;
      },
    },
    {
      accessor: 'today',
      title: 'Today',
      render: (guide) => <TodayCell record={guide} periods={guide.guide_leave} trips={tripsOf(guide)} today={today} awayLabel="On leave" />,
    },
    { accessor: 'next', title: 'Next trip', render: (guide) => <NextTripCell trips={tripsOf(guide)} today={today} /> },
  ];

  return (
    <Stack gap={0} maw={1200}>
      <PageHeader
        title="Guides"
        description="Who leads the trips: languages, licences and leave. A licence that lapses before a trip ends keeps its guide off it."
        actions={
          canWrite && (
            <ButtonLink to="/admin/guides/new" leftSection={<IconPlus size={16} />}>
              Add a guide
            </ButtonLink>
          )
        }
      />
      <RosterFilters search={search} onSearchChange={onSearchChange} label="Search guides" placeholder="Name, phone or language" inactiveLabel="Show guides no longer working" />
      <RecordTable
        label="Guides"
        records={shown}
        columns={columns}
        error={guides.error}
        fetching={guides.isPending}
        empty={search.q ? 'No guide matches these words.' : 'No guide yet: add the first one.'}
        onOpen={(guide) => navigate({ to: '/admin/guides/$guideId', params: { guideId: guide.id } })}
        dimmed={(guide) => !guide.active}
      />
      {!canWrite && (
        <Text size="sm" c="dimmed" mt="sm">
          Only administrators change guides.
        </Text>
      )}
    </Stack>
  );
}
