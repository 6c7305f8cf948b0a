import { test, expect, open } from './fixtures';

// Prints the browser's figures for web/README.md (run with `npx playwright test speed`).
test('the speed figures are measured in the workers', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page, 'speed');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('[data-status]')).toHaveText('Done', { timeout: 170_000 });
  const text = (await page.locator('pre').textContent()) ?? '';
  console.log(text);
  expect(text).toMatch(/playouts\/s/);
  expect(text).toMatch(/pattern databases built in \d+ ms/);
});

test('every game route is interactive within a second of load', async ({ page }) => {
  for (const game of ['taquin', 'floodit', 'minesweeper', 'blokus']) {
    await page.goto('about:blank');
    const ms = await open(page, game);
    console.log(`${game}: interactive ${Math.round(ms)} ms after navigation start`);
    expect(ms).toBeLessThan(1000);
  }
  await page.goto('./#');
  await expect(page.locator('[data-link]')).toHaveCount(6);
});
