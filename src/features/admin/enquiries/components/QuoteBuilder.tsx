import { ActionIcon, Alert, Anchor, Badge, Button, Checkbox, CopyButton, Grid, Group, Loader, Modal, NumberInput, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCircleCheck, IconCopy, IconExternalLink, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { DraftKept, DraftOffer, useDeviceDraft } from '@/components/admin/DeviceDraft.tsx';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDateRange, formatOfficeDateTime, officeToday } from '@/lib/dates.ts';
import { DISPLAY_CURRENCIES, formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import {
  ACCEPTED_VIA,
  acceptQuoteForClient,
  clientQuoteUrl,
  discardDraftQuote,
  enquiryKeys,
  formFromQuote,
  itineraryQuery,
  quoteQuery,
  quoteTourChoicesQuery,
  saveQuote,
  sendQuote,
  withdrawQuote,
  type QuoteRow,
} from '../api.ts';
import { daysFromItinerary, hasProblems, lineAmount, moveItem, quoteProblems, quoteTotal, QUOTE_STATUS_LABELS, tripEndDate, type QuoteDay, type QuoteForm, type QuoteProblems } from '../model.ts';

// As the tours' itineraries name them (tour_itinerary.meals), so copied days keep their meals.
const MEALS = ['Breakfast', 'Lunch', 'Dinner'];
const emptyDay: QuoteDay = { title: '', location: '', accommodation: '', meals: [], description: '' };

/** The quote's days: edited in place, reordered with up and down buttons (keyboard and touch alike). */
function DaysEditor({ days, onChange, problems, readOnly, startDate }: { days: QuoteDay[]; onChange: (days: QuoteDay[]) => void; problems: QuoteProblems; readOnly: boolean; startDate: string }) {
  const tours = useQuery(quoteTourChoicesQuery());
  const [fromTour, setFromTour] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const set = (index: number, patch: Partial<QuoteDay>) => onChange(days.map((day, n) => (n === index ? { ...day, ...patch } : day)));

  async function addTourDays() {
    if (!fromTour) return;
    setAdding(true);
    try {
      const itinerary = await queryClient.fetchQuery(itineraryQuery(fromTour));
      if (!itinerary.length) notify.warning('That tour has no itinerary days to copy');
      onChange([...days, ...daysFromItinerary(itinerary)]);
      setFromTour(null);
    } catch (failure) {
      notify.error(failure instanceof Error ? failure.message : 'The tour’s days could not be loaded');
    } finally {
      setAdding(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          Days
        </Title>
        {startDate && days.length > 0 && (
          <Text size="sm" c="dimmed">
            {days.length} day{days.length === 1 ? '' : 's'}, {formatOfficeDateRange(startDate, tripEndDate(startDate, days.length))}
          </Text>
        )}
      </Group>
      {problems.days && (
        <Text c="red" size="sm" role="alert" mb="xs">
          {problems.days}
        </Text>
      )}
      <Stack gap="sm">
        {days.length === 0 && (
          <Text c="dimmed" size="sm">
            No days yet. Add the days of a tour, then change them to fit the trip.
          </Text>
        )}
        {days.map((day, index) => (
          <Paper key={index} withBorder p="sm" radius="sm" bg="var(--mantine-color-body)" data-testid="quote-day">
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Text fw={600} size="sm">
                Day {index + 1}
              </Text>
              {!readOnly && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="default" size="lg" aria-label={`Move day ${index + 1} up`} disabled={index === 0} onClick={() => onChange(moveItem(days, index, index - 1))}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="default" size="lg" aria-label={`Move day ${index + 1} down`} disabled={index === days.length - 1} onClick={() => onChange(moveItem(days, index, index + 1))}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="default" color="red" size="lg" aria-label={`Remove day ${index + 1}`} onClick={() => onChange(days.filter((_, n) => n !== index))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <Grid gap="xs">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Title" value={day.title} readOnly={readOnly} onChange={(event) => set(index, { title: event.currentTarget.value })} error={problems.dayTitles?.[index]} maxLength={200} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Where" value={day.location} readOnly={readOnly} onChange={(event) => set(index, { location: event.currentTarget.value })} maxLength={200} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Accommodation" value={day.accommodation} readOnly={readOnly} onChange={(event) => set(index, { accommodation: event.currentTarget.value })} maxLength={200} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Checkbox.Group label="Meals" value={day.meals} onChange={(meals) => !readOnly && set(index, { meals })}>
                  <Group gap="md" mt={8}>
                    {MEALS.map((meal) => (
                      <Checkbox key={meal} value={meal} label={meal} disabled={readOnly} />
                    ))}
                  </Group>
                </Checkbox.Group>
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea label="What happens" value={day.description} readOnly={readOnly} onChange={(event) => set(index, { description: event.currentTarget.value })} autosize minRows={2} maxRows={6} maxLength={5000} />
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
      </Stack>
      {!readOnly && (
        <Group mt="sm" align="flex-end" gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => onChange([...days, { ...emptyDay }])}>
            Add a day
          </Button>
          <Select
            aria-label="Tour to copy days from"
            placeholder="Copy the days of a tour…"
            data={(tours.data ?? []).map((tour) => ({ value: tour.id, label: tour.title }))}
            value={fromTour}
            onChange={setFromTour}
            searchable
            w={280}
          />
          <Button variant="light" onClick={() => void addTourDays()} disabled={!fromTour} loading={adding}>
            Add its days
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** The price lines: description, quantity and unit price; amounts and the total worked out as the database does. */
function LinesEditor({ form, onChange, problems, readOnly }: { form: QuoteForm; onChange: (lines: QuoteForm['lines']) => void; problems: QuoteProblems; readOnly: boolean }) {
  const tours = useQuery(quoteTourChoicesQuery());
  const tour = tours.data?.find((choice) => choice.id === form.tour_id);
  const lines = form.lines;
  const set = (index: number, patch: Partial<QuoteForm['lines'][number]>) => onChange(lines.map((line, n) => (n === index ? { ...line, ...patch } : line)));
  const money = (amount: number) => formatMoney(amount, form.currency, { cents: true });

  function priceFromTour() {
    if (!tour) return;
    const added: QuoteForm['lines'] = [{ label: `${tour.title}, per adult`, quantity: Number(form.adults) || 1, unit_price: Number(tour.base_price) }];
    if (Number(form.children) > 0) added.push({ label: `${tour.title}, per child`, quantity: Number(form.children), unit_price: Number(tour.child_price ?? tour.base_price) });
    onChange([...lines, ...added]);
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="xs">
        Prices
      </Title>
      {problems.lines && (
        <Text c="red" size="sm" role="alert" mb="xs">
          {problems.lines}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} aria-label="Price lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th w={90}>Quantity</Table.Th>
              <Table.Th w={140}>Unit price</Table.Th>
              <Table.Th w={130} ta="right">
                Amount
              </Table.Th>
              {!readOnly && <Table.Th w={44} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput aria-label={`Line ${index + 1} description`} value={line.label} readOnly={readOnly} maxLength={200} onChange={(event) => set(index, { label: event.currentTarget.value })} error={problems.lineProblems?.[index]} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Line ${index + 1} quantity`} value={line.quantity} readOnly={readOnly} min={1} max={999} allowDecimal={false} clampBehavior="none" onChange={(value) => set(index, { quantity: value === '' ? '' : Number(value) })} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Line ${index + 1} unit price`} value={line.unit_price} readOnly={readOnly} decimalScale={2} clampBehavior="none" thousandSeparator="," onChange={(value) => set(index, { unit_price: value === '' ? '' : Number(value) })} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(lineAmount(line))}
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove line ${index + 1}`} onClick={() => onChange(lines.filter((_, n) => n !== index))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3} ta="right">
                Total
              </Table.Th>
              <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="quote-total">
                {money(quoteTotal(lines))}
              </Table.Th>
              {!readOnly && <Table.Th />}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group mt="sm" gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => onChange([...lines, { label: '', quantity: 1, unit_price: '' }])}>
            Add a line
          </Button>
          <Button variant="light" onClick={priceFromTour} disabled={!tour}>
            Price per traveler from the tour
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function QuoteEditor({ quote, enquiry, booking, canWrite, userId }: { quote: QuoteRow; enquiry: { id: string; name: string; email: string } | null; booking: { id: string; booking_reference: string } | null; canWrite: boolean; userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tours = useQuery(quoteTourChoicesQuery());
  const [form, setForm] = useState<QuoteForm>(() => formFromQuote(quote));
  const [problems, setProblems] = useState<QuoteProblems>({});
  const [confirming, setConfirming] = useState<'withdraw' | 'discard' | null>(null);
  const [accepting, setAccepting] = useState(false);
  const readOnly = !canWrite || quote.status === 'accepted' || quote.status === 'withdrawn';
  // Leaving without saving takes the device's draft with it.
  const edits = useUnsavedEdits(form, { enabled: !readOnly, discard: () => void draft.drop() });
  const draft = useDeviceDraft({ userId, kind: 'quote', recordId: quote.id, version: quote.updated_at, values: form, saved: edits.saved, enabled: !readOnly, restore: setForm });
  const set = (patch: Partial<QuoteForm>) => setForm((current) => ({ ...current, ...patch }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all });

  const check = (sending: boolean) => {
    const found = quoteProblems(form, officeToday(), sending);
    setProblems(found);
    if (hasProblems(found)) notify.warning('Please correct the marked fields');
    return !hasProblems(found);
  };

  const save = useMutation({
    mutationFn: async ({ sending, values }: { sending: boolean; values: QuoteForm }) => {
      await saveQuote(quote.id, values);
      return sending ? sendQuote(quote.id) : null;
    },
    onSuccess: async (sent, { values }) => {
      edits.markSaved(values);
      await draft.drop();
      notify.success(sent ? `Quote sent to ${sent.email}` : 'Quote saved');
      await refresh();
    },
    onError: (failure: Error) => {
      notify.error(failure.message);
      void refresh();
    },
  });

  const finish = useMutation({
    mutationFn: async (action: 'withdraw' | 'discard') => (action === 'withdraw' ? withdrawQuote(quote.id) : discardDraftQuote(quote.id)),
    onSuccess: async (_, action) => {
      setConfirming(null);
      notify.success(action === 'withdraw' ? 'Quote withdrawn: its link no longer opens' : 'Draft discarded');
      await refresh();
      if (action === 'discard') {
        // The quote is gone, and its edits with it: leaving asks nothing.
        edits.markSaved();
        await draft.drop();
      }
      if (action === 'discard' && enquiry) await navigate({ to: '/admin/bookings/enquiries/$enquiryId', params: { enquiryId: enquiry.id } });
    },
    onError: (failure: Error) => notify.error(failure.message),
  });

  const link = clientQuoteUrl(quote.token);
  return (
    <Stack gap="lg">
      <DraftOffer draft={draft} record="quote" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          {enquiry && (
            <BackLink to="/admin/bookings/enquiries/$enquiryId" params={{ enquiryId: enquiry.id }}>Enquiry from {enquiry.name}</BackLink>
          )}
          <Title order={1} fz={{ base: 24, md: 28 }}>
            Quote <span style={{ fontFamily: 'monospace' }}>{quote.reference}</span>
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={quote.status === 'accepted' ? 'green' : quote.status === 'sent' ? 'grape' : 'gray'}>
              {QUOTE_STATUS_LABELS[quote.status] ?? quote.status}
            </Badge>
            {quote.sent_at && (
              <Text size="sm" c="dimmed">
                sent {formatOfficeDateTime(quote.sent_at)}
                {enquiry ? ` to ${enquiry.email}` : ''}
              </Text>
            )}
          </Group>
          <DraftKept keptAt={draft.keptAt} />
        </Stack>
        {canWrite && !readOnly && (
          <Group gap="xs">
            {quote.status === 'sent' && (
              <Button variant="light" color="green" leftSection={<IconCircleCheck size={16} />} onClick={() => setAccepting(true)}>
                Client accepted
              </Button>
            )}
            {quote.status === 'draft' ? (
              <Button variant="subtle" color="red" onClick={() => setConfirming('discard')}>
                Discard draft
              </Button>
            ) : (
              <Button variant="subtle" color="red" onClick={() => setConfirming('withdraw')}>
                Withdraw
              </Button>
            )}
            <Button variant="default" loading={save.isPending && save.variables?.sending === false} onClick={() => check(false) && save.mutate({ sending: false, values: form })}>
              Save
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={save.isPending && save.variables?.sending === true} onClick={() => check(true) && save.mutate({ sending: true, values: form })}>
              {quote.status === 'sent' ? 'Save and send again' : 'Send to client'}
            </Button>
          </Group>
        )}
      </Group>

      {quote.status === 'accepted' && (
        <Alert color="green" title="Accepted">
          The client accepted this quote {quote.accepted_at ? `on ${formatOfficeDateTime(quote.accepted_at)}` : ''}
          {quote.accepted_via ? ` ${(ACCEPTED_VIA.find((way) => way.value === quote.accepted_via)?.label ?? quote.accepted_via).toLowerCase()}, recorded by the office` : ' through the quote’s page'}
          {booking ? (
            <>
              {' '}
              and it became booking <BookingLink id={booking.id} reference={booking.booking_reference} />.
            </>
          ) : (
            '.'
          )}
        </Alert>
      )}
      {quote.status !== 'draft' && quote.status !== 'withdrawn' && (
        <Group gap="xs">
          <Text size="sm">The client’s page:</Text>
          <Anchor href={link} target="_blank" rel="noreferrer" size="sm" data-testid="client-quote-link">
            <Group gap={4}>
              {link.replace(/^https?:\/\//, '').slice(0, 40)}… <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="subtle" leftSection={<IconCopy size={14} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="xs">
          Trip
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Title the client sees" value={form.title} readOnly={readOnly} onChange={(event) => set({ title: event.currentTarget.value })} error={problems.title} maxLength={200} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label="Currency" data={[...DISPLAY_CURRENCIES]} value={form.currency} readOnly={readOnly} onChange={(value) => value && set({ currency: value })} allowDeselect={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Select
              label="Built on the tour"
              description="The booking will be a private trip of this tour"
              data={(tours.data ?? []).map((tour) => ({ value: tour.id, label: tour.title }))}
              value={form.tour_id}
              readOnly={readOnly}
              onChange={(value) => set({ tour_id: value })}
              error={problems.tour_id}
              searchable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput label="Adults" value={form.adults} readOnly={readOnly} min={1} max={60} allowDecimal={false} clampBehavior="none" onChange={(value) => set({ adults: value === '' ? '' : Number(value) })} error={problems.adults} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput label="Children" value={form.children} readOnly={readOnly} min={0} max={60} allowDecimal={false} clampBehavior="none" onChange={(value) => set({ children: value === '' ? '' : Number(value) })} error={problems.children} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Starts on" type="date" value={form.start_date} readOnly={readOnly} onChange={(event) => set({ start_date: event.currentTarget.value })} error={problems.start_date} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Valid until" type="date" value={form.valid_until} readOnly={readOnly} onChange={(event) => set({ valid_until: event.currentTarget.value })} error={problems.valid_until} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Message to the client"
              description="Opens the email and the quote page; without one, a short greeting is used"
              value={form.message}
              readOnly={readOnly}
              onChange={(event) => set({ message: event.currentTarget.value })}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={5000}
            />
          </Grid.Col>
        </Grid>
      </Paper>

      <DaysEditor days={form.days} onChange={(days) => set({ days })} problems={problems} readOnly={readOnly} startDate={form.start_date} />
      <LinesEditor form={form} onChange={(lines) => set({ lines })} problems={problems} readOnly={readOnly} />

      <FormModal opened={accepting} onClose={() => setAccepting(false)} title="The client accepted the quote" centered>
        {accepting && <AcceptForClient quoteId={quote.id} onClose={() => setAccepting(false)} />}
      </FormModal>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming === 'withdraw' ? 'Withdraw the quote?' : 'Discard the draft?'}>
        <Stack gap="sm">
          <Text size="sm">
            {confirming === 'withdraw'
              ? 'The client’s link will stop opening and the quote can no longer be accepted. This cannot be undone: you can send a new quote instead.'
              : 'The draft is deleted. The client has never seen it. This cannot be undone.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button color="red" loading={finish.isPending} onClick={() => confirming && finish.mutate(confirming)}>
              {confirming === 'withdraw' ? 'Withdraw' : 'Discard'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The quote builder: a tailor-made trip's days and prices, saved as a draft and sent to the client. */
/** Accepts the quote for a client who said yes by phone, email, in person or WhatsApp, and opens the booking it makes. */
function AcceptForClient({ quoteId, onClose }: { quoteId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [how, setHow] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const edits = useUnsavedEdits(how);
  const accept = useMutation({
    mutationFn: () => acceptQuoteForClient(quoteId, how!),
    onSuccess: async ({ reference, bookingId }) => {
      edits.markSaved();
      notify.success(`Quote accepted: booking ${reference} made`);
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
      onClose();
      await navigate({ to: '/admin/bookings/$bookingId', params: { bookingId } });
    },
    onError: (failure: Error) => setProblem(failure.message),
  });
  return (
    <form
      aria-label="Accept for the client"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!how) setProblem('Please say how the client accepted');
        else accept.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">The booking is made as if the client had accepted on the quote’s page: a private trip at the quoted price, with its deposit due. The client is emailed the booking.</Text>
        <Select label="How the client accepted" placeholder="Choose" data={[...ACCEPTED_VIA]} value={how} onChange={(value) => { setHow(value); setProblem(null); }} error={problem ?? undefined} required data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not yet
          </Button>
          <Button type="submit" color="green" loading={accept.isPending}>
            Accept and make the booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function QuoteBuilder({ quoteId, canWrite, userId }: { quoteId: string; canWrite: boolean; userId: string }) {
  const { data, error, isPending } = useQuery(quoteQuery(quoteId));
  if (isPending) return <Loader aria-label="Loading the quote" />;
  if (error) return <Alert color="red">{error.message}</Alert>;
  // Keyed by the row's version: a save or a send shows what the database made of it.
  return <QuoteEditor key={data.updated_at} quote={data} enquiry={data.enquiries} booking={data.bookings} canWrite={canWrite} userId={userId} />;
}

