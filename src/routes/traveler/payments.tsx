import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { PaymentsView } from '@/features/portal/components/Payments.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/payments')({
  errorComponent: TravelerErrorScreen,
  // ?receipt=<payment id> opens that payment's printable receipt.
  validateSearch: (search: Record<string, unknown>): { receipt?: string } => (typeof search.receipt === 'string' ? { receipt: search.receipt } : {}),
  component: function PaymentsPage() {
    const { receipt } = Route.useSearch();
    return <PaymentsView userId={usePortalUser().id} receipt={receipt} />;
  },
});
