import { lazy, Suspense, useEffect, useState } from 'react';
import { outboxStarted } from '@/lib/outbox/outbox.ts';

// The indicator reads the outbox from the device database (Dexie), which starts after the first paint.
const OutboxStatus = lazy(() => import('./OutboxStatus.tsx').then((module) => ({ default: module.OutboxStatus })));

/** The header's outbox indicator, once the outbox runs; until then there is nothing it could show. */
export function OutboxStatusSlot() {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    let mounted = true;
    void outboxStarted().then(() => mounted && setRunning(true));
    return () => {
      mounted = false;
    };
  }, []);
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <OutboxStatus />
    </Suspense>
  );
}
