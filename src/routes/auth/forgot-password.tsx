import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/ForgotPasswordPage.tsx';
import { PublicShell } from '../-components/PublicShell.tsx';

export const Route = createFileRoute('/auth/forgot-password')({
  component: () => (
    <PublicShell>
      <ForgotPasswordPage />
    </PublicShell>
  ),
});
