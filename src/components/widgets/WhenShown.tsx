import { useEffect, useRef } from 'react';

/**
 * Calls `then` when it first shows. Inside a Suspense boundary that is when its lazy siblings do,
 * since a boundary shows all of its content at once.
 */
export function WhenShown({ then }: { then: () => void }) {
  const first = useRef(then);
  useEffect(() => first.current(), []);
  return null;
}
