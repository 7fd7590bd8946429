import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { AdminFrame } from './admin/-components/AdminFrame.tsx';

/**
 * The back office: staff only (admin, agent, editor, guide). Signed out or a traveler, every /admin
 * address shows Access Denied; each screen's own beforeLoad checks its permission. The guard's code
 * is fetched when /admin is opened, so none of the back office rides in the public pages' scripts.
 */
export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): { safe?: 0 | 1 } => {
    const safe = String(search.safe);
    return safe === '1' ? { safe: 1 } : safe === '0' ? { safe: 0 } : {};
  },
  beforeLoad: async ({ context, search }) => {
    const [{ requireBackOffice }, { safeModeFrom }] = await Promise.all([import('@/features/admin/access/api.ts'), import('@/features/admin/access/safe-mode.ts')]);
    return { access: await requireBackOffice(context.queryClient), safeMode: safeModeFrom(search) };
  },
  component: () => (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  ),
  errorComponent: AdminErrorScreen,
});
