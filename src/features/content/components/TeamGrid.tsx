import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { teamQuery } from '../api.ts';
import classes from './TeamGrid.module.css';

/** The people behind the trips: portrait, name, role, a few lines and the languages they speak. */
export function TeamGrid() {
  const team = useQuery(teamQuery());
  if (team.isSuccess && team.data.length === 0) return null;
  return (
    <section aria-labelledby="team-heading">
      <SectionHeading id="team-heading" eyebrow="Meet us" title="The team in Arusha and Zanzibar" description="Guides, planners and crews who grew up near the parks they show you." />
      {team.isError ? (
        <LoadError what="our team" onRetry={() => team.refetch()} retrying={team.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing={40} aria-busy={team.isPending || undefined}>
          {team.isPending
            ? Array.from({ length: 6 }, (_, index) => (
                <div key={index} aria-hidden>
                  <Skeleton className={classes.photo} />
                  <Skeleton height={20} width="60%" mt={14} />
                  <Skeleton height={14} width="40%" mt={8} />
                </div>
              ))
            : team.data.map((member) => (
                <article key={member.id} className={classes.member} data-testid="team-member">
                  {member.photo_url ? (
                    <Picture src={member.photo_url} sizes="(min-width: 62em) 360px, (min-width: 36em) 33vw, 6rem" alt="" loading="lazy" decoding="async" width={400} height={400} className={classes.photo} />
                  ) : (
                    <div className={classes.photo} />
                  )}
                  <h3 className={classes.name}>{member.name}</h3>
                  <Text className={classes.role}>{member.job_title}</Text>
                  {member.bio && (
                    <Text size="sm" c="dimmed" mt={6}>
                      {member.bio}
                    </Text>
                  )}
                  {member.languages.length > 0 && (
                    <Text size="xs" mt={8} className={classes.languages}>
                      Speaks {member.languages.join(', ')}
                    </Text>
                  )}
                </article>
              ))}
        </SimpleGrid>
      )}
    </section>
  );
}
