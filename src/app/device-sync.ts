import { deliverKept } from '@/lib/error-reporting/send.ts';
import { startOutbox } from '@/lib/outbox/outbox.ts';
import { appSession } from '@/lib/session/index.ts';
import { getSupabase, mayHaveSession, storedSession } from '@/lib/supabase.ts';

/**
 * What runs beside the page rather than to show it, started once the first page has painted: the
 * outbox over the device database (writes waiting from an earlier visit go out), the session store,
 * and error reports kept while offline. supabase-js, Dexie and the outbox engine load here, off the
 * first paint. The outbox starts over Dexie first: a write made while supabase-js still loads is on
 * the device at once, not held in memory where a reload would lose it; only its sending waits.
 */
let deviceSync: Promise<void> | undefined;

/** Starts it once; later calls get the same start. */
export function startDeviceSync(): Promise<void> {
  deviceSync ??= syncDevice();
  return deviceSync;
}

async function syncDevice(): Promise<void> {
  void deliverKept().catch(() => 0);
  // One after another, so each library is evaluated in a task of its own.
  const { localDb } = await import('@/lib/local-db.ts');
  const [{ OutboxEngine }, { loadWriteKind }] = await Promise.all([import('@/lib/outbox/engine.ts'), import('./write-kinds.ts')]);
  startOutbox(new OutboxEngine({ db: localDb, client: getSupabase, loadKind: loadWriteKind, storedSession, mayHaveSession }));
  await getSupabase();
  await appSession();
}
