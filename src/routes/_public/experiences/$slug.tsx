import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { experienceDetailQuery } from '@/features/experiences/api.ts';
import { ExperienceDetail } from '@/features/experiences/components/ExperiencePages.tsx';
import { TourGrid } from '@/features/tours/components/TourGrid.tsx';

export const Route = createFileRoute('/_public/experiences/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!(await queryClient.ensureQueryData(experienceDetailQuery(params.slug)))) throw notFound();
  },
  notFoundComponent: () => <PublicErrorScreen kind="notFound" />,
  component: ExperiencePage,
});

function ExperiencePage() {
  const { slug } = Route.useParams();
  const { data: experience } = useSuspenseQuery(experienceDetailQuery(slug));
  if (!experience) return <PublicErrorScreen kind="notFound" />;
  return <ExperienceDetail experience={experience} tours={<TourGrid tours={experience.tours} emptyTitle="No tours include this experience just now" />} />;
}
