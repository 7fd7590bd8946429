import path from 'node:path';
import type { PlatformConfig } from '../config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

/**
 * Opens the configured database. report hears what the database went through without failing a
 * request: the embedded one restarted, or a PostgreSQL server ended an idle connection.
 */
export async function openDatabase(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir'>, report?: (event: string, reason: string) => void): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onIdleConnectionLost: (reason) => report?.('database connection lost', reason) });
  return openPglite(path.join(config.dataDir, 'pgdata'), { onRestart: (reason) => report?.('database restarted', reason) });
}
