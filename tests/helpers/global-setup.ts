import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureTemplate, runRoot, runsRoot } from './template.ts';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Vitest global setup for the platform suite: build the seeded template database once, and give the run its folder. */
export default async function setup() {
  const started = Date.now();
  const template = await ensureTemplate();
  // The workers use this template even if the hour turns while they run.
  process.env.TEST_TEMPLATE_HASH = template.hash;
  console.log(`platform template ready in ${Date.now() - started} ms (${template.database ? 'postgres' : 'pglite'})`);

  // Copies left by runs that were cut off (they may sit in memory).
  const left = existsSync(runsRoot) ? readdirSync(runsRoot).filter((name) => !running(Number(name))) : [];
  for (const name of left) await rm(path.join(runsRoot, name), { recursive: true, force: true });
  const ownRoot = runRoot();
  process.env.TEST_RUN_ROOT = ownRoot;
  return () => rm(ownRoot, { recursive: true, force: true });
}
