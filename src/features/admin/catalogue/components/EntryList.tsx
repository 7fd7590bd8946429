import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSortableList } from '@/components/admin/useSortableList.ts';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { matchesWords } from '@/lib/match-words.ts';
import { notify } from '@/lib/notify.ts';
import { catalogueKeys, entriesQuery, reorderDestinations, type EntryListRow } from '../api.ts';
import { ENTRY_SPECS, type EntryKind } from '../entries.ts';
import { moveDay } from '../model.ts';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const newPath = { destination: '/admin/destinations/new', experience: '/admin/experiences/new', activity: '/admin/activities/new' } as const;
const entryPath = { destination: '/admin/destinations/$entryId', experience: '/admin/experiences/$entryId', activity: '/admin/activities/$entryId' } as const;
const descriptions: Record<EntryKind, string> = {
  destination: 'The parks and places the tours go to, in the order the site lists them: drag one by its handle, or use the arrows.',
  experience: 'The kinds of trip the site offers beside its tours.',
  activity: 'What travelers do on the tours: game drives, walks, balloon flights.',
};

function EntryRow({ kind, entry, index, count, orderable, onMove }: { kind: EntryKind; entry: EntryListRow; index: number; count: number; orderable: boolean; onMove: (to: number) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id, disabled: !orderable });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="xs"
      role="listitem"
      aria-label={entry.name}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {orderable && (
            <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" size="lg" aria-label={`Drag ${entry.name}`} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners}>
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          <Stack gap={0} miw={0}>
            <AnchorLink to={entryPath[kind]} params={{ entryId: entry.id }} fw={600} size="sm">
              {entry.name}
            </AnchorLink>
            <Text size="xs" c="dimmed" truncate="end">
              {[entry.detail, `${entry.tours} ${entry.tours === 1 ? 'tour' : 'tours'}`].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {!entry.is_published && (
            <Badge color="gray" variant="light">
              Not on the site
            </Badge>
          )}
          {orderable && (
            <>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${entry.name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${entry.name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                <IconArrowDown size={18} />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * /admin/destinations, /admin/experiences, /admin/activities: each entry with the tours it is on.
 * Destinations are listed by the site in this order: a move is saved at once, undone if it fails.
 */
export function EntryList({ kind }: { kind: EntryKind }) {
  const spec = ENTRY_SPECS[kind];
  const queryClient = useQueryClient();
  const entries = useQuery(entriesQuery(spec));
  const [words, setWords] = useState('');
  const orderable = kind === 'destination' && words.trim() === '';
  const key = entriesQuery(spec).queryKey;
  const reorder = useMutation({
    mutationFn: (next: EntryListRow[]) => reorderDestinations(next.map((entry) => entry.id)),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EntryListRow[]>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (error: Error, _next, context) => {
      // The order on screen goes back to the site's.
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notify.error(`The new order was not saved and is undone: ${error.message}`);
    },
    onSuccess: () => notify.success('Order saved: the site lists the destinations so'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
  const list = entries.data ?? [];
  const move = (from: number, to: number) => reorder.mutate(moveDay(list, from, to));
  const sortable = useSortableList({
    items: list,
    idOf: (entry) => entry.id,
    nameOf: (entry) => entry.name,
    words: { place: (position) => `number ${position}`, nowhere: 'the list', instructions: 'To move this destination, press Space, then the arrow keys, then Space again to drop it.' },
    onMove: move,
  });
  const shown = list.filter((entry) => matchesWords(words, [entry.name, entry.slug, entry.detail]));

  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={capitalised(spec.plural)}
        description={descriptions[kind]}
        actions={
          <ButtonLink to={newPath[kind]} leftSection={<IconPlus size={16} />}>
            New {spec.kind}
          </ButtonLink>
        }
      />
      <TextInput aria-label={`Search ${spec.plural}`} placeholder="Name or address" leftSection={<IconSearch size={16} />} value={words} onChange={(event) => setWords(event.currentTarget.value)} maw={420} />
      {entries.isPending && <Loader aria-label={`Loading the ${spec.plural}`} />}
      {entries.error && (
        <Alert color="red" role="alert">
          {entries.error.message}
        </Alert>
      )}
      {entries.data && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {words ? 'Nothing matches these words.' : `No ${spec.kind} yet: add the first one.`}
        </Text>
      )}
      <DndContext {...sortable}>
        <SortableContext items={shown.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={6} role="list" aria-label={capitalised(spec.plural)}>
            {shown.map((entry, index) => (
              <EntryRow key={entry.id} kind={kind} entry={entry} index={index} count={shown.length} orderable={orderable} onMove={(to) => move(index, to)} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
