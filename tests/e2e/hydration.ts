import { expect, type Page } from '@playwright/test';

/** True once React has taken over the element (hydrated it, or rendered it itself). */
export function isReactElement(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Waits until the app has hydrated a server-rendered public page: its content shows from the HTML
 * before that, but its buttons and menus do nothing yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('banner').evaluate(isReactElement), { message: 'the page is hydrated' }).toBe(true);
}
