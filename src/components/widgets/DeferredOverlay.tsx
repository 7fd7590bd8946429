import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { WhenShown } from './WhenShown.tsx';

/**
 * What a lazy overlay (a modal, a drawer) shows: null while closed. Its code loads once the page is
 * idle and it mounts closed, so opening it is a change Mantine sees: it notes the element that had
 * the keyboard and gives the keyboard back to it on closing. Asked to open before then, it mounts
 * closed first and opens as soon as it is there.
 */
export function useDeferredOverlay<T>(load: () => Promise<unknown>) {
  const [mounted, setMounted] = useState(false);
  const [shown, setShown] = useState<T | null>(null);
  const ready = useRef(false);
  const waiting = useRef<T | null>(null);
  useEffect(() => renderAfterPageIdle(() => setMounted(true), load), [load]);
  const open = useCallback((value: T) => {
    if (ready.current) return setShown(value);
    waiting.current = value;
    setMounted(true);
  }, []);
  const onMounted = useCallback(() => {
    ready.current = true;
    if (waiting.current === null) return;
    setShown(waiting.current);
    waiting.current = null;
  }, []);
  return { mounted, shown, open, close: useCallback(() => setShown(null), []), show: setShown, onMounted };
}

/** Renders a lazy overlay once useDeferredOverlay has mounted it. */
export function DeferredOverlay({ overlay, children }: { overlay: { mounted: boolean; onMounted: () => void }; children: ReactNode }) {
  if (!overlay.mounted) return null;
  return (
    <Suspense fallback={null}>
      {children}
      <WhenShown then={overlay.onMounted} />
    </Suspense>
  );
}
