import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadWithRetries } from '../../lib/chunk-retry.ts';

/**
 * The error pages (ErrorPages.tsx), loaded when one is shown: the entry every page downloads goes
 * without them (their buttons and icons, the feedback form, the alert). The root layout fetches
 * them once the first page has rendered and the browser is idle (preloadErrorScreens), so a page
 * needed later (a release replaced the code, the network dropped) is already here.
 */
type ErrorPages = typeof import('./ErrorPages.tsx');

let pages: Promise<ErrorPages> | undefined;

/** A failed download is tried again after 1 s and 2 s, then the next call starts over. */
function loadPages(): Promise<ErrorPages> {
  pages ??= loadWithRetries('error-pages', () => import('./ErrorPages.tsx'), { reload: () => false }).catch((error: unknown) => {
    pages = undefined;
    throw error;
  });
  return pages;
}

export function preloadErrorScreens(): Promise<unknown> {
  return loadPages().catch(() => undefined);
}

/** What shows when the error pages cannot be downloaded either: never a blank page. */
function ErrorPagesUnavailable() {
  return (
    <div role="alert" style={{ padding: '4rem 1rem', textAlign: 'center' }}>
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Check your connection, then reload the page.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

function onDemand<P extends object>(pick: (loaded: ErrorPages) => ComponentType<P>): (props: P) => ReactNode {
  const Page = lazy(() => loadPages().then(
    (loaded) => ({ default: pick(loaded) }),
    () => ({ default: ErrorPagesUnavailable as ComponentType<P> }),
  ));
  return function ErrorScreen(props: P) {
    return (
      <Suspense fallback={null}>
        <Page {...props} />
      </Suspense>
    );
  };
}

export const GenericErrorScreen = onDemand((loaded) => loaded.GenericErrorScreen);
export const RootErrorScreen = onDemand((loaded) => loaded.RootErrorScreen);
export const PublicErrorScreen = onDemand((loaded) => loaded.PublicErrorScreen);
export const PublicRouteErrorScreen = onDemand((loaded) => loaded.PublicRouteErrorScreen);
export const TravelerErrorScreen = onDemand((loaded) => loaded.TravelerErrorScreen);
export const AdminErrorScreen = onDemand((loaded) => loaded.AdminErrorScreen);
