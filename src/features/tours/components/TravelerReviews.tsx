import { Container, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { PersonAvatar } from '@/components/widgets/PersonAvatar.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { StarRating } from '@/components/widgets/StarRating.tsx';
import { latestReviewsQuery } from '../api.ts';
import type { TravelerReview } from '../model.ts';
import { LATEST_REVIEWS_LIMIT } from '@shared/catalogue-queries.ts';
import classes from './TravelerReviews.module.css';

function ReviewCard({ review }: { review: TravelerReview }) {
  const tourPath: string = `/tours/${review.tour.slug}`;
  return (
    <article className={classes.card} data-testid="traveler-review">
      <Group justify="space-between" wrap="nowrap">
        <StarRating value={review.rating} size="sm" label={`Rated ${review.rating} out of 5`} />
        <IconQuote size={28} className={classes.quote} aria-hidden />
      </Group>
      {review.title && <h3 className={classes.title}>{review.title}</h3>}
      {review.body && (
        <Text lineClamp={5} className={classes.body}>
          {review.body}
        </Text>
      )}
      <Group gap="sm" wrap="nowrap" className={classes.footer}>
        <PersonAvatar name={review.reviewer.fullName} src={review.reviewer.avatarUrl} alt="" />
        <div>
          <Text fw={700} size="sm">
            {review.reviewer.fullName}
          </Text>
          <Text size="sm" c="dimmed">
            on{' '}
            <Link to={tourPath} className={classes.tour}>
              {review.tour.title}
            </Link>
          </Text>
        </div>
      </Group>
    </article>
  );
}

/** The home page's newest reviews across tours, on a band; nothing shows when there are none or they fail. */
export function TravelerReviews() {
  const reviews = useQuery(latestReviewsQuery());
  if (reviews.isSuccess && reviews.data.length === 0) return null;
  return (
    <section className={classes.band} aria-labelledby="reviews-heading">
      <Container size="lg">
        <SectionHeading
          id="reviews-heading"
          eyebrow="In their words"
          title="What travelers say"
          description="The latest reviews from travelers back from the bush, the mountain and the coast."
        />
        {reviews.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading reviews">
            {Array.from({ length: LATEST_REVIEWS_LIMIT }, (_, index) => (
              <Skeleton key={index} className={classes.placeholder} />
            ))}
          </SimpleGrid>
        ) : reviews.isError ? (
          <LoadError what="our travelers' reviews" onRetry={() => reviews.refetch()} retrying={reviews.isFetching} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.grid}>
            {reviews.data.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
