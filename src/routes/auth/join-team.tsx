import { createFileRoute } from '@tanstack/react-router';
import { JoinTeamPage } from '@/features/auth/components/JoinTeamPage.tsx';
import { PublicShell } from '../-components/PublicShell.tsx';

export const Route = createFileRoute('/auth/join-team')({
  component: () => (
    <PublicShell>
      <JoinTeamPage />
    </PublicShell>
  ),
});
