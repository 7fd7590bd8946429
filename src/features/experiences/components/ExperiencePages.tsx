import { Anchor, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/widgets/Breadcrumbs.tsx';
import { HeroImage } from '@/components/widgets/HeroImage.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { experiencesQuery, type ExperienceDetail as ExperienceDetailData, type ExperienceSummary } from '../api.ts';
import detail from '@/components/widgets/DetailPage.module.css';
import classes from './ExperiencePages.module.css';

const SKELETON_CARDS = 6;

/** Experiences are priced in US dollars (experiences.price_from has no currency of its own). */
const EXPERIENCE_CURRENCY = 'USD';

function ExperienceCard({ experience, eager, headingLevel = 2 }: { experience: ExperienceSummary; eager: boolean; headingLevel?: 2 | 3 }) {
  const href: string = `/experiences/${experience.slug}`;
  const Heading = `h${headingLevel}` as const;
  const price = experience.price_from === null ? null : Number(experience.price_from);
  return (
    <article className={classes.card} data-testid="experience-card">
      <div className={classes.media}>
        {experience.image_url && (
          <img src={experience.image_url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" width={600} height={400} className={classes.image} />
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

/** /experiences: the things a traveler can add to a safari, in the company's order. */
export function ExperiencesIndex() {
  const experiences = useQuery(experiencesQuery());
  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <header className={classes.intro}>
        <Text className={classes.eyebrow} aria-hidden>
          Beyond the game drive
        </Text>
        <Title order={1}>Experiences</Title>
        <Text c="dimmed" maw={620} mt="xs">
          Balloon flights at dawn, walks with a ranger, an evening in a Maasai boma: moments our travelers remember longest.
        </Text>
      </header>
      {experiences.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading experiences">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} className={classes.placeholder} />
          ))}
        </SimpleGrid>
      ) : experiences.isError ? (
        <LoadError what="our experiences" onRetry={() => experiences.refetch()} retrying={experiences.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {experiences.data.map((experience, index) => (
            <ExperienceCard key={experience.id} experience={experience} eager={index < 3} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

/**
 * The first `limit` experiences as a home page section, with a link to all of them. Below the fold,
 * so every image loads lazily; nothing shows when there are none.
 */
export function ExperienceHighlights({ limit }: { limit: number }) {
  const experiences = useQuery(experiencesQuery());
  const experiencesPath: string = '/experiences';
  if (experiences.isSuccess && experiences.data.length === 0) return null;
  return (
    <section aria-labelledby="experiences-heading">
      <SectionHeading
        id="experiences-heading"
        eyebrow="Beyond the game drive"
        title="Experiences"
        description="Balloon flights at dawn, walks with a ranger, an evening in a Maasai boma: add them to any safari."
        action={
          experiences.isSuccess ? (
            <Anchor component={Link} to={experiencesPath} fw={700}>
              All experiences
            </Anchor>
          ) : undefined
        }
      />
      {experiences.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading experiences">
          {Array.from({ length: limit }, (_, index) => (
            <Skeleton key={index} className={classes.placeholder} />
          ))}
        </SimpleGrid>
      ) : experiences.isError ? (
        <LoadError what="our experiences" onRetry={() => experiences.refetch()} retrying={experiences.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {experiences.data.slice(0, limit).map((experience) => (
            <ExperienceCard key={experience.id} experience={experience} eager={false} headingLevel={3} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** /experiences/{slug}: the experience and the tours that include it (`tours`). */
export function ExperienceDetail({ experience, tours }: { experience: ExperienceDetailData; tours: ReactNode }) {
  const experiencesPath: string = '/experiences';
  return (
    <article>
      <header className={detail.hero}>
        {experience.image_url && (
          <HeroImage src={experience.image_url} alt="" className={detail.heroImage} />
        )}
        <Container size="lg" className={detail.heroInner}>
          <Breadcrumbs className={detail.breadcrumbs} trail={[{ label: 'Home', to: '/' }, { label: 'Experiences', to: experiencesPath }]} current={experience.title} />
          <Title order={1} className={detail.heroTitle}>
            {experience.title}
          </Title>
          {experience.summary && <Text className={detail.heroLead}>{experience.summary}</Text>}
        </Container>
      </header>
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <div className={detail.layout}>
          <Stack gap="sm">
            {(experience.description ?? '').split(/\n{2,}/).filter(Boolean).map((paragraph) => (
              <Text key={paragraph.slice(0, 40)} className={detail.prose}>
                {paragraph}
              </Text>
            ))}
          </Stack>
          <aside className={detail.facts} aria-label="At a glance">
            {experience.highlights.length > 0 && (
              <>
                <Title order={2}>Highlights</Title>
                <ul>
                  {experience.highlights.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            )}
            {experience.duration_label && (
              <>
                <Title order={2}>Duration</Title>
                <Text mb="md">{experience.duration_label}</Text>
              </>
            )}
            {experience.price_from !== null && (
              <>
                <Title order={2}>Price from</Title>
                <Text>
                  <Money amount={experience.price_from} currency={EXPERIENCE_CURRENCY} cents={false} suffix=" per person" />
                </Text>
              </>
            )}
          </aside>
        </div>
        <section aria-labelledby="experience-tours-heading">
          <Title order={2} id="experience-tours-heading" mt={56} mb="lg">
            Tours with this experience
          </Title>
          {tours}
        </section>
      </Container>
    </article>
  );
}
