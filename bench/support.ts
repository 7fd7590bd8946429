// What the benchmarks share: the server in its own process, and a scratch PostgreSQL database.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server as it runs in production: its own process, so the load generator does not share its thread. */
export async function startServer(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-websocket', '--import', 'tsx', 'server/main.ts'], {
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

/** A fresh, empty database on the PostgreSQL server (made again if a run before left it), and how to drop it. */
export async function scratchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const drop = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  await drop();
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
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
