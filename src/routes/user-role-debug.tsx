import { createFileRoute } from '@tanstack/react-router';
import { UserRoleDebugPage } from '@/features/auth/components/AccountHelp.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { PublicShell } from './-components/PublicShell.tsx';

export const Route = createFileRoute('/user-role-debug')({
  component: function UserRoleDebug() {
    return (
      <PublicShell>
        <UserRoleDebugPage contactEmail={useBranding().email} />
      </PublicShell>
    );
  },
});
