import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { experiencesQuery } from '../api.ts';
import { ExperienceCards } from './ExperienceCards.tsx';

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
      <ExperienceCards limit={limit} headingLevel={3} eagerImages={0} />
    </section>
  );
}
