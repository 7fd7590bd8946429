import path from 'node:path';
import type { PlatformConfig } from '../config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

export async function openDatabase(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir'>, onRestart?: (reason: string) => void): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pgdata'), { onRestart });
}
