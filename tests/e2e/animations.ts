import type { Page } from '@playwright/test';

/** Resolves once every finite animation on the page (a modal's opening, a menu, a drawer) has ended. */
export function animationsEnded(page: Page): Promise<void> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ).then(() => undefined),
  );
}
