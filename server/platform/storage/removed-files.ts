import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/types.ts';

/** How often the files of objects deleted in SQL are looked for. */
const sweepEveryMs = 60_000;

export interface RemovedFileSweeper {
  start(): void;
  stop(): Promise<void>;
  /** Removes the files of every object deleted since the last sweep; answers how many were looked at. */
  sweep(): Promise<number>;
}

/**
 * An object row deleted in SQL (an erased client's avatar, an account removed) leaves its file on
 * disk: the storage API removes files only for deletions it makes itself. A trigger lists every
 * deleted row in storage.removed_objects (server/platform/db/bootstrap.sql); this removes their files, unless
 * an object of the same name was stored again since. Any server instance may run it.
 */
export function createRemovedFileSweeper(db: Database, dataDir: string, log: (message: string, fields?: Record<string, unknown>) => void): RemovedFileSweeper {
  const root = path.join(dataDir, 'storage');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweep(): Promise<number> {
    const { rows } = await db.query<{ bucket_id: string; name: string; stored_again: boolean }>(
      `delete from storage.removed_objects r
        returning r.bucket_id, r.name,
                  exists (select 1 from storage.objects o where o.bucket_id = r.bucket_id and o.name = r.name) as stored_again`,
    );
    const gone = rows.filter((row) => !row.stored_again);
    await Promise.all(gone.map((row) => rm(path.join(root, row.bucket_id, ...row.name.split('/')), { force: true })));
    return rows.length;
  }

  const run = () =>
    (running ??= sweep()
      .catch((error: unknown) => {
        log('removed files sweep failed', { error: String(error) });
        return 0;
      })
      .finally(() => (running = undefined)));

  return {
    start() {
      if (timer) return;
      timer = setInterval(run, sweepEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    sweep: run,
  };
}
