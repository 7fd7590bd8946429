import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';
import { ownServer } from './servers.ts';

export { expect };

/**
 * The test every spec uses: Playwright's, against its worker's own server (tests/e2e/servers.ts), with the site's Content-Security-Policy watched in every
 * page the test opens (its own context, and any it makes with browser.newContext or newPage). A
 * `securitypolicyviolation` event anywhere fails the test, so the policy is proven to let the app
 * work, and the app to need nothing the policy forbids. (browser.newPage makes its context through
 * browser.newContext, so watching that covers both.)
 */
async function watchPolicy(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('__cspViolation', (_source, report: string) => {
    violations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || location.href}:${event.lineNumber}`;
      (window as unknown as { __cspViolation(report: string): void }).__cspViolation(report);
    });
  });
}

export const test = base.extend<{ contentSecurityPolicy: void }>({
  baseURL: async ({}, use) => use(ownServer.url),
  contentSecurityPolicy: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchPolicy(context, violations);
      const { newContext } = browser;
      const patched = browser as Browser;
      patched.newContext = async (...args) => {
        const made = await newContext.apply(browser, args);
        await watchPolicy(made, violations);
        return made;
      };
      try {
        await use();
      } finally {
        patched.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
