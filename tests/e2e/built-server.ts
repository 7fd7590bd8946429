// The production server (dist-server/server.mjs) run as its own process over a given app build:
// for tests and benchmarks that deploy a new build while a page is open.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Starts the built server on a spare port with a temporary data directory and its own copy of dist/.
 * env adds to the server's environment (STRIPE_SECRET_KEY, ...); SITE_URL is the address it serves.
 */
export async function startBuiltServer(options: { env?: Record<string, string> } = {}): Promise<BuiltServer> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'built-server-'));
  const distDir = path.join(workDir, 'dist');
  await cp(path.join(repoRoot, 'dist'), distDir, { recursive: true });
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'data');
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(process.execPath, ['dist-server/server.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, SITE_URL: url, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${output}`);
      const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server did not start within 120 s: ${output}`);
  };

  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };

  await start();
  await raiseRateLimits(url, dataDir);
  return {
    url,
    distDir,
    dataDir,
    restart: async () => {
      await halt();
      await start();
    },
    stop: async () => {
      await halt();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
