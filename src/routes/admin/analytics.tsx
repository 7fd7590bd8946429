import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Analytics } from '@/features/admin/analytics/components/Analytics.tsx';
import { validateAnalyticsSearch } from '@/features/admin/analytics/search.ts';

export const Route = createFileRoute('/admin/analytics')({
  validateSearch: validateAnalyticsSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'analytics.read'),
  component: function AnalyticsScreen() {
    const navigate = Route.useNavigate();
    return <Analytics search={Route.useSearch()} onSearchChange={(next) => navigate({ search: next, replace: true })} />;
  },
});
