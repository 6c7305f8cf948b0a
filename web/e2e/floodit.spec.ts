import { test, expect, open } from './fixtures';

test('a seeded 6x6 is flooded by following the hints on the swatches', async ({ page }) => {
  const ready = await open(page, 'floodit?size=6&colors=4&seed=3&limit=12');
  expect(ready).toBeLessThan(1000);
  const status = page.locator('[data-game="floodit"] [data-status]');
  await expect(status).toContainText('Moves 0 / 12');
  for (let i = 0; i < 10; i++) {
    if ((await status.textContent())?.startsWith('Won')) break;
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.locator('.swatch.hint').click();
  }
  await expect(status).toContainText('Won in');
  await expect(page.locator('.cell:not(.flooded)')).toHaveCount(0);
});

test('clicking cells plays their colour; refusals and undo', async ({ page }) => {
  await open(page, 'floodit?size=6&colors=4&seed=3&limit=12');
  const status = page.locator('[data-status]');
  // A flooded cell has the flood's colour: the crate refuses it.
  await page.locator('.cell[data-x="0"][data-y="0"]').click();
  await expect(page.locator('.error')).not.toBeEmpty();
  await expect(status).toContainText('Moves 0 / 12');
  const other = page.locator('.cell:not(.flooded)').first();
  const color = await other.getAttribute('data-color');
  await other.click();
  await expect(status).toContainText('Moves 1 / 12');
  await expect(page.locator('.cell[data-x="0"][data-y="0"]')).toHaveAttribute('data-color', color ?? '');
  await page.keyboard.press('u');
  await expect(status).toContainText('Moves 0 / 12');
  // Keys 1 to 4 play colours; the symbols show on demand.
  await page.getByLabel('Symbols').check();
  await expect(page.locator('.cell').first()).not.toBeEmpty();
});
