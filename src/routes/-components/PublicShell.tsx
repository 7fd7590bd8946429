import { useEffect, type ReactNode } from 'react';
import { PublicLayout } from '@/components/layouts/PublicLayout.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { NewsletterSignup } from '@/features/newsletter/components/NewsletterSignup.tsx';
import { endHydration } from '@/lib/hydration.ts';

/** The public layout with the active branding and the newsletter line; the server renders its pages. */
export function PublicShell({ children }: { children: ReactNode }) {
  const branding = useBranding();
  useEffect(endHydration, []);
  return (
    <PublicLayout brand={branding} newsletter={<NewsletterSignup />}>
      {children}
    </PublicLayout>
  );
}
