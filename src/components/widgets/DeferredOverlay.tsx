import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { WhenShown } from './WhenShown.tsx';

/** Whether a lazy part is to be mounted: from when the page is idle and its code is in, or at once once `mount` is called. */
export function useMountOnIdle(load: () => Promise<unknown>): readonly [boolean, () => void] {
  const [mounted, setMounted] = useState(false);
  useEffect(() => renderAfterPageIdle(() => setMounted(true), load), [load]);
  return [mounted, useCallback(() => setMounted(true), [])];
}

/**
 * What a lazy overlay (a modal, a drawer) shows: null while closed. Its code loads once the page is
 * idle and it mounts closed, so opening it is a change Mantine sees: it notes the element that had
 * the keyboard and gives the keyboard back to it on closing. Asked to open before then, it mounts
 * closed first and opens as soon as it is there.
 */
export function useDeferredOverlay<T>(load: () => Promise<unknown>) {
  const [mounted, mount] = useMountOnIdle(load);
  const [shown, setShown] = useState<T | null>(null);
  const ready = useRef(false);
  const waiting = useRef<T | null>(null);
  const open = useCallback(
    (value: T) => {
      if (ready.current) return setShown(value);
      waiting.current = value;
      mount();
    },
    [mount],
  );
  const onMounted = useCallback(() => {
    ready.current = true;
    if (waiting.current === null) return;
    setShown(waiting.current);
    waiting.current = null;
  }, []);
  return { mounted, shown, open, close: useCallback(() => setShown(null), []), show: setShown, onMounted };
}

/**
 * Renders a lazy part (an overlay of useDeferredOverlay, or any part mounted by useMountOnIdle) once
 * it is to be mounted, showing `fallback` while its code arrives; `onMounted` runs when it shows.
 */
export function DeferredOverlay({ overlay, fallback = null, children }: { overlay: { mounted: boolean; onMounted: () => void }; fallback?: ReactNode; children: ReactNode }) {
  if (!overlay.mounted) return null;
  return (
    <Suspense fallback={fallback}>
      {children}
      <WhenShown then={overlay.onMounted} />
    </Suspense>
  );
}
