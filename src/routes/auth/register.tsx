import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/components/RegisterPage.tsx';
import { validateAuthSearch } from '@/features/auth/redirect.ts';
import { PublicShell } from '../-components/PublicShell.tsx';

export const Route = createFileRoute('/auth/register')({
  validateSearch: validateAuthSearch,
  component: function AuthRegister() {
    const { redirect, email } = Route.useSearch();
    return (
      <PublicShell>
        <RegisterPage redirect={redirect} email={email} />
      </PublicShell>
    );
  },
});
