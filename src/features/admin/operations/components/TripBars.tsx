import clsx from 'clsx';
import { Fragment, useState, type CSSProperties } from 'react';
import { formatOfficeDateRange } from '@/lib/dates.ts';
import type { CalendarTrip } from '../api.ts';
import { seatsOf, staffingGaps, weekBars } from '../calendar.ts';
import classes from './Calendar.module.css';

const statusColor: Record<string, string> = {
  open: 'blue',
  guaranteed: 'teal',
  limited: 'yellow',
  sold_out: 'red',
};

/** A trip's colour on the calendar: private trips apart, the others by how full they are. */
export const tripColor = (trip: Pick<CalendarTrip, 'status' | 'is_private'>) => (trip.is_private ? 'grape' : (statusColor[trip.status] ?? 'gray'));

const guideNames = (trip: CalendarTrip) => trip.departure_guides.map((row) => row.guides?.full_name).filter(Boolean).join(', ');
const vehicleNames = (trip: CalendarTrip) => trip.departure_vehicles.map((row) => row.vehicles?.name).filter(Boolean).join(', ');

/** What a bar says aloud and in its tooltip: the trip, its days, its seats, who runs it and what it lacks. */
export function tripSummary(trip: CalendarTrip): string {
  const { sold } = seatsOf(trip);
  const parts = [`${trip.tours?.title ?? 'Trip'}, ${formatOfficeDateRange(trip.start_date, trip.end_date)}`, `${sold} of ${trip.capacity} seats sold`];
  if (trip.departure_guides.length) parts.push(`guide ${guideNames(trip)}`);
  if (trip.departure_vehicles.length) parts.push(vehicleNames(trip));
  parts.push(...staffingGaps(trip).map((gap) => gap.toLowerCase()));
  return parts.join(' · ');
}

/**
 * One week of the calendar: its seven days (drop targets when trips can be dragged) under the trips
 * as bars across the days they run. `detailed` writes who runs each trip on its bar (the week view);
 * otherwise (the month) a week shows `maxLanes` lanes and says how many more there are.
 */
export function WeekOfTrips({
  days,
  trips,
  today,
  month,
  detailed,
  maxLanes,
  draggable,
  onOpen,
  onDropTrip,
  onMore,
}: {
  days: string[];
  trips: CalendarTrip[];
  today: string;
  /** The month shown ('2026-12'): days outside it are shaded. */
  month?: string;
  detailed?: boolean;
  maxLanes?: number;
  draggable: boolean;
  onOpen: (tripId: string) => void;
  onDropTrip: (tripId: string, day: string) => void;
  onMore?: () => void;
}) {
  const [over, setOver] = useState<string | null>(null);
  const bars = weekBars(trips, days[0]);
  const shown = maxLanes === undefined ? bars : bars.filter((bar) => bar.lane < maxLanes);
  const hidden = bars.length - shown.length;
  return (
    <div className={classes.week} data-testid="calendar-week">
      <div className={classes.days}>
        {days.map((day) => (
          <div
            key={day}
            className={clsx(classes.day, month && !day.startsWith(month) && classes.outside, day === today && classes.today, over === day && classes.dropTarget)}
            data-day={day}
            onDragOver={
              draggable
                ? (event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setOver(day);
                  }
                : undefined
            }
            onDragLeave={draggable ? () => setOver((current) => (current === day ? null : current)) : undefined}
            onDrop={
              draggable
                ? (event) => {
                    event.preventDefault();
                    setOver(null);
                    const tripId = event.dataTransfer.getData('text/x-trip');
                    if (tripId) onDropTrip(tripId, day);
                  }
                : undefined
            }
          >
            <span className={classes.dayNumber}>{Number(day.slice(8))}</span>
          </div>
        ))}
      </div>
      <div className={classes.bars}>
        {shown.map(({ trip, column, span, lane, continuesBefore, continuesAfter }) => {
          const gaps = staffingGaps(trip);
          const { sold } = seatsOf(trip);
          return (
            <button
              key={trip.id}
              type="button"
              className={clsx(classes.bar, detailed && classes.detailed, continuesBefore && classes.continuesBefore, continuesAfter && classes.continuesAfter)}
              style={{ gridColumn: `${column} / span ${span}`, gridRow: lane + 1, '--bar-color': `var(--mantine-color-${tripColor(trip)}-6)` } as CSSProperties}
              aria-label={continuesBefore ? `${tripSummary(trip)} (continued)` : tripSummary(trip)}
              title={tripSummary(trip)}
              draggable={draggable}
              onDragStart={(event) => {
                event.dataTransfer.setData('text/x-trip', trip.id);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => onOpen(trip.id)}
            >
              {gaps.length > 0 && <span className={classes.gap}>! </span>}
              <strong>{trip.tours?.title ?? 'Trip'}</strong> · {sold}/{trip.capacity}
              {detailed && (
                <>
                  <br />
                  {trip.departure_guides.length ? guideNames(trip) : <span className={classes.gap}>No guide</span>}
                  {' · '}
                  {trip.departure_vehicles.length ? vehicleNames(trip) : <span className={classes.gap}>No vehicle</span>}
                  {gaps
                    .filter((gap) => gap !== 'No guide' && gap !== 'No vehicle')
                    .map((gap) => (
                      <Fragment key={gap}>
                        {' · '}
                        <span className={classes.gap}>{gap}</span>
                      </Fragment>
                    ))}
                </>
              )}
            </button>
          );
        })}
        {hidden > 0 && onMore && (
          <button type="button" className={classes.bar} style={{ gridColumn: '1 / span 7', '--bar-color': 'var(--mantine-color-gray-5)' } as CSSProperties} onClick={onMore}>
            {hidden} more this week: open the week
          </button>
        )}
      </div>
    </div>
  );
}
