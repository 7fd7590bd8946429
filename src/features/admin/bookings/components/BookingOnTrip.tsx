import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Section } from '@/components/admin/Section.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { bookingFieldNotesQuery, bookingKeys, saveBookingPickup, type BookingDetail } from '../api.ts';

/** Where and when the trip collects the travelers, edited in place by booking staff. */
function Pickup({ booking, canWrite }: { booking: BookingDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [pickup, setPickup] = useState(booking.pickup ?? '');
  const [time, setTime] = useState(booking.pickup_time?.slice(0, 5) ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const edits = useUnsavedEdits({ pickup, time }, { enabled: editing });
  const save = useMutation({
    mutationFn: (sent: { pickup: string; time: string }) => saveBookingPickup(booking.id, sent.pickup, sent.time),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      notify.success(sent.pickup.trim() ? 'Pickup saved' : 'Pickup removed');
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      setEditing(false);
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  if (!editing) {
    return (
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" data-testid="pickup">
          {booking.pickup ? (
            <>
              Pickup: <b>{booking.pickup}</b>
              {booking.pickup_time ? ` at ${booking.pickup_time.slice(0, 5)}` : ''}
            </>
          ) : (
            <Text span c="dimmed">
              No pickup: the travelers meet the trip where it starts.
            </Text>
          )}
        </Text>
        {canWrite && open && (
          <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)} aria-label={booking.pickup ? 'Change pickup' : 'Add pickup'} style={{ flexShrink: 0 }}>
            {booking.pickup ? 'Change' : 'Add pickup'}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <form
      aria-label="Pickup"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (pickup.trim().length > 200) return setProblem('The pickup point is up to 200 characters');
        if (!pickup.trim() && time) return setProblem('Give the pickup point for the pickup time');
        save.mutate({ pickup, time });
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start" gap="xs">
          <TextInput
            label="Pickup point or hotel"
            placeholder="Mount Meru Hotel, Arusha"
            maxLength={200}
            value={pickup}
            onChange={(event) => {
              setPickup(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            style={{ flexGrow: 3 }}
          />
          <TextInput label="Time" type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setEditing(false)}>
            Keep as it was
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save pickup
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The notes the guides wrote in field mode about this booking, or about its whole trip. */
function FieldNotes({ booking }: { booking: BookingDetail }) {
  const notes = useQuery(bookingFieldNotesQuery(booking));
  if (!notes.data || notes.data.length === 0) return null;
  return (
    <Stack gap={4} data-testid="booking-field-notes">
      <Text size="sm" fw={600}>
        Field notes
      </Text>
      {notes.data.map((note) => (
        <Text key={note.id} size="sm">
          {note.note}
          <Text span size="xs" c="dimmed">
            {' '}
            · {note.booking_id ? '' : 'the whole trip, '}
            {formatOfficeDateTime(note.occurred_at)}
            {note.writer ? `, ${note.writer}` : ''}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** The booking on its trip: the pickup, and what the guides noted in the field. */
export function BookingOnTrip({ booking, canWrite }: { booking: BookingDetail; canWrite: boolean }) {
  return (
    <Section title="On the trip">
      <Stack gap="sm">
        <Pickup booking={booking} canWrite={canWrite} />
        <FieldNotes booking={booking} />
      </Stack>
    </Section>
  );
}
