import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type LocalDb, type OutboxEntry } from '../local-db.ts';
import { useOnline } from '../online.ts';
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
  return describeOutbox(entries, useOnline());
}

/** How a user's writes still on the device stand, for a page that shows what they change. */
export type WaitingState = 'sending' | 'waiting' | 'offline' | 'failed';

/**
 * The signed-in user's writes of the given kinds not yet on the server (waiting, being sent or
 * failed), oldest first, as they change; and how they stand taken together.
 */
export function useWritesOnDevice(userId: string | null, kinds: readonly string[], db: LocalDb = localDb): { entries: OutboxEntry[]; state: WaitingState | null } {
  const key = kinds.join(',');
  const entries = useLiveQuery(
    async () => (userId ? (await db.outbox.where('userId').equals(userId).sortBy('createdAt')).filter((entry) => key.split(',').includes(entry.kind)) : []),
    [db, userId, key],
    [],
  );
  return { entries, state: waitingState(entries, useOnline()) };
}

/** Failed beats offline beats being sent beats waiting for the next try. */
export function waitingState(entries: Pick<OutboxEntry, 'status'>[], online: boolean): WaitingState | null {
  if (entries.length === 0) return null;
  if (entries.some((entry) => entry.status === 'failed')) return 'failed';
  if (!online) return 'offline';
  return entries.some((entry) => entry.status === 'sending') ? 'sending' : 'waiting';
}
