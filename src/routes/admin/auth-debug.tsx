import { createFileRoute } from '@tanstack/react-router';
import { AuthDebug } from '@/features/admin/auth-debug/components/AuthDebug.tsx';

export const Route = createFileRoute('/admin/auth-debug')({
  component: function AuthDebugScreen() {
    return <AuthDebug access={Route.useRouteContext().access} />;
  },
});
