import { startTransition } from 'react';

/** Calls `then` once the page has loaded and the browser is idle (at most a few seconds later). */
export function afterPageIdle(then: () => void): () => void {
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
 * afterPageIdle for a state change that shows something (a widget, a menu's code): rendered as a
 * transition, which React cuts into short tasks, so it never holds up a press made meanwhile.
 */
export function renderAfterPageIdle(update: () => void): () => void {
  return afterPageIdle(() => startTransition(update));
}
