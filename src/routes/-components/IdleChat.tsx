import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';

const ChatWidget = lazyWithLoad(() => import('@/features/contact/chat/ChatWidget.tsx'));

/**
 * The chat widget, on every page, fetched only after the page is idle so it never
 * competes with the page's own content. If it fails to load, the page goes on without it. The back
 * office has none: its staff answer the chats there, they do not start them.
 */
export function IdleChat() {
  const [ready, setReady] = useState(false);
  const inBackOffice = useRouterState({ select: (state) => state.location.pathname.startsWith('/admin') });
  useEffect(() => renderAfterPageIdle(() => setReady(true), ChatWidget.load), []);
  if (!ready || inBackOffice) return null;
  return (
    <ErrorBoundary quiet>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </ErrorBoundary>
  );
}
