import { Badge, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight, IconBed, IconCheck, IconMapPin, IconRoute, IconToolsKitchen2, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredOverlay, useDeferredOverlay } from '@/components/widgets/DeferredOverlay.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { PersonAvatar } from '@/components/widgets/PersonAvatar.tsx';
import { StarRating } from '@/components/widgets/StarRating.tsx';
import { formatCalendarDate, formatDateRange, formatMonthOfYear } from '@/lib/dates.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import {
  availabilityText,
  formatDayRange,
  isSoldOut,
  routeStops,
  seatsLeft,
  type ItineraryDay,
  type TourDeparture,
  type TourDetail,
  type TourReview,
} from '../model.ts';
import classes from './TourDetail.module.css';

export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-labelledby={`${id}-heading`}>
      <Title order={2} id={`${id}-heading`}>
        {title}
      </Title>
      {children}
    </section>
  );
}

export function CheckList({ items, kind }: { items: string[]; kind: 'included' | 'excluded' | 'highlight' }) {
  const Icon = kind === 'excluded' ? IconX : IconCheck;
  return (
    <ul className={`${classes.checkList} ${kind === 'excluded' ? classes.excluded : classes.included}`}>
      {items.map((item) => (
        <li key={item}>
          <Icon size={18} aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The places of the trip in order, each with its days: the route without a map. Each arrow ends its
 * stop's item, so a route that wraps ends a line with one instead of starting the next with it.
 */
export function RouteSummary({ tour }: { tour: Pick<TourDetail, 'itinerary' | 'destinations'> }) {
  const stops = routeStops(tour);
  return (
    <ol className={classes.route} aria-label="Route, in order">
      {stops.map((stop, index) => (
        <li key={`${stop.place}-${stop.firstDay}`} className={classes.routeItem}>
          <span className={classes.stop}>
            <span className={classes.stopPlace}>{stop.place}</span>
            {stop.firstDay > 0 && <span className={classes.stopDays}>{formatDayRange(stop)}</span>}
          </span>
          {index < stops.length - 1 && <IconArrowRight size={16} className={classes.routeArrow} aria-hidden />}
        </li>
      ))}
    </ol>
  );
}

/** The itinerary as a day-by-day timeline. */
export function ItineraryTimeline({ days }: { days: ItineraryDay[] }) {
  return (
    <Timeline bulletSize={30} lineWidth={2} color="brand">
      {days.map((day) => (
        <Timeline.Item
          key={day.dayNumber}
          bullet={
            <Text size="xs" fw={700} aria-hidden>
              {day.dayNumber}
            </Text>
          }
          title={
            <Title order={3} fz="lg">
              <Text span c="dimmed" fz="sm" fw={500} ff="text" display="block">
                Day {day.dayNumber}
              </Text>
              {day.title}
            </Title>
          }
        >
          {day.description && (
            <Text mt={6} className={classes.prose}>
              {day.description}
            </Text>
          )}
          {day.activities.length > 0 && (
            <Text mt={6} size="sm">
              {day.activities.join(' · ')}
            </Text>
          )}
          <div className={classes.dayMeta}>
            {day.location && (
              <span>
                <IconMapPin size={15} aria-hidden /> {day.location}
              </span>
            )}
            {day.accommodation && (
              <span>
                <IconBed size={15} aria-hidden /> {day.roomBasis ? `${day.accommodation} · ${day.roomBasis}` : day.accommodation}
              </span>
            )}
            {day.travel && (
              <span>
                <IconRoute size={15} aria-hidden /> {day.travel}
              </span>
            )}
            {day.meals.length > 0 && (
              <span>
                <IconToolsKitchen2 size={15} aria-hidden /> {day.meals.join(', ')}
              </span>
            )}
          </div>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * Upcoming departures with their price and seats left; sold-out ones say so and cannot be chosen.
 * A departure priced for its season names the season, so a green-season price under the tour's
 * price from reads as the saving it is.
 */
export function DepartureList({ departures, currency, bookHref }: { departures: TourDeparture[]; currency: string; bookHref: string }) {
  return (
    <ul className={classes.departures}>
      {departures.map((departure) => {
        const soldOut = isSoldOut(departure);
        const left = seatsLeft(departure);
        return (
          <li key={departure.id} className={classes.departure} data-testid="departure">
            <span>
              <span className={classes.departureDates}>{formatDateRange(departure.startDate, departure.endDate)}</span>
              {departure.season && (
                <Text span size="xs" c="dimmed" display="block" data-testid="departure-season">
                  {departure.season} price
                </Text>
              )}
            </span>
            <Money
              amount={departure.price}
              currency={currency}
              cents={false}
              stacked
              amountClassName={classes.departurePrice}
              suffix={
                <>
                  {' '}
                  <Text span size="xs" c="dimmed">
                    per person
                  </Text>
                </>
              }
            />
            <span>
              <Badge variant="light" color={soldOut ? 'gray' : left <= 2 ? 'accent' : departure.status === 'guaranteed' ? 'secondary' : 'brand'}>
                {availabilityText(departure)}
              </Badge>
              {!soldOut && departure.status === 'guaranteed' && (
                <Text span size="xs" c="dimmed" ml={6}>
                  Guaranteed
                </Text>
              )}
            </span>
            {soldOut ? (
              <span />
            ) : (
              <Button component="a" href={`${bookHref}?departure=${departure.id}`} size="xs" variant="default" aria-label={`Book the departure of ${formatCalendarDate(departure.startDate)}`}>
                Book
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const GalleryLightbox = lazyWithLoad(() => import('./GalleryLightbox.tsx'));

/** Gallery pictures; a tap opens them large, with previous and next. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const lightbox = useDeferredOverlay<number>(GalleryLightbox.load);
  const alt = (index: number) => `${title}, picture ${index + 1} of ${images.length}`;
  return (
    <>
      <div className={classes.gallery}>
        {images.map((url, index) => (
          <button key={url} type="button" className={classes.galleryButton} onClick={() => lightbox.open(index)} aria-label={`Open ${alt(index)}`}>
            <Picture src={url} sizes="(min-width: 48em) 33vw, 50vw" alt={alt(index)} loading="lazy" decoding="async" width={600} height={400} className={classes.galleryImage} />
          </button>
        ))}
      </div>
      <DeferredOverlay overlay={lightbox}>
        <GalleryLightbox images={images} index={lightbox.shown} alt={alt} onMove={lightbox.show} onClose={lightbox.close} />
      </DeferredOverlay>
    </>
  );
}

/** Reviews, newest first, with the reviewer's name and picture. */
export function ReviewList({ reviews, average }: { reviews: TourReview[]; average: number }) {
  return (
    <Stack gap={0}>
      <Group gap="sm" mb="lg">
        <StarRating value={average} />
        <Text fw={700}>
          {average.toFixed(1)} out of 5 · {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
        </Text>
      </Group>
      {reviews.map((review) => (
        <article key={review.id} className={classes.review} data-testid="review">
          <Group gap="sm" wrap="nowrap">
            <PersonAvatar name={review.reviewer.fullName} src={review.reviewer.avatarUrl} alt="" />
            <div>
              <Text fw={700}>{review.reviewer.fullName}</Text>
              <Text size="sm" c="dimmed">
                <time dateTime={review.createdAt}>{formatMonthOfYear(new Date(review.createdAt))}</time>
              </Text>
            </div>
          </Group>
          <StarRating value={review.rating} size="sm" label={`Rated ${review.rating} out of 5`} className={classes.reviewStars} />
          {review.title && (
            <Title order={3} fz="md" mt={6}>
              {review.title}
            </Title>
          )}
          {review.body && (
            <Text mt={4} className={classes.prose}>
              {review.body}
            </Text>
          )}
        </article>
      ))}
    </Stack>
  );
}
