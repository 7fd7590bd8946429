import type { Page, Request } from '@playwright/test';

/**
 * Follows a page's requests from now on, so a test can wait until none is open and none has started
 * for `quietMs`: what Playwright's 'networkidle' waits for, with a window the test chooses instead
 * of 500 ms after every page. A screen that reads in two steps (a list, then its counts) starts the
 * second within a render of the first's answer, well inside the window.
 */
export function followRequests(page: Page): { quiet(quietMs?: number): Promise<void> } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const opened = (request: Request) => {
    open.add(request);
    lastChange = Date.now();
  };
  const closed = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  return {
    async quiet(quietMs = 200) {
      const deadline = Date.now() + 15_000;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`Requests still open after 15 s: ${[...open].map((request) => request.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
