import type { ReactNode } from 'react';
import { PublicLayout } from '@/components/layouts/PublicLayout.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { NewsletterSignup } from '@/features/newsletter/components/NewsletterSignup.tsx';

/** The public layout with the active branding and the newsletter line. */
export function PublicShell({ children }: { children: ReactNode }) {
  const branding = useBranding();
  return (
    <PublicLayout brand={branding} newsletter={<NewsletterSignup />}>
      {children}
    </PublicLayout>
  );
}
