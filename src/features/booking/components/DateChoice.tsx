import { Anchor, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { formatCalendarDate, formatDateRange } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import {
  addDays,
  departureBadge,
  firstDateIn,
  isBookable,
  openSeasons,
  seasonOn,
  seatsText,
  upcomingDepartures,
  type BookingTour,
} from '../model.ts';
import classes from './BookingPage.module.css';

const badgeColor = { open: 'brand', limited: 'accent', guaranteed: 'secondary', closed: 'gray' } as const;

/** The scheduled departures, each a radio choice; sold-out and cancelled ones are shown but cannot be chosen. */
function DepartureOptions({
  tour,
  today,
  value,
  onChange,
  error,
}: {
  tour: BookingTour;
  today: string;
  value: string;
  onChange: (departureId: string) => void;
  error?: string;
}) {
  const departures = upcomingDepartures(tour.departures, today);
  if (departures.length === 0) {
    return (
      <Text>
        No departures are scheduled just now. <Anchor href="/contact">Ask us for your own dates</Anchor> and we will arrange them.
      </Text>
    );
  }
  return (
    <div role="radiogroup" aria-label="Departure date" aria-describedby={error ? 'date-error' : undefined} aria-invalid={!!error}>
      <ul className={classes.options} data-testid="departures">
        {departures.map((departure) => {
          const bookable = isBookable(departure);
          const badge = departureBadge(departure);
          return (
            <li key={departure.id}>
              <label className={classes.option} data-disabled={bookable ? undefined : true} data-testid="departure-option">
                <input
                  type="radio"
                  name="departureId"
                  className={classes.radio}
                  value={departure.id}
                  checked={value === departure.id}
                  disabled={!bookable}
                  onChange={() => onChange(departure.id)}
                  aria-label={`${formatDateRange(departure.startDate, departure.endDate)}, ${seatsText(departure)}`}
                />
                <span className={classes.optionMain}>
                  <span className={classes.optionDates}>{formatDateRange(departure.startDate, departure.endDate)}</span>
                  <span className={classes.optionMeta}>
                    <Badge size="sm" variant="light" color={badgeColor[badge.tone]}>
                      {badge.label}
                    </Badge>
                    <span>{seatsText(departure)}</span>
                    {departure.season && <span>{departure.season}</span>}
                  </span>
                </span>
                <span className={classes.optionPrice}>
                  {bookable ? formatMoney(departure.price, tour.currency) : '—'}
                  {bookable && <small>per adult</small>}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A private trip starts on any date of a season window; the windows are listed with their prices. */
function PrivateDate({
  tour,
  today,
  value,
  onChange,
  error,
}: {
  tour: BookingTour;
  today: string;
  value: string;
  onChange: (date: string) => void;
  error?: string;
}) {
  const seasons = openSeasons(tour.seasons, today);
  const season = /^\d{4}-\d{2}-\d{2}$/.test(value) ? seasonOn(tour.seasons, value) : null;
  const last = seasons.at(-1)?.endsOn;
  return (
    <>
      <Text mb="sm">This is a private trip: it starts on the day you choose, just for your party.</Text>
      <TextInput
        type="date"
        name="startDate"
        label="First day of your trip"
        required
        min={addDays(today, 1)}
        max={last}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        maw={260}
        description={
          season && value
            ? `${season.name}: ${formatDateRange(value, addDays(value, tour.durationDays - 1))}`
            : `The trip lasts ${tour.durationDays} ${tour.durationDays === 1 ? 'day' : 'days'}.`
        }
      />
      {seasons.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="md" mb={6}>
            When it runs
          </Text>
          <Group gap="xs">
            {seasons.map((window) => (
              <Button
                key={`${window.name}-${window.startsOn}`}
                variant={season === window ? 'light' : 'default'}
                size="compact-sm"
                radius="xl"
                onClick={() => onChange(firstDateIn(window, today))}
                title={`Start on ${formatCalendarDate(firstDateIn(window, today))}`}
              >
                {window.name}, {formatDateRange(window.startsOn, window.endsOn)} · {formatMoney(window.price, tour.currency)} pp
              </Button>
            ))}
          </Group>
        </>
      )}
    </>
  );
}

export function DateChoice(props: {
  tour: BookingTour;
  today: string;
  departureId: string;
  startDate: string;
  onDeparture: (departureId: string) => void;
  onStartDate: (date: string) => void;
  error?: string;
}) {
  const { tour, today, error } = props;
  return (
    <>
      {tour.isPrivate ? (
        <PrivateDate tour={tour} today={today} value={props.startDate} onChange={props.onStartDate} error={error} />
      ) : (
        <>
          <DepartureOptions tour={tour} today={today} value={props.departureId} onChange={props.onDeparture} error={error} />
          {error && (
            <Text c="red" size="sm" mt="xs" id="date-error" role="alert">
              {error}
            </Text>
          )}
        </>
      )}
    </>
  );
}
