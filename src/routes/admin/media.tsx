import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { MediaLibrary } from '@/features/admin/media/components/MediaLibrary.tsx';

export const Route = createFileRoute('/admin/media')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'media.write'),
  component: MediaLibrary,
});
