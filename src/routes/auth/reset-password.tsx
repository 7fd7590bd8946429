import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/components/ResetPasswordPage.tsx';
import { PublicShell } from '../-components/PublicShell.tsx';

export const Route = createFileRoute('/auth/reset-password')({
  component: () => (
    <PublicShell>
      <ResetPasswordPage />
    </PublicShell>
  ),
});
