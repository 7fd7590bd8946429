import type { FullConfig } from '@playwright/test';
import { raiseRateLimits } from './rate-limits.ts';

/** Runs once the web server is up (Playwright starts it first): its rate limits are raised for the suite. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseUrl = config.projects[0].use.baseURL!;
  await raiseRateLimits(baseUrl, process.env.E2E_DATA_DIR!);
}
