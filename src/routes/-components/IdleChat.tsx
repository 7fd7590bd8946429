import { Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';

const ChatWidget = lazyWithLoad(() => import('@/features/contact/chat/ChatWidget.tsx'));

/**
 * The chat widget, on every page (SPEC.md section 2), fetched only after the page is idle so it never
 * competes with the page's own content. If it fails to load, the page goes on without it.
 */
export function IdleChat() {
  const [ready, setReady] = useState(false);
  useEffect(() => renderAfterPageIdle(() => setReady(true), ChatWidget.load), []);
  if (!ready) return null;
  return (
    <ErrorBoundary quiet>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </ErrorBoundary>
  );
}
