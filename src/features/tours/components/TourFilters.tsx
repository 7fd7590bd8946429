import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
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

/** A whole number of dollars with its thousands marked, as the box shows it when the visitor is not typing. */
function shownPrice(value: number | undefined): string {
  return value === undefined ? '' : value.toLocaleString('en-US');
}

/** The dollars typed, whatever else came with them ('$1,500' is 1500); undefined when no digit was typed. */
function typedPrice(text: string): number | undefined {
  const digits = text.replace(/\D/g, '').slice(0, 7);
  return digits ? Number(digits) : undefined;
}

/**
 * A price box that tells the list only after the visitor pauses typing (or leaves the box). A text
 * box with the number keyboard rather than Mantine's NumberInput: that one brings a formatting
 * library of 5 KB gzip onto the tour list, a page every visitor opens.
 */
function PriceInput({ label, value, onChange }: { label: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  const [draft, setDraft] = useState(() => shownPrice(value));
  // A new price from elsewhere (the address, Clear filters) replaces the box's text; the box's own commit leaves it as typed.
  useEffect(() => setDraft((current) => (typedPrice(current) === value ? current : shownPrice(value))), [value]);
  const debouncedCommit = useDebouncedCallback((next: string) => onChange(typedPrice(next)), PRICE_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      value={draft}
      inputMode="numeric"
      autoComplete="off"
      leftSection="$"
      leftSectionPointerEvents="none"
      placeholder="Any"
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/[^\d,]/g, '');
        setDraft(next);
        debouncedCommit(next);
      }}
      onBlur={() => {
        // Leaving the box commits now; the pending pause commit must not re-apply it after a later Clear.
        debouncedCommit.cancel();
        const price = typedPrice(draft);
        setDraft(shownPrice(price));
        onChange(price);
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
