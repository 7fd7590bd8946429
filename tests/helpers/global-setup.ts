import { ensureTemplate } from './template.ts';

/** Vitest global setup for the platform suite: build the seeded template database once. */
export default async function setup() {
  const started = Date.now();
  const template = await ensureTemplate();
  process.env.TEST_TEMPLATE_DIR = template.dir;
  if (template.database) process.env.TEST_TEMPLATE_DATABASE = template.database;
  console.log(`platform template ready in ${Date.now() - started} ms (${template.database ? 'postgres' : 'pglite'})`);
}
