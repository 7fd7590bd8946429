import { Group, Skeleton, Text } from '@mantine/core';
import { memo } from 'react';
import { IconCalendarEvent, IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Money } from '@/components/widgets/Money.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { CARD_SIZES } from '@shared/media.ts';
import { departureLine, formatDuration, type TourCardData } from '../model.ts';
import classes from './TourCard.module.css';

/**
 * Image, title, duration, destinations, price from per person, rating, and the next departure.
 * `eager` for the cards in the first screenful, so their pictures are not held back. Memoized: a
 * list read again in the background keeps its unchanged tours, and their cards are not rendered again.
 */
export const TourCard = memo(function TourCard({ tour, today, eager }: { tour: TourCardData; today: string; eager?: boolean }) {
  const href: string = `/tours/${tour.slug}`;
  return (
    <article className={classes.card} data-testid="tour-card">
      <div className={classes.media}>
        {tour.heroImageUrl ? (
          <Picture src={tour.heroImageUrl} sizes={CARD_SIZES} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" width={600} height={400} className={classes.image} />
        ) : (
          <div className={classes.imagePlaceholder} />
        )}
        <span className={classes.duration}>{formatDuration(tour.durationDays, tour.durationNights)}</span>
      </div>
      <div className={classes.body}>
        <h3 className={classes.title}>
          <Link to={href} className={classes.link}>
            {tour.title}
          </Link>
        </h3>
        {tour.destinations.length > 0 && (
          <Text size="sm" c="dimmed" className={`${classes.line} ${classes.places}`}>
            <IconMapPin size={16} stroke={1.6} aria-hidden />
            <span>{tour.destinations.map((destination) => destination.name).join(' · ')}</span>
          </Text>
        )}
        <Group justify="space-between" align="flex-end" mt="auto" pt="sm" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={500} className={classes.kicker}>
              From
            </Text>
            <Money
              amount={tour.basePrice}
              currency={tour.currency}
              cents={false}
              stacked
              amountClassName={classes.price}
              suffix={
                <>
                  {' '}
                  <Text component="span" size="xs" c="dimmed">
                    per person
                  </Text>
                </>
              }
            />
          </div>
          {tour.reviewCount > 0 ? (
            // A name on a plain paragraph is ignored by screen readers; as an image it is read instead of '★ 4.8 (2)'.
            <Text
              size="sm"
              className={classes.rating}
              role="img"
              aria-label={`Rated ${tour.ratingAverage.toFixed(1)} out of 5 from ${tour.reviewCount} ${tour.reviewCount === 1 ? 'review' : 'reviews'}`}
            >
              <IconStarFilled size={15} className={classes.star} aria-hidden />
              <b>{tour.ratingAverage.toFixed(1)}</b>
              <span className={classes.reviewCount}>({tour.reviewCount})</span>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              New
            </Text>
          )}
        </Group>
        <Text size="sm" className={`${classes.line} ${classes.departure}`}>
          <IconCalendarEvent size={16} stroke={1.6} aria-hidden />
          <span>{departureLine(tour, today)}</span>
        </Text>
      </div>
    </article>
  );
});

/** The card's shape while it loads, the same size so nothing moves when the tours arrive. */
export function TourCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <div className={classes.media}>
        <Skeleton className={classes.image} radius={0} />
      </div>
      <div className={classes.body}>
        <Skeleton height={22} width="85%" mt={4} />
        <Skeleton height={14} width="60%" mt={12} />
        <Group justify="space-between" align="flex-end" mt="auto" pt="sm">
          <Skeleton height={34} width={110} />
          <Skeleton height={16} width={60} />
        </Group>
        <Skeleton height={14} width="55%" mt={16} />
      </div>
    </div>
  );
}
