import { day, money } from '../bookings/emails.ts';
import type { Company } from '../mail/company.ts';
import { composeEmail, type Block, type ComposedEmail } from '../mail/compose.ts';

/** What send_quote answers (its OUT parameters, 20261128040400_typed_returns_quotes.sql): what the quote email says. */
export interface SentQuote {
  reference: string;
  title: string;
  token: string;
  start_date: string;
  days: number;
  adults: number;
  children: number;
  total: number;
  currency: string;
  valid_until: string;
  message: string | null;
  name: string;
  email: string;
}

/** The client's page of the quote: the token is the whole of its secret. */
export function quoteLink(siteUrl: string, token: string): string {
  return `${siteUrl}/quote/${token}`;
}

function party(adults: number, children: number): string {
  const grown = `${adults} adult${adults === 1 ? '' : 's'}`;
  return children ? `${grown} and ${children} child${children === 1 ? '' : 'ren'}` : grown;
}

/** The email that sends a client their quote, with the link to read and accept it. */
export function quoteEmail(company: Company, siteUrl: string, quote: SentQuote): ComposedEmail {
  const firstName = quote.name.trim().split(/\s+/)[0];
  const blocks: Block[] = [
    { type: 'paragraph', text: `Dear ${firstName},` },
    {
      type: 'paragraph',
      text: quote.message?.trim() || `Thank you for planning your trip with us. Here is the itinerary and price we have put together for you.`,
    },
    {
      type: 'rows',
      rows: [
        ['Quote', quote.reference],
        ['Trip', quote.title],
        ['Starts', day(quote.start_date)],
        ['Length', `${quote.days} day${quote.days === 1 ? '' : 's'}`],
        ['Travelers', party(quote.adults, quote.children)],
        ['Total', money(quote.total, quote.currency)],
        ['Valid until', day(quote.valid_until)],
      ],
    },
    { type: 'link', label: 'See your quote and accept it', url: quoteLink(siteUrl, quote.token) },
    {
      type: 'paragraph',
      text: 'Accepting books the trip for you: we then ask for the deposit, and the balance before you travel. If you would like anything changed, simply reply to this email.',
    },
  ];
  return composeEmail(company, `Your safari quote ${quote.reference}: ${quote.title}`, blocks);
}
