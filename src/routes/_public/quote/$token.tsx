import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '@/features/quotes/components/QuotePage.tsx';

// A client's quote, opened from the link in its email; the token is the whole of its key.
export const Route = createFileRoute('/_public/quote/$token')({
  component: function QuoteScreen() {
    return <QuotePage token={Route.useParams().token} />;
  },
});
