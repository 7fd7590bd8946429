import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/LoginPage.tsx';
import { validateAuthSearch } from '@/features/auth/redirect.ts';
import { PublicShell } from '../-components/PublicShell.tsx';

export const Route = createFileRoute('/auth/login')({
  validateSearch: validateAuthSearch,
  component: function AuthLogin() {
    const { redirect } = Route.useSearch();
    return (
      <PublicShell>
        <LoginPage redirect={redirect} />
      </PublicShell>
    );
  },
});
