import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { NewBooking } from '@/features/admin/bookings/components/NewBooking.tsx';

export const Route = createFileRoute('/admin/bookings/new')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'bookings.write'),
  component: NewBooking,
});
