import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconRowInsertBottom, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSortableList } from '@/components/admin/useSortableList.ts';
import { Section } from '@/components/admin/Section.tsx';
import { DraftKept, DraftOffer, useDeviceDraft } from '@/components/admin/DeviceDraft.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { notify } from '@/lib/notify.ts';
import { catalogueChoicesQuery, catalogueKeys, saveItinerary, type TourWithParts } from '../api.ts';
import { dayDraftOf, dayProblems, MEALS, moveDay, newDay, TRAVEL_MODES, type DayDraft, type DayProblems } from '../model.ts';

interface DayCardProps {
  day: DayDraft;
  index: number;
  count: number;
  problems: DayProblems;
  destinations: { value: string; label: string }[];
  onChange: (patch: Partial<DayDraft>) => void;
  onMove: (to: number) => void;
  onInsertAfter: () => void;
  onRemove: () => void;
}

/** One day: dragged by its handle (mouse, touch, or Space and the arrow keys), or moved with its buttons. */
function DayCard({ day, index, count, problems, destinations, onChange, onMove, onInsertAfter, onRemove }: DayCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: day.key });
  const number = index + 1;
  const name = day.title.trim() || `day ${number}`;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="md"
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined }}
      aria-label={`Day ${number}`}
      data-testid="itinerary-day"
    >
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Drag ${name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
          <Title order={3} size="h5">
            Day {number}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <IconArrowUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <IconArrowDown size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Insert a day after this one">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Insert a day after ${name}`} onClick={onInsertAfter}>
              <IconRowInsertBottom size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove this day">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Stack gap="sm">
        <TextInput id={`day-${number}-title`} label="Title" withAsterisk maxLength={120} placeholder="Arusha to the Serengeti" value={day.title} onChange={(event) => onChange({ title: event.currentTarget.value })} error={problems.title} />
        <Textarea label="What happens" autosize minRows={2} maxLength={4000} value={day.description} onChange={(event) => onChange({ description: event.currentTarget.value })} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Select label="Destination" placeholder="None" clearable searchable data={destinations} value={day.destinationId} onChange={(destinationId) => onChange({ destinationId })} />
          <TextInput label="Place" description="Where the destination is not precise enough" placeholder="Central Serengeti" maxLength={120} value={day.location} onChange={(event) => onChange({ location: event.currentTarget.value })} />
          <TextInput id={`day-${number}-accommodation`} label="Accommodation" placeholder="Serengeti Tented Camp" maxLength={160} value={day.accommodation} onChange={(event) => onChange({ accommodation: event.currentTarget.value })} />
          <TextInput label="Room basis" placeholder="Double tent" maxLength={80} value={day.roomBasis} onChange={(event) => onChange({ roomBasis: event.currentTarget.value })} />
          <Select label="Travel" placeholder="None" clearable data={[...TRAVEL_MODES]} value={day.travelMode} onChange={(travelMode) => onChange({ travelMode })} />
          <NumberInput clampBehavior="none" label="Travel time" rightSection="min" rightSectionWidth={40} min={0} max={1440} allowDecimal={false} value={day.travelMinutes} onChange={(travelMinutes) => onChange({ travelMinutes })} error={problems.travelMinutes} />
          <Textarea label="Activities" description="One per line" autosize minRows={1} value={day.activities} onChange={(event) => onChange({ activities: event.currentTarget.value })} />
        </SimpleGrid>
        {/* Checkboxes, not small pills: whether a meal is included is read at a glance and set by touch. */}
        <Checkbox.Group label="Meals" value={day.meals} onChange={(meals) => onChange({ meals: MEALS.filter((meal) => meals.includes(meal)) })}>
          <Group gap="lg" mt={6} id={`day-${number}-meals`} role="group" aria-label={`Meals of day ${number}`}>
            {MEALS.map((meal) => (
              <Checkbox key={meal} value={meal} label={meal} size="md" />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}

const dayOfHint = (hint: string | undefined) => /^day:(\d+):(title|travel_minutes)$/.exec(hint ?? '');

/**
 * The Itinerary tab: the tour day by day. A move (drag, keyboard or buttons) is saved at once and
 * undone on screen if the save fails; other edits are saved with the button. Saving makes the
 * tour last as many days as its itinerary, a night fewer.
 */
export function ItineraryEditor({ tour, userId }: { tour: TourWithParts; userId: string }) {
  const queryClient = useQueryClient();
  const choices = useQuery(catalogueChoicesQuery());
  const [days, setDays] = useState<DayDraft[]>(() => tour.tour_itinerary.map(dayDraftOf));
  const [problems, setProblems] = useState<Record<string, DayProblems>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  // Leaving without saving takes the device's draft with it.
  const edits = useUnsavedEdits(days, { discard: () => void draft.drop() });
  const draft = useDeviceDraft({
    userId,
    kind: 'itinerary',
    recordId: tour.id,
    version: tour.updated_at,
    values: days,
    saved: edits.saved,
    enabled: true,
    // Days added in the draft get keys of their own, so none repeats a day added since.
    restore: (kept) => change(kept.map((day) => (day.id ? day : { ...day, key: crypto.randomUUID() }))),
  });
  const daysRef = useRef(days);
  daysRef.current = days;
  const problemsOf = (list: DayDraft[]) => Object.fromEntries(list.map((day) => [day.key, dayProblems(day)]).filter(([, found]) => Object.keys(found).length > 0));

  const save = useMutation({
    mutationFn: ({ next }: { next: DayDraft[]; previous: DayDraft[] | null }) => saveItinerary(tour.id, next),
    onSuccess: async (ids, { next }) => {
      // Days added since the last save now have ids: later saves update them rather than add them again.
      const withIds = (list: DayDraft[]) => list.map((day) => ({ ...day, id: ids[next.findIndex((sent) => sent.key === day.key)] ?? day.id }));
      setDays(withIds);
      edits.markSaved(withIds(next));
      await draft.drop();
      notify.success(`Itinerary saved: ${ids.length} ${ids.length === 1 ? 'day' : 'days'}`);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
    onError: (error: Error & { hint?: string }, { next, previous }) => {
      if (previous) {
        // A move that did not save is undone, so the screen shows what the site has.
        setDays(previous);
        notify.error(`The move was not saved and is undone: ${error.message}`);
        return;
      }
      const match = dayOfHint(error.hint);
      const day = match ? next[Number(match[1]) - 1] : undefined;
      if (day) setProblems({ [day.key]: { [match![2] === 'title' ? 'title' : 'travelMinutes']: error.message } });
      else setFormProblem(error.message);
    },
  });

  const change = (next: DayDraft[]) => {
    setDays(next);
    setProblems({});
    setFormProblem(null);
  };
  const move = (from: number, to: number) => {
    const previous = daysRef.current;
    const next = moveDay(previous, from, to);
    change(next);
    // Saved at once when every day can be; otherwise it waits for the button with the rest.
    if (Object.keys(problemsOf(next)).length === 0) save.mutate({ next, previous });
  };
  const sortable = useSortableList({
    items: days,
    idOf: (day) => day.key,
    nameOf: (day, index) => day.title.trim() || `Day ${index + 1}`,
    words: { place: (position) => `day ${position}`, nowhere: 'a day', instructions: 'To move this day, press Space, then the arrow keys, then Space again to drop it.' },
    onMove: move,
  });

  return (
    <Section
      title="Itinerary"
      description="Drag a day by its handle, or focus the handle and use Space and the arrow keys, or the arrows beside it. A new day starts at the lodge of the night before."
      action={
        <Button variant="light" leftSection={<IconPlus size={16} />} id="add-day" onClick={() => change([...days, newDay(days.at(-1) ?? null)])}>
          Add a day
        </Button>
      }
    >
      <DraftOffer draft={draft} record="itinerary" mb="md" />
      <form
        aria-label="Itinerary"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = problemsOf(days);
          setProblems(found);
          if (Object.keys(found).length === 0) save.mutate({ next: days, previous: null });
        }}
      >
        {days.length === 0 ? (
          <Text size="sm" c="dimmed" mb="md">
            No day yet: add the first one.
          </Text>
        ) : (
          <DndContext {...sortable}>
            <SortableContext items={days.map((day) => day.key)} strategy={verticalListSortingStrategy}>
              <Stack gap="sm">
                {days.map((day, index) => (
                  <DayCard
                    key={day.key}
                    day={day}
                    index={index}
                    count={days.length}
                    problems={problems[day.key] ?? {}}
                    destinations={choices.data?.destinations ?? []}
                    onChange={(patch) => change(days.map((other) => (other.key === day.key ? { ...other, ...patch } : other)))}
                    onMove={(to) => move(index, to)}
                    onInsertAfter={() => change([...days.slice(0, index + 1), newDay(day), ...days.slice(index + 1)])}
                    onRemove={() => change(days.filter((other) => other.key !== day.key))}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
        {formProblem && (
          <Alert color="red" mt="sm" role="alert">
            {formProblem}
          </Alert>
        )}
        <Group justify="space-between" mt="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {days.length} {days.length === 1 ? 'day' : 'days'}, {Math.max(days.length - 1, 0)} {days.length - 1 === 1 ? 'night' : 'nights'}
              {edits.dirty ? ' · not saved yet' : ''}
            </Text>
            <DraftKept keptAt={draft.keptAt} />
          </Stack>
          <Button type="submit" loading={save.isPending && save.variables?.previous === null}>
            Save itinerary
          </Button>
        </Group>
      </form>
    </Section>
  );
}
