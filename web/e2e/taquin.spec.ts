import { test, expect, open } from './fixtures';

test('a seeded 3x3 is won by clicking the tiles the solver hints', async ({ page }) => {
  const ready = await open(page, 'taquin?size=3&seed=7');
  expect(ready).toBeLessThan(1000);
  const status = page.locator('[data-game="taquin"] [data-status]');
  await expect(status).toContainText('Moves 0');
  for (let i = 0; i < 40; i++) {
    if ((await status.textContent())?.startsWith('Solved')) break;
    await page.getByRole('button', { name: 'Hint' }).click();
    const tile = page.locator('.tile[data-hint="true"]');
    await expect(tile).toHaveCount(1);
    await tile.click();
  }
  await expect(status).toContainText('Solved in');
  // The best result of the size is kept.
  const best = await page.evaluate(() => localStorage.getItem('plateau.taquin.best.3x3'));
  expect(JSON.parse(best ?? 'null')).toHaveProperty('moves');
});

test('arrows and undo move tiles, refusals are explained', async ({ page }) => {
  await open(page, 'taquin?size=4&seed=3');
  const status = page.locator('[data-status]');
  const before = await page.locator('.tile').evaluateAll((ts) => ts.map((t) => (t as HTMLElement).style.transform).join());
  // Two opposite arrows: at least one of each pair is legal wherever the blank is.
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
  await expect(status).not.toContainText('Moves 0 ');
  const played = Number((await status.textContent())?.match(/Moves (\d+)/)?.[1]);
  expect(played).toBeGreaterThanOrEqual(2);
  // A click off the blank's row and column is refused with the crate's reason.
  const cells = await page.locator('.tile').evaluateAll((ts) => ts.map((t) => [Number((t as HTMLElement).dataset.x), Number((t as HTMLElement).dataset.y)]));
  const taken = new Set(cells.map(([x, y]) => `${x},${y}`));
  let blank = [0, 0];
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) if (!taken.has(`${x},${y}`)) blank = [x, y];
  const [ox, oy] = cells.find(([x, y]) => x !== blank[0] && y !== blank[1]) ?? [0, 0];
  await page.locator(`.tile[data-x="${ox}"][data-y="${oy}"]`).click();
  await expect(page.locator('.error')).toContainText('not in line with the blank');
  await expect(status).toContainText(`Moves ${played} `);
  for (let i = 0; i < played; i++) await page.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText('Moves 0');
  const after = await page.locator('.tile').evaluateAll((ts) => ts.map((t) => (t as HTMLElement).style.transform).join());
  expect(after).toBe(before);
});

test('the animated solve of a 4x4 reaches the goal with the pattern databases', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'taquin?size=4&seed=11');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.locator('.note').first()).toContainText(/pattern databases|IDA\*/, { timeout: 90_000 });
  await expect(page.locator('[data-status]')).toContainText('Solved in', { timeout: 60_000 });
});

test('a 6x6 is solved by the fast solver', async ({ page }) => {
  await open(page, 'taquin?size=6&seed=5');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.locator('[data-status]')).toContainText('Solved in', { timeout: 60_000 });
  await expect(page.locator('.note', { hasText: 'fast' })).toBeVisible();
});

test('picture tiles: the built-in picture and one picked from a file', async ({ page }) => {
  await open(page, 'taquin?size=3&seed=2');
  const pictures = page.locator('[data-game="taquin"] select').nth(1);
  await pictures.selectOption('builtin');
  await expect(page.locator('.tile.picture')).toHaveCount(8);
  const bg = await page.locator('.tile').first().evaluate((t) => (t as HTMLElement).style.backgroundImage);
  expect(bg).toContain('data:image/png');
  // A 2x2 PNG picked through the file input.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => page.locator('.tile').first().evaluate((t) => (t as HTMLElement).style.backgroundImage)).toContain('blob:');
  await pictures.selectOption('numbers');
  await expect(page.locator('.tile.picture')).toHaveCount(0);
});

test('sizes 3x3 to 8x8', async ({ page }) => {
  await open(page, 'taquin?size=8&seed=1');
  await expect(page.locator('.tile')).toHaveCount(63);
  await page.locator('[data-game="taquin"] select').first().selectOption('5');
  await expect(page.locator('.tile')).toHaveCount(24);
});
