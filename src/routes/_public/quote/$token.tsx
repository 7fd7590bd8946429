import { createFileRoute } from '@tanstack/react-router';
import { QuoteNotFound, QuotePage } from '@/features/quotes/components/QuotePage.tsx';
import { checkedParams, quoteTokenParam } from '@/lib/route-params.ts';

// A client's quote, opened from the link in its email; the token is the whole of its key.
export const Route = createFileRoute('/_public/quote/$token')({
  params: checkedParams({ token: quoteTokenParam }),
  notFoundComponent: () => <QuoteNotFound />,
  component: function QuoteScreen() {
    return <QuotePage token={Route.useParams().token} />;
  },
});
