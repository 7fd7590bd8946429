import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { CARD_SIZES } from '@shared/media.ts';
import { EXPERIENCE_CURRENCY, experiencesQuery, type ExperienceSummary } from '../api.ts';
import classes from './ExperienceCards.module.css';

function ExperienceCard({ experience, eager, headingLevel }: { experience: ExperienceSummary; eager: boolean; headingLevel: 2 | 3 }) {
  const href: string = `/experiences/${experience.slug}`;
  const Heading = `h${headingLevel}` as const;
  const price = experience.price_from === null ? null : Number(experience.price_from);
  return (
    <article className={classes.card} data-testid="experience-card">
      <div className={classes.media}>
        {experience.image_url && (
          <Picture src={experience.image_url} sizes={CARD_SIZES} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" width={600} height={400} className={classes.image} />
        )}
      </div>
      <div className={classes.body}>
        <Heading className={classes.title}>
          <Link to={href} className={classes.link}>
            {experience.title}
          </Link>
        </Heading>
        {experience.summary && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {experience.summary}
          </Text>
        )}
        <div className={classes.meta}>
          {experience.duration_label && (
            <Text span size="sm" className={classes.duration}>
              <IconClockHour4 size={16} aria-hidden /> {experience.duration_label}
            </Text>
          )}
          {price !== null && (
            <Text span size="sm" fw={700}>
              From <Money amount={price} currency={EXPERIENCE_CURRENCY} cents={false} />
            </Text>
          )}
        </div>
      </div>
    </article>
  );
}

/** Placeholders shown while the whole list loads: two rows on a wide screen. */
const PLACEHOLDER_CARDS = 6;

interface ExperienceCardsProps {
  /** Show the first `limit` only (the home page's section); all of them when not given. */
  limit?: number;
  /** Cards' titles are h2 on /experiences and h3 under a section's heading. */
  headingLevel: 2 | 3;
  /** How many of the first cards load their image at once (those above the fold). */
  eagerImages: number;
}

/** The experiences as a grid of cards: placeholders while they load, an error to retry. */
export function ExperienceCards({ limit, headingLevel, eagerImages }: ExperienceCardsProps) {
  const experiences = useQuery(experiencesQuery());
  if (experiences.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading experiences">
        {Array.from({ length: limit ?? PLACEHOLDER_CARDS }, (_, index) => (
          <Skeleton key={index} className={classes.placeholder} />
        ))}
      </SimpleGrid>
    );
  }
  if (experiences.isError) return <LoadError what="our experiences" onRetry={() => experiences.refetch()} retrying={experiences.isFetching} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {experiences.data.slice(0, limit).map((experience, index) => (
        <ExperienceCard key={experience.id} experience={experience} eager={index < eagerImages} headingLevel={headingLevel} />
      ))}
    </SimpleGrid>
  );
}
