import { insertOnce } from './errors.ts';
import { defineWrite, type QueuedWrite, type WriteDefinition } from './registry.ts';

export interface AppendWrite<P> extends Pick<WriteDefinition<P>, 'kind' | 'queue' | 'silent' | 'maxQueued' | 'requiresUser' | 'describe'> {
  /** A table with a unique `client_id uuid` column. */
  table: string;
  row(payload: P, entry: QueuedWrite<P>): Record<string, unknown>;
}

/**
 * Appends (a traveler's messages): each write adds one row that carries the
 * outbox entry's id as client_id (unique), so a write sent twice is stored once and the second send
 * succeeds quietly.
 */
export function defineAppendWrite<P>({ table, row, ...definition }: AppendWrite<P>): WriteDefinition<P> {
  return defineWrite<P>({
    ...definition,
    async send(client, entry) {
      await insertOnce(client.from(table).insert({ ...row(entry.payload, entry), client_id: entry.id }), [`${table}_client_id_key`]);
    },
  });
}
