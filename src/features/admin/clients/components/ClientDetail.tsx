import { ActionIcon, Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Skeleton, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { BookingStatusBadge } from '@/components/admin/BookingStatusBadge.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { Section } from '@/components/admin/Section.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDate, formatOfficeDateRange, formatOfficeDateTime, officeToday } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { addNote, addTag, clientDetailQuery, clientKeys, exportClient, removeNote, removeTag, type ClientDetail } from '../api.ts';
import { paymentMethodLabel } from '@shared/payment-methods.ts';
import { activityLabel, exportFileName, normalizeTag, noteProblem, paymentStatusLabel } from '../model.ts';
import { ClientKindBadge } from './ClientKindBadge.tsx';
import { EraseClient, MergeClient } from './ClientChanges.tsx';
import { ClientEnquiries } from './ClientEnquiries.tsx';

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} style={tabular} data-testid={`client-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

/** The office's tags on the client: shown as chips, added by typing, removed with their cross. */
function Tags({ client, canWrite }: { client: ClientDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A tag typed and not yet added is an edit too; blanks are not.
  useUnsavedEdits(text.trim());
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: clientKeys.detail(client.client_key) }), queryClient.invalidateQueries({ queryKey: clientKeys.tags })]);
  const add = useMutation({
    mutationFn: (tag: string) => addTag(client.client_key, tag),
    onSuccess: async () => {
      setText('');
      await refresh();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const remove = useMutation({ mutationFn: (tag: string) => removeTag(client.client_key, tag), onSuccess: refresh, onError: (error: Error) => notify.error(error.message) });

  return (
    <Section title="Tags">
      <Stack gap="sm">
        {client.tags.length === 0 ? (
          <Empty>No tag yet. Tags group clients in the list: vip, repeat, honeymoon…</Empty>
        ) : (
          <Group gap={6}>
            {client.tags.map((tag) => (
              <Badge
                key={tag}
                size="lg"
                variant="light"
                tt="none"
                rightSection={
                  canWrite ? (
                    <ActionIcon size="sm" variant="transparent" aria-label={`Remove the tag ${tag}`} onClick={() => remove.mutate(tag)}>
                      <IconX size={14} />
                    </ActionIcon>
                  ) : undefined
                }
              >
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        {canWrite && (
          <form
            noValidate
            aria-label="Add a tag"
            onSubmit={(event) => {
              event.preventDefault();
              const { tag, problem: found } = normalizeTag(text);
              setProblem(found);
              if (tag) add.mutate(tag);
            }}
          >
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label="New tag"
                placeholder="Add a tag"
                value={text}
                maxLength={30}
                error={problem}
                style={{ flex: 1 }}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setProblem(null);
                }}
              />
              <Button type="submit" variant="default" loading={add.isPending}>
                Add
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Section>
  );
}

/** The office's notes on the client, newest first; the client never sees them. */
function Notes({ client, canWrite }: { client: ClientDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits(body.trim());
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(client.client_key) });
  const add = useMutation({
    mutationFn: () => addNote(client.client_key, body),
    onSuccess: async () => {
      setBody('');
      notify.success('Note added');
      await refresh();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const remove = useMutation({ mutationFn: removeNote, onSuccess: refresh, onError: (error: Error) => notify.error(error.message) });

  return (
    <Section title="Notes">
      <Stack gap="sm">
        {canWrite && (
          <form
            noValidate
            aria-label="Add a note"
            onSubmit={(event) => {
              event.preventDefault();
              const found = noteProblem(body);
              setProblem(found);
              if (!found) add.mutate();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="New note"
                description="For the team only: the client never sees it."
                autosize
                minRows={2}
                maxLength={2000}
                value={body}
                error={problem}
                onChange={(event) => {
                  setBody(event.currentTarget.value);
                  setProblem(null);
                }}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={add.isPending}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {client.notes.length === 0 ? (
          <Empty>No note yet.</Empty>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {client.notes.map((note) => (
              <Card key={note.id} component="li" withBorder radius="sm" padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {note.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {note.author_name ?? 'The team'} · {formatOfficeDateTime(note.created_at)}
                    </Text>
                  </Stack>
                  {canWrite && (
                    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Remove this note" onClick={() => remove.mutate(note.id)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/** Saves everything held about the client as a JSON file (export_client). */
function ExportButton({ client }: { client: ClientDetail }) {
  const mutation = useMutation({
    mutationFn: () => exportClient(client.client_key),
    onSuccess: (data) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: exportFileName(client.name, officeToday()) });
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={mutation.isPending} onClick={() => mutation.mutate()}>
      Export data
    </Button>
  );
}

export function ClientDetailScreen({ clientKey, canWrite, canReadEnquiries }: { clientKey: string; canWrite: boolean; canReadEnquiries: boolean }) {
  const { data: client, error, isPending } = useQuery(clientDetailQuery(clientKey));
  const back = (
    <BackLink to="/admin/clients">All clients</BackLink>
  );
  if (isPending)
    return (
      <Stack gap="md" aria-busy="true">
        {back}
        <Loader aria-label="Loading the client" size="sm" />
        <Skeleton height={90} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (error)
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      </Stack>
    );

  const accountTwin = client.same_email.find((other) => other.kind === 'account');
  const guestTwin = client.same_email.find((other) => other.kind === 'guest');

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={client.name}
        description={
          <Group gap="xs" component="span">
            <ClientKindBadge kind={client.kind} />
            <span>{client.kind === 'account' ? `Account since ${formatOfficeDate(client.created_at)}` : `Booked as a guest since ${formatOfficeDate(client.created_at)}`}</span>
          </Group>
        }
        actions={
          canWrite ? (
            <>
              <MergeClient client={client} />
              <ExportButton client={client} />
              <EraseClient client={client} />
            </>
          ) : undefined
        }
      />
      {(accountTwin || guestTwin) && (
        <Alert color="orange" title="Possibly the same person">
          {accountTwin ? (
            <>
              An account uses this email too.{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/clients/$clientKey" params={{ clientKey: accountTwin.client_key }} />}>
                Open the account
              </Anchor>{' '}
              and merge this guest into it.
            </>
          ) : (
            <>
              Bookings were made as a guest with this email.{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/clients/$clientKey" params={{ clientKey: guestTwin!.client_key }} />}>
                Open the guest
              </Anchor>{' '}
              or use Merge to bring them here.
            </>
          )}
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Bookings" value={String(client.bookings.length)} />
          <Figure label="Total spent" value={formatMoney(client.spent_usd, 'USD', { cents: true })} />
          <Figure label="Last trip" value={client.last_trip ? formatOfficeDate(client.last_trip) : '—'} />
          <Figure label="Next trip" value={client.next_trip ? formatOfficeDate(client.next_trip) : '—'} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          Total spent: what their bookings have been paid, net of refunds, in US dollars at today’s rates.
        </Text>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
          <Stack gap="md">
            <Section title="Bookings">
              {client.bookings.length === 0 ? (
                <Empty>No booking yet.</Empty>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing="xs" aria-label="Bookings">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Reference</Table.Th>
                        <Table.Th>Tour and dates</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {client.bookings.map((booking) => (
                        <Table.Tr key={booking.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <BookingLink id={booking.id} reference={booking.booking_reference} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" lineClamp={2}>
                              {booking.tour_title}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {booking.start_date && booking.end_date ? formatOfficeDateRange(booking.start_date, booking.end_date) : 'No dates yet'}
                            </Text>
                            {booking.contact_email && booking.contact_email.toLowerCase() !== client.email?.toLowerCase() && (
                              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                                Booked as {booking.contact_email}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <BookingStatusBadge status={booking.status} />
                          </Table.Td>
                          <Table.Td ta="right" style={tabular}>
                            {money(booking.total_amount, booking.currency)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
            {canReadEnquiries && <ClientEnquiries clientKey={clientKey} />}
            <Section title="Payments">
              {client.payments.length === 0 ? (
                <Empty>No payment yet.</Empty>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing="xs" aria-label="Payments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Booking</Table.Th>
                        <Table.Th>Method</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {client.payments.map((payment) => (
                        <Table.Tr key={payment.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOfficeDate(payment.paid_at ?? payment.created_at)}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <BookingLink id={payment.booking_id} reference={payment.booking_reference} />
                          </Table.Td>
                          <Table.Td>{paymentMethodLabel(payment.method)}</Table.Td>
                          <Table.Td>{paymentStatusLabel(payment.status)}</Table.Td>
                          <Table.Td ta="right" style={tabular}>
                            {money(payment.amount, payment.currency)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
            <Section title="Messages">
              {client.kind === 'guest' ? (
                <Empty>Guests have no conversations: they write to us by email.</Empty>
              ) : client.threads.length === 0 ? (
                <Empty>No conversation yet.</Empty>
              ) : (
                <Stack gap={6}>
                  {client.threads.map((thread) => (
                    <Group key={thread.thread_id} justify="space-between" wrap="nowrap">
                      <Anchor size="sm" lineClamp={1} renderRoot={(props) => <Link {...props} to="/admin/messages" search={{ thread: thread.thread_id }} />}>
                        {thread.subject ?? 'Conversation'}
                      </Anchor>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {thread.messages} messages{thread.unread > 0 ? `, ${thread.unread} unread` : ''} · {formatOfficeDateTime(thread.last_at)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Activity">
              {client.activity.length === 0 ? (
                <Empty>{client.kind === 'guest' ? 'Guests have no account activity.' : 'No activity recorded yet.'}</Empty>
              ) : (
                <Stack gap={4}>
                  {client.activity.map((entry) => (
                    <Group key={entry.id} justify="space-between" wrap="nowrap">
                      <Text size="sm">{activityLabel(entry.action)}</Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatOfficeDateTime(entry.created_at)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        {/* On a tablet, how to reach them and the team's notes come first. */}
        <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
          <Stack gap="md">
            <Section title="Contact">
              <Stack gap={4}>
                <Anchor href={`mailto:${client.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {client.email}
                </Anchor>
                {client.phone ? (
                  <Anchor href={`tel:${client.phone.replace(/[^+0-9]/g, '')}`} size="sm">
                    {client.phone}
                  </Anchor>
                ) : (
                  <Empty>No phone number</Empty>
                )}
                {client.country && <Text size="sm">{client.country}</Text>}
                {client.kind === 'account' && (
                  <Text size="xs" c="dimmed">
                    {client.email_confirmed ? 'Email confirmed' : 'Email not confirmed yet'}
                    {client.last_sign_in_at ? ` · last signed in ${formatOfficeDateTime(client.last_sign_in_at)}` : ''}
                  </Text>
                )}
              </Stack>
            </Section>
            <Tags client={client} canWrite={canWrite} />
            <Notes client={client} canWrite={canWrite} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
