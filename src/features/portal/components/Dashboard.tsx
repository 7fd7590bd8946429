import { Anchor, Badge, Button, Grid, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { Money, MoneySum } from '@/components/widgets/Money.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { IconCash, IconCheck, IconHeart, IconId, IconMessageCircle, IconPhoneCall } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { groupThreads } from '@/lib/messages/model.ts';
import { useMessages } from '@/lib/messages/queries.ts';
import { ACTIVITY_PAGE, useActivity, useBookings, usePaymentInstructions, usePreferences, useProfile, useWishlist, type ActivityEntry } from '../api.ts';
import { useDisplay } from '../hooks.ts';
import { formatDay, formatInstant } from '@/lib/dates.ts';
import {
  countdown,
  countdownText,
  itineraryOf,
  nextTrip,
  todoList,
  totalsDue,
  type PortalBooking,
  type TodoItem,
} from '../model.ts';
import classes from './Portal.module.css';
import { Panel, PortalPage, SyncNotice } from './PortalPage.tsx';

type Display = ReturnType<typeof useDisplay>;

function bookingHref(booking: Pick<PortalBooking, 'booking_reference'>): string {
  return `/traveler/bookings/${encodeURIComponent(booking.booking_reference)}`;
}

function NextTrip({ trip, display }: { trip: PortalBooking; display: Display }) {
  const departure = trip.departure!;
  const days = itineraryOf(trip);
  const when = countdown(departure, display.today);
  return (
    <Panel title="Your next trip" action={<Badge variant="light">{countdownText(when)}</Badge>} data-testid="next-trip">
      <div className={classes.tripHero}>
        {trip.tour?.hero_image_url ? <Picture src={trip.tour.hero_image_url} sizes="(min-width: 48em) 13rem, 100vw" alt="" className={classes.tripImage} /> : <div className={classes.tripImage} />}
        <Stack gap={6}>
          <Text fw={700} fz="lg" lh={1.3}>
            {trip.tour?.title ?? 'Your safari'}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDay(departure.start_date, display.date_format)} – {formatDay(departure.end_date, display.date_format)} · {trip.adults + trip.children}{' '}
            {trip.adults + trip.children === 1 ? 'traveler' : 'travelers'} · Ref. {trip.booking_reference}
          </Text>
          {when.kind === 'days' && (
            <Group gap={6} align="baseline">
              <span className={classes.countdown}>{when.days}</span>
              <Text size="sm" c="dimmed">
                {when.days === 1 ? 'day to go' : 'days to go'}
              </Text>
            </Group>
          )}
          <Group gap="xs" mt={4}>
            <Button component={Link} to={bookingHref(trip)} size="xs">
              View booking
            </Button>
            <Button component={Link} to={`${bookingHref(trip)}?doc=itinerary`} size="xs" variant="default">
              Itinerary
            </Button>
          </Group>
        </Stack>
      </div>
      {days.length > 0 && (
        <Stack gap={0} mt="md" aria-label="Itinerary at a glance">
          {days.slice(0, 8).map((day) => (
            <div key={day.day_number} className={classes.dayRow}>
              <span className={classes.dayNumber}>Day {day.day_number}</span>
              <Text size="sm" lineClamp={1}>
                {day.title}
                {day.location && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {day.location}
                  </Text>
                )}
              </Text>
            </div>
          ))}
          {days.length > 8 && (
            <Anchor component={Link} to={bookingHref(trip)} size="sm" mt={6}>
              All {days.length} days
            </Anchor>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function TodoLine({ item, display }: { item: TodoItem; display: Display }) {
  switch (item.kind) {
    case 'pay':
      return (
        <div className={classes.todo}>
          <ThemeIcon variant="light" color={item.overdue ? 'accent' : 'brand'} radius="xl" size="md">
            <IconCash size={16} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              Pay <Money amount={item.amount} currency={item.booking.currency} cents />
            </Text>
            <Text size="xs" c="dimmed">
              {item.booking.tour?.title ?? item.booking.booking_reference}
              {item.dueDate && ` · ${item.overdue ? 'was due' : 'due'} ${formatDay(item.dueDate, display.date_format)}`}
            </Text>
          </div>
          <Anchor component={Link} to="/traveler/payments" size="sm">
            How to pay
          </Anchor>
        </div>
      );
    case 'passport':
    case 'passportExpiry':
      return (
        <div className={classes.todo}>
          <ThemeIcon variant="light" color="brand" radius="xl" size="md">
            <IconId size={16} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {item.kind === 'passport' ? 'Add your passport details' : 'Check your passport'}
            </Text>
            <Text size="xs" c="dimmed">
              {item.kind === 'passport'
                ? 'Park permits are issued in the name and number on your passport.'
                : `It expires ${formatDay(item.expiry, display.date_format)}; it must be valid 6 months after your trip.`}
            </Text>
          </div>
          <Anchor component={Link} to="/traveler/profile" size="sm">
            Update
          </Anchor>
        </div>
      );
    case 'emergencyContact':
      return (
        <div className={classes.todo}>
          <ThemeIcon variant="light" color="brand" radius="xl" size="md">
            <IconPhoneCall size={16} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              Add an emergency contact
            </Text>
            <Text size="xs" c="dimmed">
              Someone we can call while you are on safari.
            </Text>
          </div>
          <Anchor component={Link} to="/traveler/profile" size="sm">
            Add
          </Anchor>
        </div>
      );
  }
}

const activityLabels: Record<string, string> = {
  sign_in: 'Signed in',
  booking_view: 'Viewed booking',
  profile_update: 'Updated profile',
  settings_update: 'Changed settings',
  password_change: 'Changed password',
};

function activityText(entry: ActivityEntry): string {
  const label = activityLabels[entry.action] ?? entry.action.replace(/_/g, ' ');
  return entry.resource_id && entry.resource_type === 'booking' ? `${label} ${entry.resource_id}` : label;
}

function RecentActivity({ userId, display }: { userId: string; display: Display }) {
  const [pages, setPages] = useState(1);
  const activity = useActivity(userId, 0, ACTIVITY_PAGE * pages);
  const entries = activity.data ?? [];
  return (
    <Panel title="Recent activity">
      {activity.isPending && activity.fetchStatus !== 'paused' ? (
        <Skeleton height={80} />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {activity.isError || activity.isPending ? 'Your activity shows here when you are online.' : 'Nothing yet.'}
        </Text>
      ) : (
        <Stack gap={4} data-testid="activity">
          {entries.map((entry) => (
            <Group key={entry.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {activityText(entry)}
              </Text>
              <Text size="xs" c="dimmed" className={classes.number}>
                {formatInstant(entry.created_at, display)}
              </Text>
            </Group>
          ))}
          {entries.length === ACTIVITY_PAGE * pages && (
            <Button variant="subtle" size="xs" onClick={() => setPages((n) => n + 1)} loading={activity.isFetching} mt={4}>
              Show more
            </Button>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** The portal's first screen: when is my next trip, and what do I still need to do or pay. */
export function Dashboard({ userId, firstName }: { userId: string; firstName: string }) {
  const bookings = useBookings(userId);
  const profile = useProfile(userId);
  const wishlist = useWishlist(userId);
  const { messages } = useMessages(userId);
  const instructions = usePaymentInstructions();
  const display = useDisplay(userId);
  const preferences = usePreferences(userId).data;
  const trip = nextTrip(bookings.data, display.today);
  const todos = todoList(bookings.data, profile.data, display.today, instructions?.balance_due_days ?? 60);
  const due = totalsDue(bookings.data);
  const threads = groupThreads(messages).filter((thread) => thread.unread > 0);

  return (
    <PortalPage title={firstName ? `Jambo, ${firstName}` : 'Jambo'} description="Your trips, what is left to do, and what is new.">
      <SyncNotice error={bookings.refreshError} onRetry={bookings.refresh} syncedWhat="trips" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {!bookings.ready ? (
            <Skeleton height={260} radius="md" />
          ) : trip ? (
            <NextTrip trip={trip} display={display} />
          ) : (
            <Panel title="Your next trip">
              <Stack gap="sm" align="flex-start">
                <Text size="sm" c="dimmed">
                  {bookings.data.length > 0 ? 'You have no trips coming up.' : 'You have not booked a trip yet.'} Find a safari, a climb or a beach escape and it will appear here
                  with its countdown and day-by-day plan.
                </Text>
                <Button component={Link} to="/tours" size="xs">
                  Browse tours
                </Button>
              </Stack>
            </Panel>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="md">
          <Panel
            title="Still to do"
            action={
              due.length > 0 && (
                <Text size="sm" fw={700} className={classes.number} data-testid="total-due">
                  <MoneySum amounts={due} cents />
                </Text>
              )
            }
          >
            {todos.length === 0 ? (
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" color="secondary" radius="xl" size="md">
                  <IconCheck size={16} />
                </ThemeIcon>
                <Text size="sm" c="dimmed">
                  {bookings.ready ? 'Nothing to pay and nothing missing.' : 'Checking…'}
                </Text>
              </Group>
            ) : (
              <div data-testid="todo-list">
                {todos.map((item, index) => (
                  <TodoLine key={index} item={item} display={display} />
                ))}
              </div>
            )}
          </Panel>
          <Panel title="Messages" action={<Anchor component={Link} to="/traveler/messages" size="sm">Open</Anchor>}>
            {threads.length === 0 ? (
              <Group gap="xs" wrap="nowrap">
                <IconMessageCircle size={18} color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed">
                  No unread messages.
                </Text>
              </Group>
            ) : (
              <Stack gap={6}>
                {threads.slice(0, 3).map((thread) => (
                  <Anchor key={thread.id} component={Link} to={`/traveler/messages?thread=${thread.id}`} size="sm" c="inherit">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={600} truncate>
                        {thread.subject}
                      </Text>
                      <Badge size="sm" circle>
                        {thread.unread}
                      </Badge>
                    </Group>
                  </Anchor>
                ))}
              </Stack>
            )}
          </Panel>
        </Stack>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Wishlist" action={<Anchor component={Link} to="/traveler/wishlist" size="sm">All saved tours</Anchor>}>
          {wishlist.data.length === 0 ? (
            <Group gap="xs" wrap="nowrap">
              <IconHeart size={18} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                Tap the heart on any tour to save it here.
              </Text>
            </Group>
          ) : (
            <Stack gap={6}>
              {wishlist.data.slice(0, 4).map((entry) => {
                const tour = entry.tour as { slug?: string; title?: string } | null | undefined;
                return (
                  <Group key={entry.tour_id} gap="xs" wrap="nowrap">
                    <IconHeart size={16} color="var(--mantine-color-accent-6)" style={{ flex: 'none' }} />
                    {tour?.slug ? (
                      <Anchor component={Link} to={`/tours/${tour.slug}`} size="sm" truncate>
                        {tour.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">A saved tour</Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
        </Panel>
        {preferences.privacy.activity_visible && <RecentActivity userId={userId} display={display} />}
      </SimpleGrid>
    </PortalPage>
  );
}
