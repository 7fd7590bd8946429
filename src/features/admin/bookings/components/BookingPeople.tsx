import { Badge, Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMessages, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { ReasonField } from '@/components/admin/ReasonField.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { TravelerDetailsForm } from '@/components/widgets/TravelerDetailsForm.tsx';
import { detailLines, detailsOf, type TravelerDetails } from '@/lib/traveler-details.ts';
import { bookingConversationQuery, bookingKeys, updateBookingTravelers, updateTravelerDetails, type BookingDetail } from '../api.ts';
import { conversationsOf, travelerRowProblems, travelerRows, travelersToSave, type TravelerRow } from '../model.ts';

type StoredTraveler = Record<string, unknown>;
const storedTravelers = (booking: BookingDetail) => (Array.isArray(booking.travelers) ? (booking.travelers as StoredTraveler[]) : []);

/** Corrects names, ages, nationalities and passports; the reason goes into the History. */
function EditTravelers({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const previous = storedTravelers(booking);
  const [rows, setRows] = useState<TravelerRow[]>(() => travelerRows(previous, booking.adults + booking.children));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof travelerRowProblems>>({ rows: {} });
  useUnsavedEdits({ rows, reason: reason.trim() });
  const save = useMutation({
    mutationFn: () => updateBookingTravelers(booking.id, travelersToSave(rows, previous), reason.trim()),
    onSuccess: async () => {
      notify.success('Travelers saved');
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      onClose();
    },
    onError: (error: Error) => setProblems({ rows: {}, reason: error.message }),
  });
  const set = (index: number, patch: Partial<TravelerRow>) => setRows((current) => current.map((row, n) => (n === index ? { ...row, ...patch } : row)));
  return (
    <form
      aria-label="Edit travelers"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = travelerRowProblems(rows, reason);
        setProblems(found);
        if (Object.keys(found.rows).length === 0 && !found.reason) save.mutate();
      }}
    >
      <Stack gap="md">
        {rows.map((row, index) => (
          <Grid key={index} gap="xs" align="flex-start">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={`Traveler ${index + 1}: full name`} value={row.full_name} maxLength={200} onChange={(event) => set(index, { full_name: event.currentTarget.value })} error={problems.rows[index]} />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <TextInput label="Age" inputMode="numeric" value={row.age} maxLength={3} onChange={(event) => set(index, { age: event.currentTarget.value })} />
            </Grid.Col>
            <Grid.Col span={{ base: 8, sm: 5 }}>
              <TextInput label="Nationality" value={row.nationality} maxLength={100} onChange={(event) => set(index, { nationality: event.currentTarget.value })} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }} offset={{ base: 0, sm: 0 }}>
              <TextInput label="Passport number" value={row.passport_number} maxLength={40} onChange={(event) => set(index, { passport_number: event.currentTarget.value })} />
            </Grid.Col>
          </Grid>
        ))}
        <ReasonField label="Reason for the change" value={reason} onChange={setReason} error={problems.reason} example="Names from the passports the client sent" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep as it was
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save travelers
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A traveler's name as the list shows it: their own, else their seat's number. */
const travelerLabel = (traveler: StoredTraveler | undefined, index: number) => String(traveler?.full_name ?? traveler?.name ?? `Traveler ${index + 1}`);

/** The travelers as booked with their details for the trip, and (for booking staff) both corrected. */
/** The shared details form, its edits counted by the modal it is in. */
function TravelerDetailsEdit(props: Omit<Parameters<typeof TravelerDetailsForm>[0], 'onEdit'>) {
  const [details, setDetails] = useState<TravelerDetails>(() => detailsOf(props.entry));
  useUnsavedEdits(details);
  return <TravelerDetailsForm {...props} onEdit={setDetails} />;
}

export function BookingTravelers({ booking, canWrite }: { booking: BookingDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const travelers = storedTravelers(booking);
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  const party = booking.adults + booking.children;
  const named = travelers.some((traveler) => traveler.full_name || traveler.name);
  return (
    <Stack gap="xs">
      {!named && (
        <Text c="dimmed" size="sm">
          {booking.adults} adult{booking.adults === 1 ? '' : 's'}
          {booking.children ? `, ${booking.children} child${booking.children === 1 ? '' : 'ren'}` : ''}; names not given yet.
        </Text>
      )}
      {(named || travelers.length > 0 || (canWrite && open)) && (
        <Stack gap={6} data-testid="travelers">
          {Array.from({ length: Math.max(party, travelers.length) }, (_, index) => {
            const traveler = travelers[index];
            const details = detailLines(traveler);
            return (
              <Group key={index} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm">
                    {travelerLabel(traveler, index)}
                    {traveler?.nationality ? ` · ${String(traveler.nationality)}` : ''}
                    {traveler?.age !== undefined && traveler.age !== '' ? ` · ${String(traveler.age)}` : ''}
                    {traveler?.passport_number ? ` · passport ${String(traveler.passport_number)}` : ''}
                  </Text>
                  {details.map((line) => (
                    <Text key={line} size="xs" c="dimmed">
                      {line}
                    </Text>
                  ))}
                </Stack>
                {canWrite && open && index < party && (
                  <Button size="compact-sm" variant="subtle" onClick={() => setDetailsOf(index)} aria-label={`Details of ${travelerLabel(traveler, index)}`}>
                    Details
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {canWrite && open && (
        <Group>
          <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Edit travelers
          </Button>
        </Group>
      )}
      <FormModal opened={editing} onClose={() => setEditing(false)} title="Travelers" size="lg" centered>
        {editing && <EditTravelers booking={booking} onClose={() => setEditing(false)} />}
      </FormModal>
      <FormModal opened={detailsOf !== null} onClose={() => setDetailsOf(null)} title={detailsOf === null ? '' : `Details of ${travelerLabel(travelers[detailsOf], detailsOf)}`} size="lg" centered>
        {detailsOf !== null && (
          <TravelerDetailsEdit
            entry={travelers[detailsOf]}
            askName={false}
            onCancel={() => setDetailsOf(null)}
            onSave={async (details) => {
              await updateTravelerDetails(booking.id, detailsOf, details);
              notify.success('Details saved');
              await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
              setDetailsOf(null);
            }}
          />
        )}
      </FormModal>
    </Stack>
  );
}

/** The traveler's conversations with the office: this booking's first, each opening in the inbox. */
export function BookingConversation({ booking }: { booking: BookingDetail }) {
  const { data, isPending, error } = useQuery(bookingConversationQuery(booking));
  if (isPending) return <Text size="sm" c="dimmed">Loading the conversation…</Text>;
  if (error) return <Text size="sm" c="red">{error.message}</Text>;
  const threads = conversationsOf(data, booking.id);
  if (threads.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {booking.user_id ? 'No message from this traveler yet.' : 'A guest booking: the traveler writes by email until they have an account.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="conversation">
      {threads.slice(0, 5).map((thread) => (
        <Stack key={thread.threadId} gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <AnchorLink to="/admin/messages" search={{ thread: thread.threadId }} size="sm" fw={500}>
              {thread.subject ?? 'Conversation'}
            </AnchorLink>
            {thread.waiting && (
              <Badge size="xs" color="orange" variant="light">
                Waiting for us
              </Badge>
            )}
          </Group>
          <Text size="sm" lineClamp={2}>
            {thread.last.sender === 'staff' ? 'Us: ' : ''}
            {thread.last.body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatOfficeDateTime(thread.last.created_at)} · {thread.count} message{thread.count === 1 ? '' : 's'}
            {thread.about ? ' · about this booking' : ''}
          </Text>
        </Stack>
      ))}
      {booking.user_id && (
        <AnchorLink to="/admin/messages" size="xs" c="dimmed">
          <Group gap={4} component="span">
            <IconMessages size={12} /> All conversations in the inbox
          </Group>
        </AnchorLink>
      )}
    </Stack>
  );
}
