import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/widgets/Breadcrumbs.tsx';
import { HeroImage } from '@/components/widgets/HeroImage.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { PlanTripButton } from '@/components/widgets/PlanTripButton.tsx';
import { EXPERIENCE_CURRENCY, type ExperienceDetail as ExperienceDetailData } from '../api.ts';
import detail from '@/components/widgets/DetailPage.module.css';
import { ExperienceCards } from './ExperienceCards.tsx';
import classes from './ExperiencePages.module.css';

/** /experiences: the things a traveler can add to a safari, in the company's order. */
export function ExperiencesIndex() {
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
      <ExperienceCards headingLevel={2} eagerImages={3} />
    </Container>
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
            <PlanTripButton label="Add it to a tailor-made trip" preset={{ experience: experience.slug }} />
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
