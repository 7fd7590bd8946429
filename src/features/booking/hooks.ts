import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '@/lib/local-db.ts';
import { bookedFromRequest, type BookedOnDevice } from './writes.ts';

/** Where a booking request kept on the device stands, live from the outbox. */
export type RequestState =
  | { kind: 'loading' }
  | { kind: 'waiting'; sending: boolean; lastError?: string }
  | { kind: 'failed'; error: string }
  | { kind: 'booked'; booked: BookedOnDevice }
  /** Discarded (the traveler cancelled it, or signed out). */
  | { kind: 'gone' };

export function useRequestState(id: string | null): RequestState {
  // One query over both tables: the booking is kept before its entry leaves the outbox, so the two never disagree.
  const state = useLiveQuery(async () => {
    if (!id) return null;
    const entry = (await localDb.outbox.get(id)) ?? null;
    const booked = await bookedFromRequest(id);
    return { entry, booked };
  }, [id]);
  if (!state) return { kind: 'loading' };
  if (state.booked) return { kind: 'booked', booked: state.booked };
  if (!state.entry) return { kind: 'gone' };
  if (state.entry.status === 'failed') return { kind: 'failed', error: state.entry.lastError ?? 'The booking could not be made' };
  return { kind: 'waiting', sending: state.entry.status === 'sending', lastError: state.entry.lastError };
}
