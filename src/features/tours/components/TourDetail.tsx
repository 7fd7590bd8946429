import { Anchor, Button, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconClockHour4,
  IconMountain,
  IconStarFilled,
  IconSun,
  IconUsersGroup,
  IconCurrencyDollar,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/widgets/Breadcrumbs.tsx';
import { HeroImage } from '@/components/widgets/HeroImage.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { formatCalendarDate, localIsoDate } from '@/lib/dates.ts';
import { relatedToursQuery } from '../api.ts';
import {
  capitalise,
  formatDuration,
  formatGroupSize,
  isSoldOut,
  upcomingDepartures,
  type TourDeparture,
  type TourDetail as TourDetailData,
} from '../model.ts';
import { TourCard } from './TourCard.tsx';
import classes from './TourDetail.module.css';
import { CheckList, DepartureList, DetailSection, Gallery, ItineraryTimeline, ReviewList, RouteSummary } from './TourSections.tsx';

/** Where the booking page of a tour is (SPEC 2: tours/{slug}/book). */
export function bookingHref(slug: string): string {
  return `/tours/${slug}/book`;
}

function KeyFacts({ tour }: { tour: TourDetailData }) {
  const facts = [
    { icon: IconClockHour4, label: 'Duration', value: formatDuration(tour.durationDays, tour.durationNights) },
    {
      icon: IconCurrencyDollar,
      label: 'Price from',
      value: <Money amount={tour.basePrice} currency={tour.currency} cents={false} suffix=" pp" />,
    },
    { icon: IconUsersGroup, label: 'Group size', value: formatGroupSize(tour.groupSizeMin, tour.groupSizeMax) },
    { icon: IconMountain, label: 'Difficulty', value: tour.difficulty ? capitalise(tour.difficulty) : 'Suits most travelers' },
    { icon: IconSun, label: 'Best season', value: tour.bestSeason ?? 'All year' },
  ];
  return (
    <dl className={classes.facts} aria-label="Key facts">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className={classes.fact}>
          <dt>
            <Icon size={20} stroke={1.6} aria-hidden />
            {label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function nextBookable(departures: TourDeparture[]): TourDeparture | undefined {
  return departures.find((departure) => !isSoldOut(departure));
}

/** Price from, the next departure, Book now and the wishlist: beside the content, in view while scrolling. */
function BookingBox({ tour, departures, wishlist }: { tour: TourDetailData; departures: TourDeparture[]; wishlist: ReactNode }) {
  const next = nextBookable(departures);
  return (
    <div className={classes.bookingBox}>
      <Text size="xs" tt="uppercase" fw={500} c="dimmed" className={classes.kicker}>
        Price from
      </Text>
      <Text className={classes.bookingPrice}>
        <Money amount={tour.basePrice} currency={tour.currency} cents={false} stacked testId="tour-price" />
      </Text>
      <Text size="sm" c="dimmed">
        per person, {formatDuration(tour.durationDays, tour.durationNights)}
      </Text>
      <Divider my="md" />
      <Text size="sm" className={classes.nextDeparture}>
        <IconCalendarEvent size={18} aria-hidden />
        {tour.isPrivate
          ? 'Private, any date you choose'
          : next
            ? `Next departure ${formatCalendarDate(next.startDate)}`
            : 'Dates on request'}
      </Text>
      <Stack gap="sm" mt="lg">
        <Button component="a" href={bookingHref(tour.slug)} size="md" fullWidth>
          Book now
        </Button>
        {wishlist}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        No payment is taken until we confirm your dates.
      </Text>
    </div>
  );
}

/** Phones: the price and Book now in a bar at the bottom of the screen. */
function BookingBar({ tour }: { tour: TourDetailData }) {
  return (
    <div className={classes.bar} role="region" aria-label="Book this tour" data-bottom-bar>
      <div>
        <Text size="xs" c="dimmed">
          From
        </Text>
        <Text fw={700} ff="heading" fz="lg" lh={1.1}>
          <Money
            amount={tour.basePrice}
            currency={tour.currency}
            cents={false}
            suffix={
              <>
                {' '}
                <Text span size="xs" c="dimmed" ff="text" fw={400}>
                  per person
                </Text>
              </>
            }
          />
        </Text>
      </div>
      <Button component="a" href={bookingHref(tour.slug)} size="md">
        Book now
      </Button>
    </div>
  );
}

function RelatedTours({ tour, today }: { tour: TourDetailData; today: string }) {
  const related = useQuery(relatedToursQuery(tour));
  if (!related.data?.length) return null;
  return (
    <DetailSection id="related" title="You may also like">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {related.data.map((card) => (
          <TourCard key={card.id} tour={card} today={today} />
        ))}
      </SimpleGrid>
    </DetailSection>
  );
}

/**
 * The tour page: hero, key facts, overview, highlights, route, itinerary, inclusions, departures,
 * gallery, reviews and related tours, with the booking box (a bottom bar on phones).
 * `wishlist` is the wishlist toggle for this tour.
 */
export function TourDetail({ tour, wishlist }: { tour: TourDetailData; wishlist: ReactNode }) {
  const today = localIsoDate();
  const departures = upcomingDepartures(tour.departures, today);
  const mainDestination = tour.destinations[0];
  const toursPath: string = '/tours';

  return (
    <article>
      <header className={classes.hero}>
        {tour.heroImageUrl && (
          <HeroImage src={tour.heroImageUrl} alt={mainDestination ? `Landscape of ${mainDestination.name}` : ''} className={classes.heroImage} />
        )}
        <Container size="lg" className={classes.heroInner}>
          <Breadcrumbs className={classes.breadcrumbs} trail={[{ label: 'Home', to: '/' }, { label: 'Tours', to: toursPath }]} current={tour.title} />
          <Title order={1} className={classes.heroTitle}>
            {tour.title}
          </Title>
          {tour.summary && <Text className={classes.heroSummary}>{tour.summary}</Text>}
          <div className={classes.heroMeta}>
            {tour.category && <span>{tour.category.name}</span>}
            {tour.reviewCount > 0 && (
              <span className={classes.heroRating}>
                <IconStarFilled size={15} className={classes.star} aria-hidden />
                <span>
                  {tour.ratingAverage.toFixed(1)} ({tour.reviewCount} {tour.reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              </span>
            )}
          </div>
        </Container>
      </header>

      <Container size="lg" pb={{ base: 48, md: 80 }}>
        <KeyFacts tour={tour} />
        <div className={classes.mobileWishlist}>{wishlist}</div>
        <div className={classes.layout}>
          <div className={classes.content}>
            <DetailSection id="overview" title="Overview">
              {(tour.description ?? tour.summary ?? '').split(/\n{2,}/).map((paragraph) => (
                <Text key={paragraph.slice(0, 40)} className={classes.prose} mb="sm">
                  {paragraph}
                </Text>
              ))}
            </DetailSection>

            {tour.highlights.length > 0 && (
              <DetailSection id="highlights" title="Highlights">
                <CheckList items={tour.highlights} kind="highlight" />
              </DetailSection>
            )}

            {(tour.itinerary.length > 0 || tour.destinations.length > 0) && (
              <DetailSection id="route" title="Route">
                <RouteSummary tour={tour} />
                {(tour.startLocation || tour.endLocation) && (
                  <Text size="sm" c="dimmed" mt="sm">
                    Starts in {tour.startLocation ?? 'Arusha'}, ends in {tour.endLocation ?? tour.startLocation ?? 'Arusha'}.
                  </Text>
                )}
              </DetailSection>
            )}

            {tour.itinerary.length > 0 && (
              <DetailSection id="itinerary" title="Day by day">
                <ItineraryTimeline days={tour.itinerary} />
              </DetailSection>
            )}

            {(tour.included.length > 0 || tour.excluded.length > 0) && (
              <DetailSection id="inclusions" title="What is included">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
                  <div>
                    <Title order={3} fz="md" mb="sm">
                      Included
                    </Title>
                    <CheckList items={tour.included} kind="included" />
                  </div>
                  <div>
                    <Title order={3} fz="md" mb="sm">
                      Not included
                    </Title>
                    <CheckList items={tour.excluded} kind="excluded" />
                  </div>
                </SimpleGrid>
              </DetailSection>
            )}

            <DetailSection id="departures" title="Departures">
              {tour.isPrivate && (
                <Text mb="md">This is a private tour: it runs on any date you choose, just for your party.</Text>
              )}
              {departures.length > 0 ? (
                <DepartureList departures={departures} currency={tour.currency} bookHref={bookingHref(tour.slug)} />
              ) : (
                !tour.isPrivate && (
                  <Text>
                    No fixed departures are scheduled just now. <Anchor href={bookingHref(tour.slug)}>Request your own dates</Anchor> and we
                    will arrange them.
                  </Text>
                )
              )}
            </DetailSection>

            {tour.gallery.length > 0 && (
              <DetailSection id="gallery" title="Gallery">
                <Gallery images={tour.gallery} title={tour.title} />
              </DetailSection>
            )}

            <DetailSection id="reviews" title="Reviews">
              {tour.reviews.length > 0 ? (
                <ReviewList reviews={tour.reviews} average={tour.ratingAverage} />
              ) : (
                <Text>No reviews yet. Travelers who join this tour can review it from their portal afterwards.</Text>
              )}
            </DetailSection>
          </div>

          <aside className={classes.aside} aria-label="Book this tour">
            <BookingBox tour={tour} departures={departures} wishlist={wishlist} />
          </aside>
        </div>

        <Stack mt={48}>
          <RelatedTours tour={tour} today={today} />
        </Stack>
      </Container>

      <BookingBar tour={tour} />
    </article>
  );
}
