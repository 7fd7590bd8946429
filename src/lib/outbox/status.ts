import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { localDb, type LocalDb, type OutboxEntry } from '../local-db.ts';
import { writeRegistry } from './registry.ts';

export interface OutboxItem {
  id: string;
  description: string;
  /** What waiting means for this write, when its kind says more than 'waiting to sync'. */
  waitingNote?: string;
  status: OutboxEntry['status'];
  lastError?: string;
  createdAt: number;
}

export interface OutboxStatus {
  online: boolean;
  /** Writes not yet on the server (waiting, being sent or retrying). */
  waiting: number;
  failed: OutboxItem[];
  items: OutboxItem[];
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** What the outbox holds for the user to see; background writes (analytics) are left out. */
export function describeOutbox(entries: OutboxEntry[], online: boolean): OutboxStatus {
  const items: OutboxItem[] = [];
  for (const entry of entries) {
    const definition = writeRegistry.get(entry.kind);
    if (definition?.silent) continue;
    items.push({
      id: entry.id,
      description: definition ? definition.describe(entry.payload) : 'A change made on this device',
      waitingNote: definition?.describeWaiting?.(entry.payload),
      status: entry.status,
      lastError: entry.lastError,
      createdAt: entry.createdAt,
    });
  }
  return { online, waiting: items.filter((item) => item.status !== 'failed').length, failed: items.filter((item) => item.status === 'failed'), items };
}

/** The outbox as it changes (Dexie live query), with the browser's online state. */
export function useOutboxStatus(db: LocalDb = localDb): OutboxStatus {
  const entries = useLiveQuery(() => db.outbox.orderBy('createdAt').toArray(), [db], []);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  return describeOutbox(entries, online);
}
