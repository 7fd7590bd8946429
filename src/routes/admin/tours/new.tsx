import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { NewTour } from '@/features/admin/catalogue/components/NewTour.tsx';

export const Route = createFileRoute('/admin/tours/new')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: NewTour,
});
