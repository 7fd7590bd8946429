import { createFileRoute } from '@tanstack/react-router';
import { AuthFixPage } from '@/features/auth/components/AccountHelp.tsx';
import { safeRedirect, validateAuthSearch } from '@/features/auth/redirect.ts';
import { useBranding } from '@/features/branding/api.ts';
import { PublicShell } from './-components/PublicShell.tsx';

/** Where the user was before coming here: ?redirect=, else the page that linked here on this site. */
function returnTarget(redirect: string | undefined): string | null {
  const origin = window.location.origin;
  if (redirect) return safeRedirect(redirect, origin);
  if (!document.referrer.startsWith(`${origin}/`)) return null;
  return safeRedirect(document.referrer.slice(origin.length), origin);
}

export const Route = createFileRoute('/auth-fix')({
  validateSearch: validateAuthSearch,
  component: function AuthFix() {
    const { redirect } = Route.useSearch();
    return (
      <PublicShell>
        <AuthFixPage contactEmail={useBranding().email} returnTo={returnTarget(redirect)} />
      </PublicShell>
    );
  },
});
