import { test, expect, open } from './fixtures';

test('reveal, flag, unflag, refusals, then the hints play to the end', async ({ page }) => {
  const ready = await open(page, 'minesweeper?level=beginner&first=opening&seed=5');
  expect(ready).toBeLessThan(1000);
  const status = page.locator('[data-game="minesweeper"] [data-status]');
  const counters = page.locator('.counters');
  await expect(counters).toContainText('Mines left 10 of 10');
  await page.locator('.mcell[data-x="4"][data-y="4"]').click();
  await expect(page.locator('.mcell.covered')).not.toHaveCount(81);
  const covered = page.locator('.mcell.covered').first();
  await covered.click({ button: 'right' });
  await expect(covered).toHaveAttribute('data-cell', 'F');
  await expect(counters).toContainText('Mines left 9 of 10');
  await covered.click();
  await expect(page.locator('.error')).toContainText('is flagged');
  await covered.click({ button: 'right' });
  await expect(counters).toContainText('Mines left 10 of 10');
  // The solver's hints, clicked as a player would (a flag hint with the right button).
  for (let i = 0; i < 100; i++) {
    if (!(await status.textContent())?.startsWith('Playing')) break;
    await page.getByRole('button', { name: 'Hint' }).click();
    const note = (await page.locator('.note').first().textContent()) ?? '';
    const cell = page.locator('.mcell.hint');
    if (note.includes('Hint: f')) await cell.click({ button: 'right' });
    else await cell.click();
  }
  await expect(status).toHaveText(/^(Won in \d+:\d\d|Lost: a mine exploded)/);
});

test('the probability overlay, a long press, and the calculator preset with +/- 3 mines', async ({ page }) => {
  await open(page, 'minesweeper?level=beginner&seed=2');
  await page.locator('.mcell[data-x="0"][data-y="0"]').click();
  await page.getByLabel('Mine probabilities').check();
  await expect(page.locator('.mcell.prob').first()).toBeVisible();
  // A long press on a covered cell (a touch pointer) flags it; the click after it does nothing.
  const cell = page.locator('.mcell.covered:not(.prob)').first().or(page.locator('.mcell.prob').first()).first();
  const x = await cell.getAttribute('data-x');
  const y = await cell.getAttribute('data-y');
  const target = page.locator(`.mcell[data-x="${x}"][data-y="${y}"]`);
  await target.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  await page.waitForTimeout(700);
  await target.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
  await target.dispatchEvent('click');
  await expect(target).toHaveAttribute('data-cell', 'F');
  await page.getByLabel('Level').selectOption('calculator');
  await expect(page.locator('.mcell')).toHaveCount(150);
  const before = Number((await page.locator('.counters').textContent())?.match(/of (\d+)/)?.[1]);
  await page.getByRole('button', { name: '+ 3 mines' }).click();
  await expect(page.locator('.counters')).toContainText(`of ${before + 3}`);
  await page.getByRole('button', { name: '− 3 mines' }).click();
  await page.getByRole('button', { name: '− 3 mines' }).click();
  await expect(page.locator('.counters')).toContainText(`of ${before - 3}`);
  await page.getByLabel('First click').selectOption('no-guess');
  await page.locator('.mcell[data-x="7"][data-y="5"]').click();
  await expect(page.locator('.mcell.covered')).not.toHaveCount(150);
});
