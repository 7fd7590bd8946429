import { createFileRoute } from '@tanstack/react-router';
import { experiencesQuery } from '@/features/experiences/api.ts';
import { ExperiencesIndex } from '@/features/experiences/components/ExperiencePages.tsx';

export const Route = createFileRoute('/_public/experiences/')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(experiencesQuery());
  },
  component: ExperiencesIndex,
});
