import { Alert, Button, Card, Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { daysBetween, formatOfficeDateRange, officeToday } from '@/lib/dates.ts';
import { decimalAmount, formatMoney, parseAmount, toCents } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { bookingKeys, createPhoneBooking, paymentTermsQuery, quoteDeparture, tourChoicesQuery, upcomingDeparturesQuery } from '../api.ts';
import { MANUAL_PAYMENT_METHODS } from '@shared/payment-methods.ts';
import { newBookingProblems, newBookingRefusalField, phonePaymentCents, type NewBookingProblems, type NewBookingValues } from '../model.ts';
import { ExtrasPicker } from './ExtrasPicker.tsx';

const empty: NewBookingValues = {
  tourId: null,
  departureId: null,
  adults: 2,
  children: 0,
  fullName: '',
  email: '',
  phone: '',
  country: '',
  notes: '',
  byHand: false,
  total: '',
  reason: '',
  extras: [],
  pickup: '',
  pickupTime: '',
  payment: 'none',
  paymentAmount: '',
  paymentMethod: null,
  paymentReference: '',
};

/**
 * /admin/bookings/new: a booking taken by phone or at the desk, for a client who is not signed in,
 * whole in one form: the party and extras, the pickup, the price (by hand, with a reason) and the
 * deposit or full payment taken on the phone. The client is emailed the booking and the receipt.
 */
export function NewBooking() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = officeToday();
  const [values, setValues] = useState<NewBookingValues>(empty);
  const [problems, setProblems] = useState<NewBookingProblems>({});
  const edits = useUnsavedEdits(values);
  const tours = useQuery(tourChoicesQuery());
  const terms = useQuery(paymentTermsQuery());
  const departures = useQuery({ ...upcomingDeparturesQuery(values.tourId ?? '', today), enabled: values.tourId !== null });
  const adults = Number(values.adults) || 0;
  const children = Number(values.children) || 0;
  const quote = useQuery({
    queryKey: ['admin', 'bookings', 'new-quote', values.departureId, adults, children, values.extras],
    queryFn: () => quoteDeparture(values.departureId!, { tourId: values.tourId!, adults, children, extras: values.extras }),
    enabled: values.departureId !== null && adults >= 1,
    retry: false,
  });
  const chosen = departures.data?.find((departure) => departure.id === values.departureId) ?? null;
  const seatsLeft = chosen ? chosen.capacity - chosen.seats_booked : null;
  const currency = quote.data?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents / 100, currency, { cents: true });
  const byHand = parseAmount(values.total);
  const totalCents = values.byHand ? (byHand.ok ? byHand.cents : null) : quote.data ? toCents(quote.data.total) : null;
  const paymentTerms = { depositPercent: terms.data?.depositPercent ?? 30, balanceDueDays: terms.data?.balanceDueDays ?? 60, daysToDeparture: chosen ? daysBetween(today, chosen.start_date) : null };
  const depositCents = phonePaymentCents({ payment: 'deposit', paymentAmount: '' }, totalCents, paymentTerms);
  const paymentCents = phonePaymentCents(values, totalCents, paymentTerms);

  const mutation = useMutation({
    mutationFn: () =>
      createPhoneBooking({
        departureId: values.departureId!,
        adults,
        children,
        extras: values.extras,
        contact: { full_name: values.fullName.trim(), email: values.email.trim(), phone: values.phone.trim(), country: values.country.trim() },
        pickup: values.pickup,
        pickupTime: values.pickupTime,
        notes: values.notes,
        priceByHand: values.byHand ? { total: decimalAmount(values.total), reason: values.reason.trim() } : null,
        payment: paymentCents !== null ? { amount: (paymentCents / 100).toFixed(2), method: values.paymentMethod!, reference: values.paymentReference } : null,
      }),
    onSuccess: async ({ id }) => {
      // Made: the form's values are the booking now, and opening it asks nothing.
      edits.markSaved();
      notify.success(paymentCents !== null ? `Booking made, with ${money(paymentCents)} received` : 'Booking made');
      await Promise.all([queryClient.invalidateQueries({ queryKey: bookingKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] })]);
      await navigate({ to: '/admin/bookings/$bookingId', params: { bookingId: id } });
    },
    onError: (error: Error) => setProblems({ [newBookingRefusalField(error.message)]: error.message }),
  });
  const set = (patch: Partial<NewBookingValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblems({});
  };

  return (
    <Stack gap="md" maw={880}>
      <BackLink to="/admin/bookings">All bookings</BackLink>
      <PageHeader title="New booking" description="A booking taken by phone or at the desk, with its extras, pickup and the payment taken. The client is emailed the booking and a receipt." />
      <form
        aria-label="New booking"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = newBookingProblems(values, seatsLeft);
          if (values.payment !== 'none' && paymentCents !== null && totalCents !== null && paymentCents > totalCents) found.paymentAmount = `A payment can be at most the total of ${money(totalCents)}`;
          setProblems(found);
          if (Object.keys(found).length === 0) mutation.mutate();
        }}
      >
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Trip
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Tour"
                placeholder="Choose"
                searchable
                data={(tours.data ?? []).filter((tour) => tour.status === 'active').map((tour) => ({ value: tour.id, label: tour.title }))}
                value={values.tourId}
                onChange={(tourId) => set({ tourId, departureId: null, extras: [] })}
                error={problems.tourId}
                required
              />
              <Select
                label="Departure"
                placeholder={values.tourId ? (departures.data?.length === 0 ? 'No coming departure' : 'Choose') : 'Choose the tour first'}
                disabled={!values.tourId}
                data={(departures.data ?? []).map((departure) => {
                  const left = departure.capacity - departure.seats_booked;
                  return { value: departure.id, label: `${formatOfficeDateRange(departure.start_date, departure.end_date)} · ${left} seat${left === 1 ? '' : 's'} left`, disabled: left <= 0 };
                })}
                value={values.departureId}
                onChange={(departureId) => set({ departureId })}
                error={problems.departureId ?? (quote.error ? quote.error.message : undefined)}
                required
              />
              <NumberInput label="Adults" min={1} max={50} allowDecimal={false} value={values.adults} onChange={(value) => set({ adults: value })} error={problems.adults} required />
              <NumberInput label="Children" min={0} max={50} allowDecimal={false} value={values.children} onChange={(value) => set({ children: value })} error={problems.children} />
            </SimpleGrid>
            {values.tourId && (
              <Stack mt="sm">
                <ExtrasPicker tourId={values.tourId} currency={currency} value={values.extras} onChange={(extras) => set({ extras })} />
              </Stack>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              <TextInput label="Pickup point or hotel" description="Where the trip collects them on the first day" value={values.pickup} onChange={(event) => set({ pickup: event.currentTarget.value })} error={problems.pickup} maxLength={200} />
              <TextInput label="Pickup time" type="time" value={values.pickupTime} onChange={(event) => set({ pickupTime: event.currentTarget.value })} />
            </SimpleGrid>
            {quote.data && (
              <Text mt="sm" size="sm" data-testid="list-price">
                List price: <strong>{formatMoney(quote.data.total, quote.data.currency, { cents: true })}</strong>
              </Text>
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Lead traveler
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Full name" value={values.fullName} onChange={(event) => set({ fullName: event.currentTarget.value })} error={problems.fullName} maxLength={200} required />
              <TextInput label="Email" type="email" value={values.email} onChange={(event) => set({ email: event.currentTarget.value })} error={problems.email} maxLength={254} required />
              <TextInput label="Phone" type="tel" value={values.phone} onChange={(event) => set({ phone: event.currentTarget.value })} maxLength={40} />
              <TextInput label="Country" value={values.country} onChange={(event) => set({ country: event.currentTarget.value })} maxLength={100} />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Price and payment
            </Title>
            <Stack gap="sm">
              <Checkbox label="Set the price by hand" checked={values.byHand} onChange={(event) => set({ byHand: event.currentTarget.checked })} />
              {values.byHand && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NumberInput label="Total" decimalScale={2} fixedDecimalScale thousandSeparator="," min={0} value={values.total} onChange={(total) => set({ total })} error={problems.total} required />
                  <TextInput label="Reason for the price" description="Kept in the booking’s History." value={values.reason} onChange={(event) => set({ reason: event.currentTarget.value })} error={problems.reason} maxLength={200} required />
                </SimpleGrid>
              )}
              <Radio.Group label="Payment taken now" value={values.payment} onChange={(payment) => set({ payment: payment as NewBookingValues['payment'] })}>
                <Stack gap={8} mt={6}>
                  <Radio value="none" label="Nothing yet: the client pays later" />
                  <Radio value="deposit" label={depositCents !== null ? `The deposit: ${money(depositCents)}` : 'The deposit'} />
                  <Radio value="full" label={totalCents !== null ? `The full price: ${money(totalCents)}` : 'The full price'} />
                  <Radio value="other" label="Another amount" />
                </Stack>
              </Radio.Group>
              {values.payment !== 'none' && (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  {values.payment === 'other' && (
                    <NumberInput label={`Amount received (${currency})`} decimalScale={2} fixedDecimalScale thousandSeparator="," min={0} value={values.paymentAmount} onChange={(paymentAmount) => set({ paymentAmount })} error={problems.paymentAmount} required />
                  )}
                  <Select label="How it was paid" placeholder="Choose" data={MANUAL_PAYMENT_METHODS} value={values.paymentMethod} onChange={(paymentMethod) => set({ paymentMethod })} error={problems.paymentMethod ?? (values.payment !== 'other' ? problems.paymentAmount : undefined)} required />
                  <TextInput label="Reference" description="The bank’s or the phone’s transaction number" value={values.paymentReference} onChange={(event) => set({ paymentReference: event.currentTarget.value })} error={problems.paymentReference} maxLength={200} />
                </SimpleGrid>
              )}
              <Textarea label="Internal notes" placeholder="For the office only" autosize minRows={2} maxLength={5000} value={values.notes} onChange={(event) => set({ notes: event.currentTarget.value })} />
            </Stack>
          </Card>
          {problems.form && (
            <Alert color="red" role="alert">
              {problems.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin/bookings">
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Make booking
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
