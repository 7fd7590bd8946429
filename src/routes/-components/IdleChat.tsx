import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';

const ChatWidget = lazy(() => import('@/features/contact/chat/ChatWidget.tsx'));

/** Calls `then` once the page has loaded and the browser is idle (at most a few seconds later). */
function afterPageIdle(then: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(then, { timeout: 4_000 });
    else idleHandle = setTimeout(then, 1_500) as unknown as number;
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleHandle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
    else clearTimeout(idleHandle);
  };
}

/**
 * The chat widget, on every page (SPEC.md section 2), fetched only after the page is idle so it never
 * competes with the page's own content. If it fails to load, the page goes on without it.
 */
export function IdleChat() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPageIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <ErrorBoundary quiet>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </ErrorBoundary>
  );
}
