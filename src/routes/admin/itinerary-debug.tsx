import { createFileRoute, redirect } from '@tanstack/react-router';

/** The older address of the itinerary checks. */
export const Route = createFileRoute('/admin/itinerary-debug')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/check-itinerary', replace: true });
  },
});
