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
  for (const game of ['taquin', 'floodit', 'minesweeper', 'blokus', 'tetris', 'japjap']) {
    await page.goto('about:blank');
    const ms = await open(page, game);
    console.log(`${game}: interactive ${Math.round(ms)} ms after navigation start`);
    expect(ms).toBeLessThan(1000);
  }
  await page.goto('./#');
  await expect(page.locator('[data-link]')).toHaveCount(6);
});

test('the Tetris engine\'s time per tick over five seconds of play', async ({ page }) => {
  await open(page, 'tetris?rules=guideline&seed=1');
  await page.keyboard.down('ArrowDown');
  await page.waitForTimeout(5000);
  await page.keyboard.up('ArrowDown');
  const perf = page.locator('[data-tick-avg-us]');
  const [avg, max, ticks, frames, late] = await Promise.all(
    ['data-tick-avg-us', 'data-tick-max-us', 'data-ticks', 'data-frames', 'data-late'].map(async (a) => Number(await perf.getAttribute(a))),
  );
  console.log(`tetris engine: ${ticks} ticks in ${frames} frames (${late} frames later than 2.5 ticks), ${avg.toFixed(1)} µs a tick on average, ${max.toFixed(0)} µs at most`);
  expect(avg).toBeLessThan(1000);
});
