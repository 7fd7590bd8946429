// What the benchmarks share: the built server in its own process, and a copy of the seeded demo
// company to run it over (a data directory, and on PostgreSQL a database of its own).
import { spawn } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { adminUrl, ensureTemplate } from '../tests/helpers/template.ts';

/** The PostgreSQL server the benches make their databases on (BENCH_DATABASE_URL; any database of it to connect to). */
export const postgresServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The server as it runs in production (the build's dist-server/server.mjs, so `node scripts/build.mjs`
 * first): its own process, so the load generator does not share its thread.
 */
export async function startServer(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }> {
  if (!existsSync('dist-server/server.mjs')) throw new Error('No build: run `node scripts/build.mjs` first');
  const port = await freePort();
  const child = spawn(process.execPath, ['dist-server/server.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function postgresReachable(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export interface BenchData {
  /** The server's DATA_DIR: its secrets, admin-credentials.json and, embedded, the database. */
  dataDir: string;
  /** On PostgreSQL: the bench's own database. */
  databaseUrl?: string;
  /** The demo company's admin, as the seed made them. */
  admin: { email: string; password: string };
  /** Removes the copy. */
  drop(): Promise<void>;
}

/**
 * The demo company, migrated and seeded, for one bench run: a copy of the template the test suites
 * start from (tests/helpers/template.ts), made once per schema, seed and hour. A copy takes about a
 * second where migrating and seeding take some twenty, twice per bench (PGlite, then PostgreSQL).
 * On PostgreSQL the bench gets a database of its own, `name`, made from the template database.
 */
export async function benchData(kind: 'pglite' | 'postgres', name: string): Promise<BenchData> {
  const template = await ensureTemplate(kind === 'postgres' ? postgresServer : null);
  const dataDir = path.resolve(`.data-${name}-${kind}`);
  await rm(dataDir, { recursive: true, force: true });
  cpSync(template.dir, dataDir, { recursive: true });
  const admin = JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as BenchData['admin'];
  if (kind === 'pglite') return { dataDir, admin, drop: () => rm(dataDir, { recursive: true, force: true }) };
  const dropDatabase = () => onServer(postgresServer, `drop database if exists ${name} with (force)`);
  await dropDatabase();
  await onServer(postgresServer, `create database ${name} template ${template.database}`);
  return {
    dataDir,
    admin,
    databaseUrl: adminUrl(postgresServer, name),
    drop: async () => {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * BENCH_SMALL=1 is each bench's small mode, which CI runs so that no bench rots unseen: a tenth of a
 * second of load, a hundredth of the data, one run. Its figures mean nothing; that the bench
 * completes, prints them and finds nothing wrong (no oversell, no lost write) does.
 */
export const smallMode = process.env.BENCH_SMALL === '1';

/** A bench's knob: its environment variable when set, else the small or the full default. */
export function benchSetting(name: string, full: number, small: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? (smallMode ? small : full) : Number(value);
}

/** Prints a bench's figures; a bench whose run found something wrong says what and exits non-zero. */
export function report(figures: unknown, problems: string[] = []): void {
  console.log(JSON.stringify(figures, null, 2));
  for (const problem of problems) console.error(`bench: ${problem}`);
  if (problems.length) process.exitCode = 1;
}

/**
 * A line between the browser and a server, on a port of its own (0: any free one). It passes bytes
 * both ways, each chunk held for half of `roundTripMs` each way when set (timers of one delay fire in
 * the order they were set, so the bytes keep theirs). hang(true) drops the connections it carries and
 * takes new ones without ever answering: lie-fi. (A request through Playwright's routing would pay
 * for the round trip to the bench's process, which would be measured too.)
 */
export async function lineTo(serverPort: number, options: { port?: number; roundTripMs?: number } = {}) {
  const delay = (options.roundTripMs ?? 0) / 2;
  const sockets = new Set<Socket>();
  let hanging = false;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const pass = (from: Socket, to: Socket) => {
    if (delay === 0) from.pipe(to);
    else from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delay));
    from.on('close', () => setTimeout(() => to.destroy(), delay));
  };
  const line = createServer((client) => {
    keep(client);
    if (hanging) return;
    const server = connect(serverPort, '127.0.0.1');
    keep(server);
    pass(client, server);
    pass(server, client);
  });
  await new Promise<void>((resolve) => line.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(line.address() as AddressInfo).port}`,
    hang(on: boolean) {
      hanging = on;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        line.close(() => resolve());
      }),
  };
}
