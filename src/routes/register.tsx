import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/components/RegisterPage.tsx';
import { validateAuthSearch } from '@/features/auth/redirect.ts';
import { PublicShell } from './-components/PublicShell.tsx';

export const Route = createFileRoute('/register')({
  validateSearch: validateAuthSearch,
  component: function Register() {
    const { redirect, email } = Route.useSearch();
    return (
      <PublicShell>
        <RegisterPage redirect={redirect} email={email} />
      </PublicShell>
    );
  },
});
