// Every spec's page fails its test on a console error or an uncaught exception.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens a route and waits until its game is mounted; returns the time it took (ms). */
export async function open(page: import('@playwright/test').Page, route: string): Promise<number> {
  await page.goto(`./#${route}`);
  const name = route.split('?')[0];
  await expect(page.locator(`[data-game="${name}"][data-ready="true"]`)).toBeVisible();
  return page.evaluate(() => (window as unknown as { plateauReadyMs: number }).plateauReadyMs);
}
