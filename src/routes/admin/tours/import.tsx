import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ImportTours } from '@/features/admin/catalogue/components/ImportTours.tsx';

export const Route = createFileRoute('/admin/tours/import')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: ImportTours,
});
