import type { Page, Request } from '@playwright/test';

/**
 * Follows a page's requests from now on (those whose address matches `only`, when given), so a test
 * can wait until none is open and none has started for `quietMs`: what Playwright's 'networkidle'
 * waits for, with a window the test chooses instead of 500 ms after every page. A screen that reads
 * in two steps (a list, then its counts) starts the second within a render of the first's answer,
 * well inside the window. `stop` lets the page go.
 */
export function followRequests(page: Page, { only }: { only?: RegExp } = {}) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const followed = (request: Request) => !only || only.test(request.url());
  const opened = (request: Request) => {
    if (!followed(request)) return;
    open.add(request);
    lastChange = Date.now();
  };
  const closed = (request: Request) => {
    if (!followed(request)) return;
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  return {
    async quiet(quietMs = 200, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`Requests still open after ${timeoutMs / 1000} s: ${[...open].map((request) => request.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop() {
      page.off('request', opened);
      page.off('requestfinished', closed);
      page.off('requestfailed', closed);
    },
  };
}
