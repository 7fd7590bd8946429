import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkParameters } from './bounded-values.ts';
import type { PgliteCommand, PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-worker.ts';
import type { Database, PgError, Queryable, QueryResult } from './types.ts';

function pgError(code: string, message: string, hint?: string): PgError {
  return Object.assign(new Error(message), { code, hint });
}

/** What a statement stopped by the watchdog answers (57014, as a statement_timeout would: HTTP 503). */
function stoppedError(limitMs: number): PgError {
  return pgError(
    '57014',
    `The database stopped a statement that ran longer than ${Math.round(limitMs / 100) / 10} seconds, and was restarted`,
    'Try again in a moment; if it happens again, ask for less at once',
  );
}

/** What the other requests in flight answer when the database is replaced under them (HTTP 503). */
function lostError(): PgError {
  return pgError('08006', 'The database was restarted while this request ran, and nothing it changed was kept', 'Try again in a moment');
}

/**
 * The worker's code. The server bundle carries it beside itself (dist-server/pglite-worker.mjs);
 * run from the TypeScript sources (tests, scripts), it is bundled here once with esbuild, into
 * node_modules/.cache so that its imports resolve to the project's packages.
 */
async function workerFile(): Promise<URL> {
  const built = new URL('./pglite-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  const source = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 12);
  const dir = path.resolve(path.dirname(source), '../../../node_modules/.cache/kilele');
  const target = path.join(dir, `pglite-worker-${hash}.mjs`);
  if (!existsSync(target)) {
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [source], bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'warning' });
    await mkdir(dir, { recursive: true });
    // Written aside and renamed: test files start their servers in parallel.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(partial, result.outputFiles[0].contents);
    await rename(partial, target);
  }
  return pathToFileURL(target);
}

/**
 * The thread's stack. PGlite's deep recursions (a compiled regular expression, JSON nested thousands
 * of levels) run on it; a thread's default of 4 MB overflows before Postgres's own max_stack_depth
 * check, and an overflow inside the engine leaves it wedged. With this much, Postgres refuses them
 * first, cleanly (measured: JSON nested 100,000 deep answers 'stack depth limit exceeded').
 */
const ENGINE_STACK_MB = 64;

interface Pending {
  resolve(result: QueryResult<never>): void;
  reject(error: unknown): void;
}

/**
 * PGlite in a thread of its own (pglite-worker.ts), behind the one Database interface.
 *
 * PGlite ignores statement_timeout and cannot cancel a statement; worse, some inputs leave it wedged
 * (measured: after a too-complex regular expression, or JSON nested some 8,000 levels, the next
 * statement that errors spins for ever). Requests refuse such inputs before they get here
 * (rest/limits.ts, bounded-values.ts); the watchdog is for whatever slips through. Once armed
 * (watchdog(ms), after start-up's migrations and seed), it stops the thread when the database has
 * been busy on one statement longer than that, and opens the data directory again in a new one:
 * Postgres's own recovery on start keeps every committed transaction, as after a crash. The statement
 * answers 57014, the others in flight 08006 (both HTTP 503), and those waiting run on the new thread.
 */
class EmbeddedDatabase implements Database {
  readonly kind = 'pglite' as const;
  private worker!: Worker;
  private ready!: Promise<void>;
  /** Counts threads: a transaction begun on one never sends to the next. */
  private generation = 0;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** When the thread last answered, or was given work while idle. */
  private lastProgress = 0;
  private limitMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;

  constructor(
    private readonly file: URL,
    private readonly dataDir: string | undefined,
    private readonly onRestart: (reason: string) => void,
  ) {}

  start(): Promise<void> {
    const generation = ++this.generation;
    const worker = new Worker(this.file, { workerData: { dataDir: this.dataDir } satisfies PgliteWorkerData, resourceLimits: { stackSizeMb: ENGINE_STACK_MB } });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: PgliteReply) => {
        if (reply.kind === 'ready') resolve();
        else if (generation === this.generation) this.answer(reply);
      });
      worker.once('error', (error: Error) => {
        reject(error);
        if (generation === this.generation && !this.closing) void this.restart(`the database thread failed: ${error.message}`);
      });
      worker.once('exit', () => {
        reject(new Error('The database thread ended before it was ready'));
        if (generation === this.generation && !this.closing) void this.restart('the database thread ended');
      });
    });
    // Whoever awaits it sees the failure; an unhandled copy would crash the process.
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private answer(reply: Exclude<PgliteReply, { kind: 'ready' }>) {
    this.lastProgress = performance.now();
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.kind === 'result') {
      pending.resolve({ rows: reply.rows as never[], rowCount: reply.rowCount });
      return;
    }
    pending.reject(Object.assign(new Error(reply.error.message), reply.error));
    if (reply.fatal) void this.restart(`the database engine failed: ${reply.error.message}`);
  }

  /** Replaces the thread: what was in flight is answered with an error, what waits runs on the new one. */
  private async restart(reason: string, stalled = false) {
    const old = this.worker;
    // From here on, a transaction begun on the old thread sends nothing more.
    this.generation++;
    const inFlight = [...this.pending.values()];
    this.pending.clear();
    let settle!: () => void;
    this.ready = new Promise<void>((resolve) => (settle = resolve));
    inFlight.forEach((pending, index) => pending.reject(stalled && index === 0 ? stoppedError(this.limitMs) : lostError()));
    // Only one thread may ever have the directory open: the old one is gone before the new one opens it.
    await old.terminate();
    if (this.closing) return settle();
    this.onRestart(reason);
    await this.start().catch((error: Error) => {
      this.onRestart(`the database could not be opened again: ${error.message}`);
      this.ready = Promise.reject(lostError());
      this.ready.catch(() => undefined);
    });
    settle();
  }

  /** Resolves once a thread is ready, waiting out any restart. */
  private async whenReady() {
    for (;;) {
      const ready = this.ready;
      await ready;
      if (ready === this.ready) return;
    }
  }

  /** Sends one request to the thread; `generation` pins it to the thread a transaction began on. */
  private post<T>(request: PgliteCommand, generation = this.generation): Promise<QueryResult<T>> {
    if (generation !== this.generation) return Promise.reject(lostError());
    const id = this.nextId++;
    return new Promise<QueryResult<T>>((resolve, reject) => {
      if (this.pending.size === 0) this.lastProgress = performance.now();
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  private async send<T>(request: PgliteCommand, generation?: number): Promise<QueryResult<T>> {
    await this.whenReady();
    return this.post<T>(request, generation);
  }

  /** One caller at a time: a transaction's statements never interleave with another's. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    checkParameters(params);
    return this.exclusive(() => this.send<T>({ kind: 'query', sql, params }));
  }

  async exec(sql: string): Promise<void> {
    await this.exclusive(() => this.send({ kind: 'exec', sql }));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const { result, committed } = await this.exclusive(async () => {
      await this.whenReady();
      const generation = this.generation;
      let open = true;
      const begun = this.post({ kind: 'query', sql: 'begin', params: [] }, generation);
      const inTransaction = async <R>(command: PgliteCommand) => {
        if (!open) throw new Error('This transaction has ended');
        return this.send<R>(command, generation);
      };
      const tx: Queryable = {
        query: async <R>(sql: string, params: unknown[] = []) => {
          checkParameters(params);
          return inTransaction<R>({ kind: 'query', sql, params });
        },
        exec: async (sql: string) => {
          await inTransaction({ kind: 'exec', sql });
        },
      };
      try {
        // Sent without waiting for begin's answer: the thread runs them in order.
        const [, result] = await Promise.all([begun, fn(tx)]);
        open = false;
        // The next caller may queue its statements behind the commit at once: the thread runs them
        // after it, and a commit that fails has ended the transaction itself (nothing to roll back).
        return { result, committed: this.post({ kind: 'query', sql: 'commit', params: [] }, generation) };
      } catch (error) {
        open = false;
        if (generation === this.generation) await this.post({ kind: 'query', sql: 'rollback', params: [] }, generation).catch(() => undefined);
        throw error;
      }
    });
    await committed;
    return result;
  }

  watchdog(ms: number) {
    this.limitMs = ms;
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (this.pending.size > 0 && performance.now() - this.lastProgress > this.limitMs) {
        this.lastProgress = performance.now();
        void this.restart(`a statement ran longer than ${this.limitMs} ms`, true);
      }
    }, Math.max(50, Math.min(250, ms / 4)));
    this.timer.unref();
  }

  async close() {
    clearInterval(this.timer);
    await this.exclusive(async () => {
      await this.send({ kind: 'close' }).catch(() => undefined);
      this.closing = true;
      await this.worker.terminate();
    });
  }
}

/**
 * Embedded Postgres in a thread of this process. dataDir undefined keeps it in memory (scripts); a
 * database in memory has nothing to reopen, so arm its watchdog only for throwaway work.
 */
export async function openPglite(dataDir?: string, options: { onRestart?: (reason: string) => void } = {}): Promise<Database> {
  const db = new EmbeddedDatabase(await workerFile(), dataDir, options.onRestart ?? (() => undefined));
  await db.start();
  return db;
}
