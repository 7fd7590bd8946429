import '@mantine/spotlight/styles.css';
import { Spotlight, type SpotlightActionData, type SpotlightActionGroupData, type SpotlightFilterFunction } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMap2, IconSearch, IconTicket, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminScreen } from './navigation.ts';

/** A record the palette found: a booking, a client or a tour, and where opening it goes. */
export interface PaletteRecord {
  kind: 'booking' | 'client' | 'tour';
  id: string;
  label: string;
  description: string;
  to: string;
}

const recordIcon = { booking: IconTicket, client: IconUser, tour: IconMap2 };
const recordGroup = { booking: 'Bookings', client: 'Clients', tour: 'Tours' };

/** Screens match by name, group or keyword; records found by the database are kept as they are. */
const matchScreensKeepRecords: SpotlightFilterFunction = (query, groups) => {
  const words = query.trim().toLowerCase();
  return (groups as SpotlightActionGroupData[])
    .map((group) => ({
      ...group,
      actions: group.actions.filter((action) => {
        if (action.id.startsWith('record:') || words === '') return true;
        return [action.label, action.description, ...(action.keywords ?? [])].join(' ').toLowerCase().includes(words);
      }),
    }))
    .filter((group) => group.actions.length > 0);
};

/**
 * Ctrl+K (Cmd+K on a Mac): jump to any screen the role may open, or find a booking by reference or
 * client name, a client by name or email, a tour by title. Off in Safe Mode, where the back office
 * runs with the essentials only.
 */
export function CommandPalette({
  screens,
  onOpen,
  findRecords,
}: {
  screens: AdminScreen[];
  onOpen: (to: string) => void;
  findRecords?: (query: string) => Promise<PaletteRecord[]>;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const records = useQuery({
    queryKey: ['admin', 'palette', debounced],
    queryFn: () => findRecords!(debounced),
    enabled: Boolean(findRecords) && debounced.length >= 2,
    staleTime: 30_000,
  });
  const screenActions: SpotlightActionData[] = screens.map((screen) => ({
    id: screen.to,
    label: screen.label,
    description: screen.group,
    keywords: screen.keywords,
    leftSection: <screen.icon size={20} stroke={1.6} />,
    onClick: () => onOpen(screen.to),
  }));
  const found = debounced.length >= 2 ? (records.data ?? []) : [];
  const recordActions = (kind: PaletteRecord['kind']): SpotlightActionData[] => found.filter((record) => record.kind === kind).map((record) => {
    const Icon = recordIcon[record.kind];
    return {
      id: `record:${record.kind}:${record.id}`,
      label: record.label,
      description: record.description,
      leftSection: <Icon size={20} stroke={1.6} />,
      onClick: () => onOpen(record.to),
    };
  });
  return (
    <Spotlight
      actions={[
        { group: 'Screens', actions: screenActions },
        ...(['booking', 'client', 'tour'] as const).map((kind) => ({ group: recordGroup[kind], actions: recordActions(kind) })),
      ]}
      query={query}
      onQueryChange={setQuery}
      filter={matchScreensKeepRecords}
      shortcut={['mod + K']}
      // Ctrl+K is the office's search wherever the cursor is, a text box included (it types nothing there).
      tagsToIgnore={[]}
      triggerOnContentEditable
      nothingFound={records.isFetching ? 'Searching…' : 'Nothing found'}
      highlightQuery
      limit={20}
      searchProps={{ leftSection: <IconSearch size={18} stroke={1.6} />, placeholder: 'Go to a screen, or find a booking, client or tour…', 'aria-label': 'Go to a screen' }}
    />
  );
}
