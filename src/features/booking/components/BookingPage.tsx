import { Alert, Anchor, Button, Checkbox, Container, Grid, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Breadcrumbs } from '@/components/widgets/Breadcrumbs.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { track } from '@/lib/analytics.ts';
import { formatCalendarDate, formatDateRange, localIsoDate } from '@/lib/dates.ts';
import { useDisplayCurrency } from '@/lib/display-currency.tsx';
import { formatMoney, toCents } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { useOnline } from '@/lib/online.ts';
import { discardWrite } from '@/lib/outbox/outbox.ts';
import { usePaymentInstructions } from '@/lib/payment-instructions.ts';
import { useSession } from '@/lib/session/index.ts';
import { BookingRefusal, isOfflineError, paymentOptionsQuery, quoteQuery, requestBooking, seatHoldTermsQuery } from '../api.ts';
import { bookingKeys } from '../tour-query.ts';
import { bookingInput, bookingRequest, emptyTraveler, initialDraft, partyTravelers, quoteRequestOf, tripStart, withTraveler, type BookingDraft } from '../form.ts';
import { useRequestState } from '../hooks.ts';
import {
  addDays,
  amountDueNow,
  DEPOSIT_PERCENT,
  depositAllowed,
  depositAmount,
  isAvailabilityProblem,
  isBookable,
  maxParty,
  PAYMENT_METHODS,
  quoteProblemPlace,
  seatHoldText,
  type BookingTour,
  type Quote,
  type QuoteProblemPlace,
  type QuoteRequest,
} from '../model.ts';
import { checkBooking, fieldOrder, type BookingContext, type FieldErrors } from '../schema.ts';
import { attendRequest, type BookedOnDevice, type BookingRequest } from '../writes.ts';
import classes from './BookingPage.module.css';
import { DateChoice } from './DateChoice.tsx';
import { PartyFields } from './PartyFields.tsx';
import { PriceSummary, type PromoState } from './PriceSummary.tsx';
import { RequestWaiting } from './RequestWaiting.tsx';
import { TravelerFields } from './TravelerFields.tsx';

function Section({ step, title, id, children }: { step: number; title: string; id: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-labelledby={`${id}-heading`} id={id}>
      <Title order={2} size="h3" id={`${id}-heading`} className={classes.sectionTitle}>
        <span className={classes.step} aria-hidden>
          {step}
        </span>
        {title}
      </Title>
      {children}
    </section>
  );
}

function partyLine(adults: number, children: number): string {
  const parts = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`];
  if (children > 0) parts.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return parts.join(', ');
}

const requestKey = (request: QuoteRequest | null) => (request ? JSON.stringify(request) : '');

interface Failure {
  message: string;
  place: QuoteProblemPlace;
}

/**
 * The booking page: a date (a departure, or a day in a private tour's season), the party and rooms,
 * extras, every traveler's details, the contact, how to pay, and the price beside it all, priced live
 * by quote_booking. The booking goes through the outbox: with no connection it is kept as a request
 * and sent when the connection returns.
 */
export function BookingPage({ tour, preselect, onBooked }: { tour: BookingTour; preselect: string | null; onBooked: (booked: BookedOnDevice) => void }) {
  const today = useMemo(() => localIsoDate(), []);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const online = useOnline();
  const display = useDisplayCurrency();
  const cardPayments = useQuery(paymentOptionsQuery()).data?.card ?? false;
  const holdTerms = useQuery(seatHoldTermsQuery(user?.id ?? null));
  const instructions = usePaymentInstructions();
  const balanceDueDays = instructions?.balance_due_days ?? 60;

  const preselected = tour.departures.find((departure) => departure.id === preselect && departure.startDate > today);
  const [draft, setDraft] = useState<BookingDraft>(() => initialDraft(preselected && isBookable(preselected) ? preselected.id : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [promo, setPromo] = useState<PromoState>({ input: '', applied: null, error: null });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [waiting, setWaiting] = useState<{ id: string; request: BookingRequest } | null>(null);
  const refusedRequest = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const departure = tour.departures.find((candidate) => candidate.id === draft.departureId) ?? null;
  const start = tripStart(tour, draft);
  // Until a date is chosen the deposit stays on offer; close to the trip it is paid in full.
  const canDeposit = start === null || depositAllowed(start, today, balanceDueDays);
  const plan = canDeposit ? draft.plan : 'full';
  const party = draft.adults + draft.children;
  const largestParty = maxParty(tour, tour.isPrivate ? null : departure);
  const context: BookingContext = {
    isPrivate: tour.isPrivate,
    tripStart: start,
    childAgeLimit: tour.childAgeLimit,
    minAge: tour.minAge,
    seasons: tour.seasons,
    today,
    cardPayments,
  };

  useEffect(() => {
    track('booking_start', preselected ? { tourId: tour.id, departureId: preselected.id } : { tourId: tour.id });
    // Once per tour: the preselected departure is what the traveler came with.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- intentionally partial, see above
  }, [tour.id]);

  // A signed-in traveler's contact and lead traveler come from their profile; only empty fields are filled.
  const profile = user?.profile ?? null;
  const prefilledFor = useRef('');
  useEffect(() => {
    // Once when the user is known and once more when their profile arrives, never over what was typed.
    const stage = user ? `${user.id}:${profile ? 'profile' : 'email'}` : '';
    if (!user || prefilledFor.current === stage) return;
    prefilledFor.current = stage;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    setDraft((current) => {
      const lead = current.adultTravelers[0] ?? emptyTraveler;
      return {
        ...current,
        contact: {
          name: current.contact.name || text(profile?.full_name),
          email: current.contact.email || user.email,
          phone: current.contact.phone || text(profile?.phone),
        },
        adultTravelers: [
          {
            ...lead,
            fullName: lead.fullName || text(profile?.full_name),
            dateOfBirth: lead.dateOfBirth || text(profile?.date_of_birth),
            nationality: lead.nationality || text(profile?.nationality),
            passportNumber: lead.passportNumber || text(profile?.passport_number),
          },
          ...current.adultTravelers.slice(1),
        ],
      };
    });
  }, [user, profile]);

  // The price: asked for once the choices rest for a moment; the last price stays on screen meanwhile.
  const request = quoteRequestOf(tour, draft, promo.applied);
  const key = requestKey(request);
  const [settledKey] = useDebouncedValue(key, 300);
  const settled = useMemo<QuoteRequest | null>(() => (settledKey ? (JSON.parse(settledKey) as QuoteRequest) : null), [settledKey]);
  const unpriced: QuoteRequest = { tourId: tour.id, departureId: null, startDate: null, adults: 0, children: 0, extras: [], promoCode: null, email: null };
  const quoteResult = useQuery({ ...quoteQuery(settled ?? unpriced), enabled: settled !== null, placeholderData: keepPreviousData });
  const lastPriced = useRef<{ key: string; quote: Quote } | null>(null);
  if (quoteResult.data && !quoteResult.isPlaceholderData && settledKey) lastPriced.current = { key: settledKey, quote: quoteResult.data };

  const quoteError = quoteResult.error;
  const offlineQuote = quoteError !== null && isOfflineError(quoteError);
  const refusal = quoteError instanceof BookingRefusal && !offlineQuote ? quoteError.message : null;
  const refusalPlace = refusal ? quoteProblemPlace(refusal) : null;
  // Offline, the last price of these very choices stands in as an estimate.
  const estimate = offlineQuote && lastPriced.current?.key === key ? lastPriced.current.quote : null;
  const quote = request ? (quoteResult.data ?? estimate ?? null) : null;
  const updating = request !== null && (key !== settledKey || quoteResult.isFetching || quoteResult.isPlaceholderData);

  // A promo code the price function refuses is shown at the code, and the trip is priced without it.
  const refusedPromo = refusalPlace === 'promo' ? (settled?.promoCode ?? null) : null;
  useEffect(() => {
    // Only the refusal of the code now applied counts (a previous code's may still be on screen).
    if (refusedPromo && refusedPromo === promo.applied) setPromo((current) => ({ ...current, applied: null, error: refusal }));
  }, [refusedPromo, refusal, promo.applied]);

  // The traveler is told about a request sent later (back online) here, not by the outbox's toast.
  const requestState = useRequestState(waiting?.id ?? null);
  useEffect(() => (waiting ? attendRequest(waiting.id) : undefined), [waiting]);
  useEffect(() => {
    if (!waiting) return;
    if (requestState.kind === 'booked') {
      onBooked(requestState.booked);
    } else if (requestState.kind === 'failed') {
      refusedRequest.current = waiting.id;
      setWaiting(null);
      setFailure({ message: requestState.error, place: quoteProblemPlace(requestState.error) });
      notify.error(
        isAvailabilityProblem(requestState.error)
          ? `${requestState.error}. Your details are still here: please choose another date.`
          : `${requestState.error}. Your details are still here: please check them and book again.`,
        { title: 'Your booking request was not accepted', id: `booking-${waiting.id}` },
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.tour(tour.slug) });
    } else if (requestState.kind === 'gone') {
      setWaiting(null);
    }
  }, [requestState, waiting, onBooked, queryClient, tour.slug]);

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [failure]);

  const update = (next: BookingDraft) => {
    setDraft(next);
    setFailure(null);
    // After a first try, messages follow the changes so a fixed field clears at once.
    if (attempted) {
      const checked = checkBooking(bookingInput(next), { ...context, tripStart: tripStart(tour, next) });
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const setTraveler = (index: number, field: keyof typeof emptyTraveler, value: string) => {
    let next = withTraveler(draft, index, field, value);
    // The contact is the lead traveler until it is given another name.
    const leadName = partyTravelers(draft)[0]?.fullName ?? '';
    if (index === 0 && field === 'fullName' && (draft.contact.name === '' || draft.contact.name === leadName)) {
      next = { ...next, contact: { ...next.contact, name: value } };
    }
    update(next);
  };

  const applyPromo = () => {
    const code = promo.input.trim().toUpperCase();
    if (!code) setPromo({ ...promo, error: 'Please enter a promo code' });
    else if (!request) setPromo({ ...promo, error: 'Please choose your date first, then apply the code' });
    else setPromo({ input: code, applied: code, error: null });
  };

  const focusFirst = (fieldErrors: FieldErrors) => {
    const first = fieldOrder(party).find((field) => fieldErrors[field]);
    if (!first) return;
    const selector = first === 'date' ? '[name="departureId"]:not([disabled]), [name="startDate"]' : `[name="${first}"]`;
    formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setFailure(null);
    const checked = checkBooking(bookingInput(draft), context);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    const current = quoteRequestOf(tour, draft, promo.applied);
    if (!current) return;
    setSubmitting(true);
    try {
      // The total sent is the one shown for exactly these choices: priced again now, or offline the last price of them.
      let priced: Quote;
      if (navigator.onLine) {
        try {
          priced = await queryClient.fetchQuery({ ...quoteQuery(current), staleTime: 0, retry: false });
        } catch (error) {
          if (!isOfflineError(error)) throw error;
          priced = offlinePrice(current);
        }
      } else {
        priced = offlinePrice(current);
      }
      // A previous request the server refused is replaced by this one.
      if (refusedRequest.current) {
        await discardWrite(refusedRequest.current);
        refusedRequest.current = null;
      }
      // The plan as the page shows it: a deposit chosen earlier gives way to the full amount close to the trip.
      const booking = bookingRequest({ tour, draft: { ...draft, plan }, checked: checked.value, quote: priced });
      track('booking_submit', { tourId: tour.id });
      const outcome = await requestBooking(booking);
      if (outcome.status === 'booked') onBooked(outcome.booked);
      else setWaiting({ id: outcome.id, request: booking });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure({ message, place: quoteProblemPlace(message) });
      // Seats may have gone: the departures shown are read again.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.tour(tour.slug) });
    } finally {
      setSubmitting(false);
    }
  };

  const offlinePrice = (current: QuoteRequest): Quote => {
    const last = lastPriced.current;
    if (last && last.key === requestKey(current)) return last.quote;
    throw new Error('You are offline, and these choices have not been priced yet. Your details are kept here: book when you are back online.');
  };

  const cancelWaiting = async () => {
    if (waiting && (await discardWrite(waiting.id))) setWaiting(null);
  };

  const total = quote?.total ?? null;
  const methods = PAYMENT_METHODS.filter((method) => method.value !== 'card' || cardPayments);
  const dateProblem = errors.date ?? (refusalPlace === 'date' ? refusal : null) ?? (failure?.place === 'date' ? failure.message : null) ?? undefined;
  const partyProblem = refusalPlace === 'travelers' ? refusal : failure?.place === 'travelers' ? failure.message : null;
  const summaryProblem = refusal && (refusalPlace === 'summary' || refusalPlace === 'extras') ? refusal : null;
  const tripLine = start ? formatDateRange(start, quote?.end_date ?? departure?.endDate ?? addDays(start, tour.durationDays - 1)) : 'Date not chosen yet';
  const otherDates = `/tours/${tour.slug}#departures`;
  const chargedIn =
    display.currency && display.currency !== tour.currency
      ? `Payment is charged in ${tour.currency}; amounts in ${display.currency} are approximate.`
      : `Payment is charged in ${tour.currency}.`;

  const dueNow =
    total === null ? null : (
      <Stack gap={2} mt="md" data-testid="due-now">
        {draft.method === 'pay_on_arrival' ? (
          <Text size="sm">
            Pay on arrival:{' '}
            <b>
              <Money amount={total} currency={tour.currency} cents />
            </b>{' '}
            at our Arusha office.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Due now{plan === 'deposit' ? ` (${DEPOSIT_PERCENT}% deposit)` : ''}:{' '}
              <b>
                <Money amount={amountDueNow(total, plan, draft.method)} currency={tour.currency} cents />
              </b>
            </Text>
            {plan === 'deposit' && start && (
              <Text size="sm" c="dimmed">
                Balance <Money amount={(toCents(total) - toCents(depositAmount(total))) / 100} currency={tour.currency} cents /> by {formatCalendarDate(addDays(start, -balanceDueDays))}
              </Text>
            )}
          </>
        )}
        <Text size="xs" c="dimmed" data-testid="charged-in">
          {chargedIn}
        </Text>
        {estimate && (
          <Text size="xs" c="dimmed">
            Estimate: you are offline. The price is confirmed when your request reaches us.
          </Text>
        )}
      </Stack>
    );

  return (
    <>
      {waiting && (
        <Container size="sm" py={{ base: 32, md: 64 }}>
          <RequestWaiting request={waiting.request} online={online} sending={requestState.kind === 'waiting' && requestState.sending} onCancel={cancelWaiting} />
        </Container>
      )}
      <div hidden={waiting !== null}>
        <Container size="lg" className={classes.header}>
          <Breadcrumbs className={classes.breadcrumbs} trail={[{ label: 'Tours', to: '/tours' }, { label: tour.title, href: `/tours/${tour.slug}` }]} current="Book" />
          <Title order={1} size="h2">
            Book {tour.title}
          </Title>
          <Text c="dimmed" mt={4}>
            {tour.durationDays} {tour.durationDays === 1 ? 'day' : 'days'}
            {tour.durationNights > 0 ? ` / ${tour.durationNights} ${tour.durationNights === 1 ? 'night' : 'nights'}` : ''} · prices in {tour.currency}
          </Text>
        </Container>

        <Container size="lg">
          <form ref={formRef} id="booking-form" onSubmit={submit} noValidate aria-label="Book this tour" className={classes.layout}>
            <div className={classes.main}>
              {preselect && !preselected?.id && (
                <Alert color="brand" variant="light">
                  The departure you chose is no longer available. Please choose another date below.
                </Alert>
              )}
              {preselected && !isBookable(preselected) && (
                <Alert color="brand" variant="light">
                  The departure of {formatCalendarDate(preselected.startDate)} is {preselected.status === 'cancelled' ? 'cancelled' : 'sold out'}. Please choose another date below.
                </Alert>
              )}
              <Section step={1} title={tour.isPrivate ? 'Choose your start date' : 'Choose your departure'} id="date">
                <DateChoice
                  tour={tour}
                  today={today}
                  departureId={draft.departureId}
                  startDate={draft.startDate}
                  onDeparture={(departureId) => update({ ...draft, departureId })}
                  onStartDate={(startDate) => update({ ...draft, startDate })}
                  error={dateProblem}
                />
              </Section>

              <Section step={2} title="Travelers and rooms" id="party">
                <PartyFields
                  tour={tour}
                  adults={draft.adults}
                  children={draft.children}
                  maxParty={largestParty}
                  room={draft.room}
                  onAdults={(adults) => update({ ...draft, adults })}
                  onChildren={(children) => update({ ...draft, children })}
                  onRoom={(room) => update({ ...draft, room })}
                  problem={partyProblem ?? undefined}
                />
              </Section>

              {tour.extras.length > 0 && (
                <Section step={3} title="Extras" id="extras">
                  <Checkbox.Group
                    value={draft.extras}
                    onChange={(extras) => update({ ...draft, extras })}
                    aria-label="Extras"
                    description="Optional additions to your trip."
                  >
                    <Stack gap="xs" mt="xs">
                      {tour.extras.map((extra) => (
                        <Checkbox.Card key={extra.code} value={extra.code} className={classes.extra} radius="md" aria-label={extra.name}>
                          <Group gap="sm" align="flex-start" wrap="nowrap">
                            <Checkbox.Indicator mt={3} />
                            <div className={classes.extraBody}>
                                <div>
                                  <Text fw={600}>{extra.name}</Text>
                                  {extra.description && (
                                    <Text size="sm" c="dimmed">
                                      {extra.description}
                                    </Text>
                                  )}
                                </div>
                                <div className={classes.extraPrice}>
                                  {formatMoney(extra.price, tour.currency)}
                                  <small>{extra.unit === 'per_person' ? 'per person' : 'per booking'}</small>
                                </div>
                            </div>
                          </Group>
                        </Checkbox.Card>
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </Section>
              )}

              <Section step={tour.extras.length > 0 ? 4 : 3} title="Who is travelling" id="travelers">
                <Text size="sm" c="dimmed" mb="md">
                  The national parks issue permits in these names. Children are counted by their age on the first day of the trip.
                </Text>
                <TravelerFields travelers={partyTravelers(draft)} adults={draft.adults} today={today} errors={errors} onChange={setTraveler} />
              </Section>

              <Section step={tour.extras.length > 0 ? 5 : 4} title="Your contact details" id="contact">
                <Text size="sm" c="dimmed" mb="md">
                  {user
                    ? `You are booking as ${user.email}. The booking appears in your account.`
                    : 'We send your confirmation here, with an invitation to create an account where you can follow your booking.'}
                </Text>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Your name"
                      name="contact.name"
                      autoComplete="name"
                      required
                      value={draft.contact.name}
                      onChange={(event) => update({ ...draft, contact: { ...draft.contact, name: event.currentTarget.value } })}
                      error={errors['contact.name']}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Email"
                      name="contact.email"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      required
                      value={draft.contact.email}
                      onChange={(event) => update({ ...draft, contact: { ...draft.contact, email: event.currentTarget.value } })}
                      error={errors['contact.email']}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Phone"
                      description="With country code; WhatsApp is fine"
                      name="contact.phone"
                      type="tel"
                      autoComplete="tel"
                      required
                      value={draft.contact.phone}
                      onChange={(event) => update({ ...draft, contact: { ...draft.contact, phone: event.currentTarget.value } })}
                      error={errors['contact.phone']}
                    />
                  </Grid.Col>
                </Grid>
              </Section>

              <Section step={tour.extras.length > 0 ? 6 : 5} title="Payment" id="payment">
                <Stack gap="lg">
                  <Radio.Group
                    label="How would you like to pay?"
                    name="method"
                    value={draft.method}
                    onChange={(method) => update({ ...draft, method: method as BookingDraft['method'] })}
                    error={errors.method}
                  >
                    <Stack gap="xs" mt="xs">
                      {methods.map((method) => (
                        <Radio key={method.value} value={method.value} label={method.label} description={method.description} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  {draft.method !== 'pay_on_arrival' && (
                    <Radio.Group
                      label="How much now?"
                      name="plan"
                      value={plan}
                      onChange={(value) => update({ ...draft, plan: value as BookingDraft['plan'] })}
                      description={
                        canDeposit
                          ? `The balance is due ${balanceDueDays} days before the trip starts.`
                          : start
                            ? `Your trip starts within ${balanceDueDays} days, so it is paid in full.`
                            : undefined
                      }
                    >
                      <Stack gap="xs" mt="xs">
                        <Radio
                          value="deposit"
                          disabled={!canDeposit}
                          label={`A ${DEPOSIT_PERCENT}% deposit${total !== null && canDeposit ? `: ${formatMoney(depositAmount(total), tour.currency, { cents: true })}` : ''}`}
                        />
                        <Radio value="full" label={`The full amount${total !== null ? `: ${formatMoney(total, tour.currency, { cents: true })}` : ''}`} />
                      </Stack>
                    </Radio.Group>
                  )}
                </Stack>
              </Section>
            </div>

            <aside className={classes.aside} aria-label="Price and booking">
              <PriceSummary
                title={tour.title}
                imageUrl={tour.heroImageUrl}
                tripLine={tripLine}
                partyLine={partyLine(draft.adults, draft.children)}
                quote={quote}
                updating={updating}
                problem={summaryProblem ?? (offlineQuote && !estimate ? 'You are offline. These choices are priced when you are back online.' : null)}
                waitingForDate={request === null}
                promo={promo}
                onPromoInput={(input) => setPromo({ ...promo, input, error: null })}
                onPromoApply={applyPromo}
                onPromoRemove={() => setPromo({ input: '', applied: null, error: null })}
                dueNow={dueNow}
              >
                <Checkbox
                  mt="lg"
                  name="acceptTerms"
                  checked={draft.acceptTerms}
                  onChange={(event) => update({ ...draft, acceptTerms: event.currentTarget.checked })}
                  error={errors.acceptTerms}
                  label={
                    <>
                      I accept the{' '}
                      <Anchor href="/booking-terms" target="_blank" inherit>
                        booking terms
                      </Anchor>{' '}
                      and have read about{' '}
                      <Anchor href="/travel-insurance" target="_blank" inherit>
                        travel insurance
                      </Anchor>
                      , which every traveler needs.
                    </>
                  }
                />
                {failure && (
                  <Alert ref={failureRef} color="red" variant="light" icon={<IconAlertTriangle />} title="Your booking was not made" mt="md" role="alert" data-testid="booking-failure">
                    {failure.message}
                    {isAvailabilityProblem(failure.message) && (
                      <>
                        {' '}
                        <Anchor href={otherDates} inherit fw={600}>
                          See other dates
                        </Anchor>
                      </>
                    )}
                  </Alert>
                )}
                {attempted && Object.keys(errors).length > 0 && (
                  <Text size="sm" c="red" mt="md" role="alert">
                    Please check the {Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`} marked above.
                  </Text>
                )}
                <Button type="submit" size="md" fullWidth mt="md" loading={submitting} leftSection={<IconLock size={18} />}>
                  Book now
                </Button>
                {!online && (
                  <Text size="sm" mt="xs" ta="center" data-testid="offline-note">
                    You are offline: your booking is kept on this device and sent when you are back online.
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt="xs" ta="center" data-testid="seat-hold">
                  {holdTerms.data
                    ? seatHoldText(holdTerms.data, holdTerms.data.accountEmailProven && !!user && draft.contact.email.trim().toLowerCase() === user.email.toLowerCase())
                    : 'We hold your seats while you pay.'}{' '}
                  You can cancel a pending booking for free.
                </Text>
              </PriceSummary>
            </aside>
          </form>
        </Container>
      </div>
      {!waiting && (
        <div className={classes.bar} role="region" aria-label="Total and book" data-bottom-bar>
          <div>
            <Text size="xs" c="dimmed">
              {partyLine(draft.adults, draft.children)}
            </Text>
            <Text fw={700} ff="heading" fz="lg" lh={1.1} data-testid="bar-total">
              {total !== null ? <Money amount={total} currency={tour.currency} cents stacked /> : '—'}
            </Text>
          </div>
          <Button type="submit" form="booking-form" size="md" loading={submitting}>
            Book now
          </Button>
        </div>
      )}
    </>
  );
}
