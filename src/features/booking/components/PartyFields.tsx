import { ActionIcon, SegmentedControl, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money.ts';
import { childAgeText, roomsText, takesChildren, type BookingTour, type RoomPreference } from '../model.ts';
import classes from './BookingPage.module.css';

function Counter({
  label,
  hint,
  value,
  min,
  max,
  noun,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  noun: [string, string];
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = `count-${noun[1]}`;
  return (
    <div className={classes.counter} role="group" aria-labelledby={id}>
      <div>
        <Text fw={600} id={id}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      <div className={classes.counterControls}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={`Fewer ${noun[1]}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <output className={classes.counterValue} aria-live="polite" aria-label={`${value} ${value === 1 ? noun[0] : noun[1]}`} data-testid={id}>
          {value}
        </output>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={`More ${noun[1]}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </div>
    </div>
  );
}

/** How many travel (adults, and children under the tour's child age), and how they sleep. */
export function PartyFields({
  tour,
  adults,
  children,
  maxParty,
  room,
  onAdults,
  onChildren,
  onRoom,
  problem,
}: {
  tour: BookingTour;
  adults: number;
  children: number;
  maxParty: number;
  room: RoomPreference;
  onAdults: (value: number) => void;
  onChildren: (value: number) => void;
  onRoom: (value: RoomPreference) => void;
  problem?: string;
}) {
  const childrenAllowed = takesChildren(tour);
  const alone = adults === 1 && children === 0;
  return (
    <>
      <Counter
        label="Adults"
        hint={`Aged ${tour.childAgeLimit} and over`}
        value={adults}
        min={1}
        max={Math.max(1, maxParty - children)}
        noun={['adult', 'adults']}
        onChange={onAdults}
      />
      <Counter
        label="Children"
        hint={childrenAllowed ? `${childAgeText(tour)} on the first day of the trip` : `This tour is for travelers aged ${tour.minAge} and over`}
        value={children}
        min={0}
        max={Math.max(0, maxParty - adults)}
        noun={['child', 'children']}
        onChange={onChildren}
        disabled={!childrenAllowed}
      />
      {problem && (
        <Text c="red" size="sm" mt="xs" role="alert" data-testid="party-problem">
          {problem}
        </Text>
      )}
      <div className={classes.rooms} data-testid="rooms">
        <Text size="sm" fw={600}>
          Rooms: {roomsText(adults, children)}
        </Text>
        {alone ? (
          tour.singleSupplement > 0 ? (
            <Text size="sm" c="dimmed" mt={4}>
              Travelling alone, you pay the single supplement of {formatMoney(tour.singleSupplement, tour.currency)} for a room of your own.
            </Text>
          ) : (
            <Text size="sm" c="dimmed" mt={4}>
              No single supplement on this trip.
            </Text>
          )
        ) : (
          <>
            <Text size="sm" c="dimmed" mt={4} mb={8} id="room-preference-label">
              Beds in shared rooms
            </Text>
            <SegmentedControl
              aria-labelledby="room-preference-label"
              size="sm"
              value={room}
              onChange={(value) => onRoom(value as RoomPreference)}
              data={[
                { value: 'double', label: 'Double bed' },
                { value: 'twin', label: 'Twin beds' },
              ]}
            />
          </>
        )}
      </div>
    </>
  );
}
