import { Alert, Anchor, Badge, Button, Grid, Group, Loader, Paper, SegmentedControl, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDate, formatOfficeDateTime, officeToday } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { draftQuote, enquiryKeys, enquiryQuery, enquiryTeamQuery, quoteTourChoicesQuery, updateEnquiry } from '../api.ts';
import { ENQUIRY_KIND_LABELS, firstDraftFor, QUOTE_STATUS_LABELS, STAGE_COLORS, STAGE_LABELS } from '../model.ts';
import { ENQUIRY_STAGES, type EnquiryStage } from '../search.ts';

/** The trip request's answers, as label and value. */
function detailRows(details: unknown): [string, string][] {
  if (!details || typeof details !== 'object') return [];
  const trip = details as Record<string, unknown>;
  const rows: [string, string][] = [];
  if (Array.isArray(trip.destination_names) && trip.destination_names.length) rows.push(['Destinations', trip.destination_names.join(', ')]);
  if (trip.timing === 'dates' && typeof trip.startDate === 'string') rows.push(['Dates', `${trip.startDate} to ${String(trip.endDate ?? '')}`]);
  else if (trip.timing === 'month' && typeof trip.month === 'string') rows.push(['When', trip.month]);
  else if (trip.timing === 'flexible') rows.push(['When', 'Flexible dates']);
  if (typeof trip.adults === 'number') rows.push(['Travelers', `${trip.adults} adults${trip.children ? `, ${String(trip.children)} children` : ''}`]);
  if (typeof trip.budget === 'string') rows.push(['Budget per person', trip.budget]);
  if (Array.isArray(trip.interests) && trip.interests.length) rows.push(['Interests', trip.interests.join(', ')]);
  if (typeof trip.preferred_contact === 'string') rows.push(['Prefers', trip.preferred_contact]);
  if (typeof trip.page === 'string') rows.push(['Page', trip.page]);
  return rows;
}

/** Asks why before an enquiry is marked lost: the reason is kept with it. */
function LostReason({ onConfirm, onClose, busy }: { onConfirm: (reason: string) => void; onClose: () => void; busy: boolean }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits(reason.trim());
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setProblem('Please say why the enquiry was lost');
        if (reason.trim().length > 500) return setProblem('At most 500 characters');
        onConfirm(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Textarea label="Why was it lost?" placeholder="Booked elsewhere, budget, dates…" value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={problem} autosize minRows={2} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it open
          </Button>
          <Button type="submit" color="gray" loading={busy}>
            Mark as lost
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EnquiryDetail({ enquiryId, canWrite }: { enquiryId: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, error, isPending } = useQuery(enquiryQuery(enquiryId));
  const team = useQuery({ ...enquiryTeamQuery(), enabled: canWrite });
  const tours = useQuery({ ...quoteTourChoicesQuery(), enabled: canWrite });
  const [askingLost, setAskingLost] = useState(false);

  const change = useMutation({
    mutationFn: (patch: Parameters<typeof updateEnquiry>[1]) => updateEnquiry(enquiryId, patch),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      setAskingLost(false);
    },
    onError: (failure: Error) => notify.error(failure.message),
  });

  const draft = useMutation({
    mutationFn: () => {
      const enquiry = data!.enquiry;
      const fallback = tours.data?.find((tour) => tour.id === enquiry.tour_id) ?? tours.data?.[0];
      const first = firstDraftFor(enquiry, fallback, officeToday());
      if (!first.tour_id) throw new Error('There is no active tour to build a quote on');
      return draftQuote({ ...first, tour_id: first.tour_id, enquiry_id: enquiry.id });
    },
    onSuccess: async (quoteId) => {
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiryId) });
      await navigate({ to: '/admin/bookings/quotes/$quoteId', params: { quoteId } });
    },
    onError: (failure: Error) => notify.error(failure.message),
  });

  if (isPending) return <Loader aria-label="Loading the enquiry" />;
  if (error) return <Alert color="red">{error.message}</Alert>;
  const { enquiry, quotes } = data;
  const stage = enquiry.status as EnquiryStage;
  const details = detailRows(enquiry.details);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <BackLink to="/admin/bookings/enquiries" search={{ stage }}>Enquiries</BackLink>
          <Title order={1} fz={{ base: 24, md: 28 }}>
            {enquiry.subject || `Enquiry from ${enquiry.name}`}
          </Title>
          <Group gap="xs">
            <Badge color={STAGE_COLORS[stage]} variant="light">
              {STAGE_LABELS[stage]}
            </Badge>
            <Text size="sm" c="dimmed">
              {ENQUIRY_KIND_LABELS[enquiry.kind] ?? enquiry.kind} · received {formatOfficeDateTime(enquiry.created_at)}
            </Text>
          </Group>
        </Stack>
        {canWrite && stage !== 'won' && stage !== 'lost' && (
          <Button leftSection={<IconFilePlus size={16} />} onClick={() => draft.mutate()} loading={draft.isPending} disabled={!tours.data}>
            Draft a quote
          </Button>
        )}
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="xs">
                What they asked
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{enquiry.message || '—'}</Text>
              {details.length > 0 && (
                <Table mt="sm" verticalSpacing={4} data-testid="trip-details">
                  <Table.Tbody>
                    {details.map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Th w={160} fw={500} c="dimmed">
                          {label}
                        </Table.Th>
                        <Table.Td>{value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="xs">
                Quotes
              </Title>
              {quotes.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No quote yet.{canWrite && stage !== 'won' && stage !== 'lost' ? ' Draft one to send the client an itinerary and a price they can accept online.' : ''}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table verticalSpacing="xs" aria-label="Quotes">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Quote</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Valid until</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {quotes.map((quote) => (
                        <Table.Tr key={quote.id}>
                          <Table.Td>
                            <AnchorLink to="/admin/bookings/quotes/$quoteId" params={{ quoteId: quote.id }} ff="monospace" size="sm">
                              {quote.reference}
                            </AnchorLink>
                            <Text size="xs" c="dimmed">
                              {quote.title}
                            </Text>
                          </Table.Td>
                          <Table.Td>{QUOTE_STATUS_LABELS[quote.status] ?? quote.status}</Table.Td>
                          <Table.Td>{formatOfficeDate(quote.valid_until)}</Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {formatMoney(Number(quote.total_amount), quote.currency, { cents: true })}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </Stack>
        </Grid.Col>

        {/* On a tablet the pipeline and the client come first: they are what the screen is opened for. */}
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="xs">
                Client
              </Title>
              <Text fw={500}>{enquiry.name}</Text>
              <Anchor href={`mailto:${enquiry.email}`} size="sm">
                {enquiry.email}
              </Anchor>
              {enquiry.phone && (
                <Text size="sm">
                  <Anchor href={`tel:${enquiry.phone.replace(/\s/g, '')}`}>{enquiry.phone}</Anchor>
                </Text>
              )}
              {enquiry.bookings && (
                <Text size="sm" mt="xs">
                  Booked: <BookingLink id={enquiry.bookings.id} reference={enquiry.bookings.booking_reference} />
                </Text>
              )}
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="xs">
                Pipeline
              </Title>
              <Stack gap="sm">
                <SegmentedControl
                  aria-label="Stage"
                  fullWidth
                  value={stage}
                  disabled={!canWrite || change.isPending}
                  data={ENQUIRY_STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }))}
                  onChange={(value) => {
                    if (value === 'lost') setAskingLost(true);
                    else change.mutate({ status: value as EnquiryStage });
                  }}
                />
                {stage === 'lost' && enquiry.lost_reason && (
                  <Text size="sm" c="dimmed">
                    Lost: {enquiry.lost_reason}
                  </Text>
                )}
                <Select
                  label="Assigned to"
                  placeholder="Nobody yet"
                  clearable
                  disabled={!canWrite || change.isPending}
                  value={enquiry.assigned_to}
                  data={(team.data ?? []).map((member) => ({ value: member.id, label: member.full_name || member.email || 'A member of the team' }))}
                  onChange={(value) => change.mutate({ assigned_to: value })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Text size="xs" c="dimmed">
                  In this stage since {formatOfficeDateTime(enquiry.status_changed_at)}
                </Text>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <FormModal opened={askingLost} onClose={() => setAskingLost(false)} title="Mark the enquiry as lost">
        <LostReason busy={change.isPending} onClose={() => setAskingLost(false)} onConfirm={(reason) => change.mutate({ status: 'lost', lost_reason: reason })} />
      </FormModal>
    </Stack>
  );
}
