import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, test } from 'vitest';
import { ErrorBoundary } from '../../src/components/errors/ErrorBoundary.tsx';
import {
  AdminErrorScreen,
  CHUNK_ERROR_TEXT,
  GenericErrorScreen,
  NETWORK_ADVICE,
  PublicErrorScreen,
  RootErrorScreen,
  TravelerErrorScreen,
} from '../../src/components/errors/ErrorPages.tsx';
import { Confetti } from '../../src/components/widgets/Confetti.tsx';
import { PageLoader } from '../../src/components/widgets/PageLoader.tsx';
import { FailureWidget, ProcessingWidget, ProgressWidget, SuccessWidget } from '../../src/components/widgets/StatusWidgets.tsx';

/**
 * The screen's static markup inside Mantine and a router at `path` (screens use links and the
 * location), once what it loads on demand has arrived (the boundary's page does).
 */
async function render(screen: ReactNode, path = '/traveler/bookings?tab=upcoming'): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => screen }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const { prelude } = await prerender(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return new Response(prelude).text();
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function heading(html: string): string {
  return decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
}

/** Each button or link-button in order: its label and, for links, where it goes. */
function buttons(html: string): { label: string; href?: string }[] {
  const found: { label: string; href?: string }[] = [];
  const pattern = /<(a|button)\b([^>]*)>(?:(?!<\/\1>).)*?mantine-Button-label">([^<]*)</gs;
  for (const match of html.matchAll(pattern)) {
    const href = /href="([^"]*)"/.exec(match[2])?.[1];
    found.push(href === undefined ? { label: decode(match[3]) } : { label: decode(match[3]), href: decode(href) });
  }
  return found;
}

const labels = (html: string) => buttons(html).map((button) => button.label);
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://k.example/assets/admin-tours-1a2b.js');

describe('root error page', () => {
  test.each([
    [{ status: 404 }, 'Page Not Found'],
    [{ status: 403 }, 'Access Denied'],
    [{ status: 401 }, 'Access Denied'],
    [new Error('Database exploded'), 'Something went wrong'],
  ])('%o shows %s with Go Home and Go Back', async (error, title) => {
    const html = await render(<RootErrorScreen error={error} />);
    expect(heading(html)).toBe(title);
    expect(buttons(html)).toEqual([{ label: 'Go Home', href: '/' }, { label: 'Go Back' }]);
  });
});

describe('public error page', () => {
  test('Page Not Found and Unable to Load Page, with Home and Browse Tours', async () => {
    const notFound = await render(<PublicErrorScreen kind="notFound" />);
    expect(heading(notFound)).toBe('Page Not Found');
    expect(buttons(notFound)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Browse Tours', href: '/tours' },
    ]);
    const failed = await render(<PublicErrorScreen kind="loadFailed" error={new Error('Failed to fetch')} />);
    expect(heading(failed)).toBe('Unable to Load Page');
    expect(labels(failed)).toEqual(['Home', 'Browse Tours']);
  });
});

describe('traveler error page', () => {
  test.each([401, 403])('%i asks to sign in and comes back to the same page', async (status) => {
    const html = await render(<TravelerErrorScreen error={{ status }} />, '/traveler/bookings?tab=upcoming');
    expect(heading(html)).toBe('Please Sign In');
    expect(buttons(html)).toEqual([{ label: 'Sign In', href: '/auth/login?redirect=%2Ftraveler%2Fbookings%3Ftab%3Dupcoming' }]);
  });

  test('anything else is a Dashboard Error', async () => {
    const html = await render(<TravelerErrorScreen error={new Error('Bookings query failed')} />);
    expect(heading(html)).toBe('Dashboard Error');
    expect(labels(html)).toEqual(['Try Again']);
  });
});

describe('admin error page', () => {
  test.each([401, 403])('%i is Access Denied with Retry and Safe Mode', async (status) => {
    const html = await render(<AdminErrorScreen error={{ status }} />, '/admin/tours');
    expect(heading(html)).toBe('Access Denied');
    expect(buttons(html)).toEqual([{ label: 'Retry' }, { label: 'Safe Mode', href: '/admin?safe=1' }]);
  });

  test('a module that failed to load is a Loading Issue', async () => {
    const html = await render(<AdminErrorScreen error={chunkError()} />, '/admin/tours');
    expect(heading(html)).toBe('Loading Issue');
    expect(labels(html)).toEqual(['Retry', 'Safe Mode']);
    expect(html).toContain('Reloading the back office');
  });

  test('other errors keep Retry and Safe Mode', async () => {
    const html = await render(<AdminErrorScreen error={new Error('Chart failed')} />, '/admin');
    expect(heading(html)).toBe('Something went wrong');
    expect(labels(html)).toEqual(['Retry', 'Safe Mode']);
  });
});

describe('generic error boundary page', () => {
  const noop = () => {};

  test('offers Try Again, Go Back, Home and Report this error as a mail to support', async () => {
    const html = await render(
      <GenericErrorScreen error={new Error('Itinerary map crashed')} errorId="err-123" onTryAgain={noop} supportEmail="help@kilele.example" />,
      '/tours/serengeti',
    );
    expect(heading(html)).toBe('Something went wrong');
    const found = buttons(html);
    // ...and below them a note to the team, sent to /api/feedback with the error id.
    expect(found.map((button) => button.label)).toEqual(['Try Again', 'Go Back', 'Home', 'Report this error', 'Send note']);
    expect(found[2].href).toBe('/');
    const mail = found[3].href!;
    expect(mail.startsWith('mailto:help@kilele.example?')).toBe(true);
    const params = new URLSearchParams(mail.split('?')[1]);
    expect(params.get('subject')).toBe('Error report err-123');
    expect(params.get('body')).toContain('Error ID: err-123');
    expect(params.get('body')).toContain('Message: Itinerary map crashed');
    expect(params.get('body')).toContain('Page: ');
    expect(html).not.toContain(CHUNK_ERROR_TEXT);
    expect(html).not.toContain(NETWORK_ADVICE);
  });

  test('a chunk error says the app was updated and offers Refresh Page', async () => {
    const html = await render(<GenericErrorScreen error={chunkError()} onTryAgain={noop} />);
    expect(decode(html)).toContain('The application has been updated with new features...');
    expect(labels(html)).toEqual(['Refresh Page', 'Try Again', 'Go Back', 'Home', 'Report this error']);
    expect(buttons(html)[4].href).toMatch(/^mailto:support@kilelesafaris\.co\.tz\?/);
  });

  test('a network error gets advice', async () => {
    const html = await render(<GenericErrorScreen error={new TypeError('Failed to fetch')} onTryAgain={noop} />);
    expect(decode(html)).toContain('Check your internet connection and try again. Pages you have already visited still work offline.');
  });

  test('the boundary shows it for what it caught, with the report id', async () => {
    const boundary = new ErrorBoundary({ children: 'fine', supportEmail: 'help@kilele.example' });
    boundary.state = { ...boundary.state, ...ErrorBoundary.getDerivedStateFromError(new Error('Widget broke')), errorId: 'err-9' };
    const html = await render(<>{boundary.render()}</>);
    expect(heading(html)).toBe('Something went wrong');
    expect(decode(html)).toContain('err-9');
    expect(labels(html)).toContain('Report this error');
  });
});

describe('widgets', () => {
  test('success, failure, processing and progress', async () => {
    expect(decode(await render(<SuccessWidget title="Booking request sent" />))).toContain('Booking request sent');
    const failure = await render(<FailureWidget title="Payment failed" message="Your card was declined." onRetry={() => {}} />);
    expect(failure).toContain('role="alert"');
    expect(labels(failure)).toEqual(['Try Again']);
    expect(await render(<ProcessingWidget title="Confirming your payment" />)).toContain('Confirming your payment');
    const progress = await render(<ProgressWidget title="Uploading photos" value={41.6} />);
    expect(progress).toContain('42%');
    expect(progress).toContain('aria-valuenow="42"');
    expect(await render(<ProgressWidget title="Uploading photos" value={140} />)).toContain('100%');
    const loader = await render(<PageLoader />);
    expect(loader).toContain('role="status"');
    expect(decode(loader)).toContain('Loading…');
    // Decorative: hidden from assistive technology and never in the way of a click.
    const confetti = await render(<Confetti />);
    expect(confetti).toMatch(/<canvas[^>]*aria-hidden="true"[^>]*pointer-events:none/);
  });
});
