import type { MirrorRow } from '../local-db.ts';
import type { OutboxEngine, WriteOutcome } from './engine.ts';
import type { MirrorTable, WriteDefinition } from './registry.ts';

/** The app's one outbox over the device database. Every write made in the app goes through it. */
let engine: OutboxEngine | undefined;
let engineStarted: (started: OutboxEngine) => void;
const started = new Promise<OutboxEngine>((resolve) => {
  engineStarted = resolve;
});

let startWhenNeeded: (() => void) | undefined;

/**
 * How the outbox is started when a write or read needs it before the page's idle time has started
 * it (main.tsx hands in the device sync).
 */
export function startOutboxWhenNeeded(start: () => void): void {
  startWhenNeeded = start;
}

function running(): Promise<OutboxEngine> {
  if (!engine) startWhenNeeded?.();
  return started;
}

/**
 * Starts the engine over the device database once the Supabase client exists (once the first page
 * has shown and the browser is idle, or when something needs it: app/device-sync.ts). Writes queued
 * earlier wait for it. The engine is handed in, so its code loads with supabase-js and Dexie instead
 * of in the entry every page needs (this facade is there).
 */
export function startOutbox(started: OutboxEngine): () => void {
  if (engine) throw new Error('The outbox is already started.');
  engine = started;
  const stop = engine.start();
  engineStarted(engine);
  return stop;
}

/** Resolves once the outbox runs (after the first paint): what shows its state waits for it. */
export async function outboxStarted(): Promise<void> {
  await started;
}

/** Records a write (and its optimistic change on the device) and sends it as soon as it can. Returns its id. */
export async function queueWrite<P, U>(definition: WriteDefinition<P, U>, payload: P): Promise<string> {
  return (await running()).queue(definition, payload);
}

export async function retryWrite(id: string): Promise<void> {
  await (await running()).retry(id);
}

export async function discardWrite(id: string): Promise<boolean> {
  return (await running()).discard(id);
}

/** 'sent', 'failed' (with the server's message) or still 'waiting' after timeoutMs or when offline. */
export async function waitForWrite(id: string, timeoutMs: number): Promise<WriteOutcome> {
  return (await running()).waitFor(id, timeoutMs);
}

/**
 * Stores fresh server rows in a mirror with the user's waiting writes, and those sent since the read
 * began (`readAt`: Date.now() taken before the request), replayed on top.
 */
export async function refreshMirror(table: MirrorTable, userId: string, rows: MirrorRow[], readAt: number): Promise<void> {
  await (await running()).refreshMirror(table, userId, rows, readAt);
}
