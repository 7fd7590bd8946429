import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailHero } from '@/components/widgets/DetailHero.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { Paragraphs } from '@/components/widgets/Paragraphs.tsx';
import { PlanTripButton } from '@/components/widgets/PlanTripButton.tsx';
import { EXPERIENCE_CURRENCY, type ExperienceDetail as ExperienceDetailData } from '../api.ts';
import detail from '@/components/widgets/DetailPage.module.css';
import { ExperienceCards } from './ExperienceCards.tsx';

/** /experiences: the things a traveler can add to a safari, in the company's order. */
export function ExperiencesIndex() {
  return (
    <>
      <PageIntro
        eyebrow="Beyond the game drive"
        title="Experiences"
        lede="Balloon flights at dawn, walks with a ranger, an evening in a Maasai boma: moments our travelers remember longest."
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <ExperienceCards headingLevel={2} eagerImages={3} />
      </Container>
    </>
  );
}

/** /experiences/{slug}: the experience and the tours that include it (`tours`). */
export function ExperienceDetail({ experience, tours }: { experience: ExperienceDetailData; tours: ReactNode }) {
  const experiencesPath: string = '/experiences';
  return (
    <article>
      <DetailHero
        image={experience.image_url}
        imageAlt=""
        trail={[
          { label: 'Home', to: '/' },
          { label: 'Experiences', to: experiencesPath },
        ]}
        title={experience.title}
        lead={experience.summary}
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <div className={detail.layout}>
          <Stack gap="sm">
            <Paragraphs text={experience.description} className={detail.prose} />
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
