import { Group, NumberInput, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { useRecordDraft, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { formatDateRange } from '@/lib/dates.ts';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { notify } from '@/lib/notify.ts';
import { addExtra, addGroupDiscount, addSeason, catalogueKeys, removePricingRow, saveTour, setExtraOffered, type TourWithParts } from '../api.ts';
import { discountProblems, emptySeason, extraProblems, extraRowOf, priceColumns, priceDraftOf, priceProblems, priceRowOf, seasonColumns, seasonProblems, type DiscountDraft, type ExtraDraft, type PriceDraft, type SeasonDraft } from '../model.ts';

function PriceForm({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, edits } = useRecordDraft<PriceDraft>(tour.updated_at, () => priceDraftOf(tour));
  const [problems, setProblems] = useState<Partial<Record<keyof PriceDraft | 'form', string>>>({});
  const save = useMutation({
    mutationFn: (sent: PriceDraft) => saveTour(tour.id, priceRowOf(sent)),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success('Prices saved');
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, priceColumns)]: error.message }),
  });
  const edit = (patch: Partial<PriceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const money = { clampBehavior: 'none', decimalScale: 2, thousandSeparator: ',', leftSection: tour.currency, leftSectionWidth: 48 } as const;
  return (
    <form
      aria-label="Prices"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = priceProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput {...money} id="price-base" label="Price per adult" withAsterisk value={draft.basePrice} onChange={(basePrice) => edit({ basePrice })} error={problems.basePrice} />
        <NumberInput {...money} label="Price per child" description="Empty: children pay the adult price" value={draft.childPrice} onChange={(childPrice) => edit({ childPrice })} error={problems.childPrice} />
        <NumberInput clampBehavior="none" label="Children are under" rightSection="years" rightSectionWidth={56} min={1} max={18} allowDecimal={false} value={draft.childAgeLimit} onChange={(childAgeLimit) => edit({ childAgeLimit })} error={problems.childAgeLimit} />
        <NumberInput {...money} label="Single supplement" description="Paid by one adult traveling alone" value={draft.singleSupplement} onChange={(singleSupplement) => edit({ singleSupplement })} error={problems.singleSupplement} />
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Save prices" />
    </form>
  );
}

function SeasonForm({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SeasonDraft>(emptySeason);
  const [problems, setProblems] = useState<Partial<Record<keyof SeasonDraft | 'form', string>>>({});
  useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: () => addSeason(tour.id, draft),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) });
      notify.success(`${draft.name.trim()} added`);
      setDraft(emptySeason);
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, seasonColumns)]: error.message }),
  });
  const edit = (patch: Partial<SeasonDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Add a season"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = seasonProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput label="Season" placeholder="Peak season" withAsterisk maxLength={60} value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={problems.name} />
        <TextInput type="date" label="From" withAsterisk value={draft.startsOn} onChange={(event) => edit({ startsOn: event.currentTarget.value })} error={problems.startsOn} />
        <TextInput type="date" label="To" withAsterisk value={draft.endsOn} onChange={(event) => edit({ endsOn: event.currentTarget.value })} error={problems.endsOn} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Adult price" withAsterisk value={draft.adultPrice} onChange={(adultPrice) => edit({ adultPrice })} error={problems.adultPrice} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Child price" value={draft.childPrice} onChange={(childPrice) => edit({ childPrice })} error={problems.childPrice} />
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Add the season" />
    </form>
  );
}

function GroupDiscounts({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DiscountDraft>({ minTravelers: '', percent: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof DiscountDraft | 'form', string>>>({});
  useUnsavedEdits(draft);
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) });
  const add = useMutation({
    mutationFn: () => addGroupDiscount(tour.id, Number(draft.minTravelers), Number(draft.percent)),
    onSuccess: async () => {
      await refresh();
      notify.success('Group discount added');
      setDraft({ minTravelers: '', percent: '' });
    },
    onError: (error: Error) => setProblems({ form: error.message }),
  });
  const remove = useMutation({ mutationFn: (id: string) => removePricingRow('tour_group_discounts', id), onSuccess: refresh, onError: (error: Error) => notify.error(error.message) });
  const edit = (patch: Partial<DiscountDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <Stack gap="sm">
      {tour.tour_group_discounts.length > 0 ? (
        <Table verticalSpacing={4} aria-label="Group discounts">
          <Table.Tbody>
            {tour.tour_group_discounts.map((tier) => (
              <Table.Tr key={tier.id}>
                <Table.Td>From {tier.min_travelers} travelers</Table.Td>
                <Table.Td ta="right">{Number(tier.percent)}% off</Table.Td>
                <Table.Td w={48}>
                  <ConfirmAction label={`Remove the discount from ${tier.min_travelers} travelers`} question={`Remove the discount from ${tier.min_travelers} travelers?`} onConfirm={() => remove.mutate(tier.id)} busy={remove.isPending} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No group discount: every party pays the same per person.
        </Text>
      )}
      <form
        aria-label="Add a group discount"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = discountProblems(draft);
          setProblems(found);
          if (Object.keys(found).length === 0) add.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput clampBehavior="none" label="From travelers" allowDecimal={false} value={draft.minTravelers} onChange={(minTravelers) => edit({ minTravelers })} error={problems.minTravelers} />
          <NumberInput clampBehavior="none" label="Percent off" decimalScale={2} rightSection="%" value={draft.percent} onChange={(percent) => edit({ percent })} error={problems.percent} />
        </SimpleGrid>
        <FormFooter problem={problems.form} saving={add.isPending} label="Add the discount" />
      </form>
    </Stack>
  );
}

function Extras({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const empty: ExtraDraft = { name: '', unit: 'per_person', price: '' };
  const [draft, setDraft] = useState<ExtraDraft>(empty);
  const [problems, setProblems] = useState<Partial<Record<keyof ExtraDraft | 'form', string>>>({});
  useUnsavedEdits(draft);
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) });
  const add = useMutation({
    mutationFn: () => addExtra(tour.id, extraRowOf(draft)),
    onSuccess: async () => {
      await refresh();
      notify.success(`${draft.name.trim()} added`);
      setDraft(empty);
    },
    onError: (error: Error) => setProblems({ form: error.message }),
  });
  const offer = useMutation({ mutationFn: ({ id, offered }: { id: string; offered: boolean }) => setExtraOffered(id, offered), onSuccess: refresh, onError: (error: Error) => notify.error(error.message) });
  const edit = (patch: Partial<ExtraDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <Stack gap="sm">
      {tour.tour_extras.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} aria-label="Extras">
            <Table.Tbody>
              {tour.tour_extras.map((extra) => (
                <Table.Tr key={extra.id}>
                  <Table.Td>{extra.name}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={Number(extra.price)} currency={tour.currency} /> {extra.unit === 'per_person' ? 'per person' : 'per booking'}
                  </Table.Td>
                  <Table.Td w={120}>
                    <Switch size="sm" label="Offered" checked={extra.is_active} onChange={(event) => offer.mutate({ id: extra.id, offered: event.currentTarget.checked })} aria-label={`Offer ${extra.name}`} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No extra yet: travelers book the tour as it is.
        </Text>
      )}
      <form
        aria-label="Add an extra"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = extraProblems(draft);
          setProblems(found);
          if (Object.keys(found).length === 0) add.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Extra" placeholder="Hot air balloon safari" maxLength={120} value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={problems.name} />
          <Select label="Priced" data={[{ value: 'per_person', label: 'Per person' }, { value: 'per_booking', label: 'Per booking' }]} value={draft.unit} onChange={(unit) => edit({ unit: (unit as ExtraDraft['unit']) ?? 'per_person' })} allowDeselect={false} />
          <NumberInput clampBehavior="none" decimalScale={2} label="Price" value={draft.price} onChange={(price) => edit({ price })} error={problems.price} />
        </SimpleGrid>
        <FormFooter problem={problems.form} saving={add.isPending} label="Add the extra" />
      </form>
    </Stack>
  );
}

/** The Pricing tab: the tour's own prices, and the seasons that price the departures within them. */
export function TourPricing({ tour }: { tour: TourWithParts }) {
  // A departure's season is a name typed on it; only the seasons below carry dates and prices.
  const namedSeasons = [...new Set(tour.tour_departures.map((departure) => departure.season?.trim()).filter((name): name is string => !!name))];
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => removePricingRow('tour_seasons', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) }),
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <Stack gap="md">
      <Section title="Prices" description="What the booking engine charges when no season or departure says otherwise.">
        <PriceForm tour={tour} />
      </Section>
      <Section title="Seasons" description="A departure added within a season takes its name and prices; private trips starting in it are priced by it too.">
        {tour.tour_seasons.length > 0 ? (
          <Table.ScrollContainer minWidth={520} mb="md">
            <Table verticalSpacing="xs" aria-label="Seasons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Season</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Adult</Table.Th>
                  <Table.Th ta="right">Child</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tour.tour_seasons.map((season) => (
                  <Table.Tr key={season.id} id={`season-${season.id}`}>
                    <Table.Td>{season.name}</Table.Td>
                    <Table.Td>{formatDateRange(season.starts_on, season.ends_on)}</Table.Td>
                    <Table.Td ta="right">{season.adult_price === null ? <Text c="red.8" size="sm">No price</Text> : <Money amount={Number(season.adult_price)} currency={tour.currency} />}</Table.Td>
                    <Table.Td ta="right">{season.child_price === null ? '—' : <Money amount={Number(season.child_price)} currency={tour.currency} />}</Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <ConfirmAction label={`Remove ${season.name}`} question={`Remove the season ${season.name}? Departures keep the prices they have.`} onConfirm={() => remove.mutate(season.id)} busy={remove.isPending} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed" mb="md">
            No priced season yet: every departure costs the tour’s price unless given its own.
            {namedSeasons.length > 0 &&
              ` The departures are marked ${namedSeasons.join(' and ')}, but those names price nothing: add each here with its dates and prices.`}
          </Text>
        )}
        <SeasonForm tour={tour} />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Group discounts" description="The larger the party, the lower the price per person: the best tier it reaches applies.">
          <GroupDiscounts tour={tour} />
        </Section>
        <Section title="Extras" description="What travelers may add when booking. One no longer offered stays on the bookings that took it.">
          <Extras tour={tour} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
