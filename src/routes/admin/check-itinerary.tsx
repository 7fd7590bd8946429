import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ItineraryChecks } from '@/features/admin/catalogue/components/ItineraryChecks.tsx';

export const Route = createFileRoute('/admin/check-itinerary')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: ItineraryChecks,
});
