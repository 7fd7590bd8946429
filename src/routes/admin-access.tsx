import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessPage } from '@/features/auth/components/AccountHelp.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { PublicShell } from './-components/PublicShell.tsx';

export const Route = createFileRoute('/admin-access')({
  component: function AdminAccess() {
    return (
      <PublicShell>
        <AdminAccessPage contactEmail={useBranding().email} />
      </PublicShell>
    );
  },
});
