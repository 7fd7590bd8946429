import { Alert, Anchor, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { formatOfficeDateRange, localIsoDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { bookingKeys, createPhoneBooking, quoteDeparture, tourChoicesQuery, upcomingDeparturesQuery } from '../api.ts';
import { newBookingProblems, newBookingRefusalField, type NewBookingProblems, type NewBookingValues } from '../model.ts';

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
};

/**
 * /admin/bookings/new: a booking taken by phone or at the desk, for a client who is not signed in.
 * The list price is shown as the form is filled; staff may set the price by hand, with a reason.
 */
export function NewBooking() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = localIsoDate();
  const [values, setValues] = useState<NewBookingValues>(empty);
  const [problems, setProblems] = useState<NewBookingProblems>({});
  const tours = useQuery(tourChoicesQuery());
  const departures = useQuery({ ...upcomingDeparturesQuery(values.tourId ?? '', today), enabled: values.tourId !== null });
  const adults = Number(values.adults) || 0;
  const children = Number(values.children) || 0;
  const quote = useQuery({
    queryKey: ['admin', 'bookings', 'new-quote', values.departureId, adults, children],
    queryFn: () => quoteDeparture(values.departureId!, { tourId: values.tourId!, adults, children }),
    enabled: values.departureId !== null && adults >= 1,
    retry: false,
  });
  const chosen = departures.data?.find((departure) => departure.id === values.departureId) ?? null;
  const seatsLeft = chosen ? chosen.capacity - chosen.seats_booked : null;
  const mutation = useMutation({
    mutationFn: () =>
      createPhoneBooking({
        departureId: values.departureId!,
        adults,
        children,
        contact: { full_name: values.fullName.trim(), email: values.email.trim(), phone: values.phone.trim(), country: values.country.trim() },
        notes: values.notes,
        priceByHand: values.byHand ? { total: Number(values.total), reason: values.reason.trim() } : null,
      }),
    onSuccess: async ({ id, problem }) => {
      if (problem) notify.error(problem);
      else notify.success('Booking made');
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
      <Anchor component={Link} to="/admin/bookings" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All bookings
        </Group>
      </Anchor>
      <PageHeader title="New booking" description="A booking taken by phone or at the desk. The client is emailed its details." />
      <form
        aria-label="New booking"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = newBookingProblems(values, seatsLeft);
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
                onChange={(tourId) => set({ tourId, departureId: null })}
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
              Price and notes
            </Title>
            <Stack gap="sm">
              <Checkbox label="Set the price by hand" checked={values.byHand} onChange={(event) => set({ byHand: event.currentTarget.checked })} />
              {values.byHand && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NumberInput label="Total" decimalScale={2} thousandSeparator="," min={0} value={values.total} onChange={(total) => set({ total })} error={problems.total} required />
                  <TextInput label="Reason for the price" description="Kept in the booking’s History." value={values.reason} onChange={(event) => set({ reason: event.currentTarget.value })} error={problems.reason} maxLength={200} required />
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
