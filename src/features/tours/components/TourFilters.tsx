import { Button, Group, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { upcomingMonths } from '@/lib/dates.ts';
import { durationBands, type DurationBand, type TourListFilters } from '@shared/catalogue-queries.ts';
import { activeFilterCount } from '../search-params.ts';
import classes from './TourCatalogue.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface TourFilterOptions {
  categories: FilterOption[];
  destinations: FilterOption[];
  today: string;
}

const ANY = '';
const PRICE_DEBOUNCE_MS = 500;

/** A price box that tells the list only after the visitor pauses typing (or leaves the box). */
function PriceInput({ label, value, onChange }: { label: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  const [draft, setDraft] = useState<string | number>(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = (next: string | number) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined);
  const debouncedCommit = useDebouncedCallback(commit, PRICE_DEBOUNCE_MS);
  return (
    <NumberInput
      label={label}
      value={draft}
      min={0}
      step={100}
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=","
      prefix="$"
      placeholder="Any"
      onChange={(next) => {
        setDraft(next);
        debouncedCommit(next);
      }}
      onBlur={() => {
        // Leaving the box commits now; the pending pause commit must not re-apply it after a later Clear.
        debouncedCommit.cancel();
        commit(draft);
      }}
    />
  );
}

/**
 * The tour list's filters: category, destination, trip length, departure month and price range.
 * Every change goes straight to the URL (the route owns it), so a filtered list can be shared.
 */
export function TourFilters({
  filters,
  options,
  onChange,
}: {
  filters: TourListFilters;
  options: TourFilterOptions;
  onChange: (next: TourListFilters) => void;
}) {
  const set = (patch: Partial<TourListFilters>) => onChange({ ...filters, ...patch });
  const months = upcomingMonths(options.today);
  const firstFilter = useRef<HTMLSelectElement>(null);

  return (
    <Stack gap="md">
      <NativeSelect
        ref={firstFilter}
        label="Category"
        value={filters.category ?? ANY}
        onChange={(event) => set({ category: event.currentTarget.value || undefined })}
        data={[{ value: ANY, label: 'All categories' }, ...options.categories]}
      />
      <NativeSelect
        label="Destination"
        value={filters.destination ?? ANY}
        onChange={(event) => set({ destination: event.currentTarget.value || undefined })}
        data={[{ value: ANY, label: 'All destinations' }, ...options.destinations]}
      />
      <NativeSelect
        label="Trip length"
        value={filters.duration ?? ANY}
        onChange={(event) => set({ duration: (event.currentTarget.value || undefined) as DurationBand | undefined })}
        data={[{ value: ANY, label: 'Any length' }, ...Object.entries(durationBands).map(([value, band]) => ({ value, label: band.label }))]}
      />
      <NativeSelect
        label="Departure month"
        value={filters.month ?? ANY}
        onChange={(event) => set({ month: event.currentTarget.value || undefined })}
        data={[{ value: ANY, label: 'Any month' }, ...months]}
      />
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Price per person (USD)</legend>
        <Group grow gap="xs" align="flex-start">
          <PriceInput label="Min price" value={filters.minPrice} onChange={(minPrice) => set({ minPrice })} />
          <PriceInput label="Max price" value={filters.maxPrice} onChange={(maxPrice) => set({ maxPrice })} />
        </Group>
      </fieldset>
      {activeFilterCount(filters) > 0 && (
        <Button
          variant="subtle"
          onClick={() => {
            onChange({ q: filters.q, sort: filters.sort });
            // The button goes away with the filters it clears: keyboard focus moves to the first filter, not the page.
            firstFilter.current?.focus();
          }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
