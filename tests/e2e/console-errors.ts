import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * The page's console errors (React reports a hydration mismatch there) and uncaught exceptions, each
 * with where it came from. `expected` leaves out the messages a test causes on purpose.
 */
export function collectConsoleErrors(page: Page, expected: (message: ConsoleMessage) => boolean = () => false): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(message)) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
