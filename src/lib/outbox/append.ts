import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types.ts';
import { insertOnce } from './errors.ts';
import { defineWrite, type QueuedWrite, type WriteDefinition } from './registry.ts';

type Tables = Database['public']['Tables'];
/** The tables with a client_id column: the only ones an append can store once. */
export type AppendTable = { [T in keyof Tables]: 'client_id' extends keyof Tables[T]['Insert'] ? T : never }[keyof Tables];

export interface AppendWrite<P, T extends AppendTable> extends Pick<WriteDefinition<P>, 'kind' | 'queue' | 'silent' | 'maxQueued' | 'requiresUser' | 'describe'> {
  /** A table with a unique `client_id uuid` column. */
  table: T;
  row(payload: P, entry: QueuedWrite<P>): Omit<Tables[T]['Insert'], 'client_id'>;
}

/**
 * Appends (a traveler's messages): each write adds one row that carries the
 * outbox entry's id as client_id (unique), so a write sent twice is stored once and the second send
 * succeeds quietly.
 */
export function defineAppendWrite<P, T extends AppendTable>({ table, row, ...definition }: AppendWrite<P, T>): WriteDefinition<P> {
  return defineWrite<P>({
    ...definition,
    async send(client, entry) {
      // supabase-js types an insert by a table name it knows, not a generic one: the row was checked against the table above.
      await insertOnce((client as SupabaseClient).from(table).insert({ ...row(entry.payload, entry), client_id: entry.id }), [`${table}_client_id_key`]);
    },
  });
}
