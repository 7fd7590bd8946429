import { raiseRateLimits } from './rate-limits.ts';
import { allServers } from './servers.ts';

/** Runs once the web servers are up (Playwright starts them first): their rate limits are raised for the suite. */
export default async function globalSetup(): Promise<void> {
  await Promise.all(allServers.map((server) => raiseRateLimits(server.url, server.dataDir)));
}
