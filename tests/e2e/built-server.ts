// The production server (dist-server/server.mjs) run as its own process over a given app build:
// for tests and benchmarks that deploy a new build while a page is open.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTemplate } from '../helpers/template.ts';
import { raiseRateLimits } from './rate-limits.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function sparePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface BuiltServer {
  url: string;
  /** A copy of dist/ this server serves; edit it and restart() to deploy a new build. */
  distDir: string;
  /** Its data directory (admin-credentials.json, the database). */
  dataDir: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the built server over dataDir on port, and resolves once it answers. */
async function launch(port: number, dataDir: string, distDir: string, env: Record<string, string>): Promise<ChildProcess> {
  let output = '';
  const child = spawn(process.execPath, ['dist-server/server.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'silent', EMAIL_TICK_MS: '500' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start within 120 s: ${output}`);
}

async function halt(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built server on a spare port with a data directory of its own (a copy of
 * the seeded template, tests/helpers/template.ts) and its own copy of dist/.
 * env adds to the server's environment (STRIPE_SECRET_KEY, ...); SITE_URL is the address it serves.
 */
export async function startBuiltServer(options: { env?: Record<string, string> } = {}): Promise<BuiltServer> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'built-server-'));
  const distDir = path.join(workDir, 'dist');
  await cp(path.join(repoRoot, 'dist'), distDir, { recursive: true });
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'data');
  cpSync((await ensureTemplate(null)).dir, dataDir, { recursive: true });
  let child: ChildProcess | undefined;
  const start = async () => {
    child = await launch(port, dataDir, distDir, { SITE_URL: url, ...options.env });
  };

  await start();
  await raiseRateLimits(url, dataDir);
  return {
    url,
    distDir,
    dataDir,
    restart: async () => {
      await halt(child);
      await start();
    },
    stop: async () => {
      await halt(child);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
