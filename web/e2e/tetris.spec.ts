import { test, expect, open } from './fixtures';

const activeXs = async (page: import('@playwright/test').Page) =>
  JSON.parse((await page.locator('.tetris-canvas').getAttribute('data-active')) ?? '[]').map((c: number[]) => c[0]) as number[];

test('move, rotate, hold and hard drop with the keys; pause stops the engine', async ({ page }) => {
  const ready = await open(page, 'tetris?rules=guideline&seed=4');
  expect(ready).toBeLessThan(1000);
  const canvas = page.locator('.tetris-canvas');
  const status = page.locator('[data-game="tetris"] [data-status]');
  await expect(status).toContainText('Playing');
  await expect.poll(async () => (await activeXs(page)).length).toBe(4);
  const before = Math.min(...(await activeXs(page)));
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Math.min(...(await activeXs(page)))).toBe(before - 1);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('c');
  await expect(canvas).not.toHaveAttribute('data-hold', '');
  await page.keyboard.press('Space');
  await expect(canvas).toHaveAttribute('data-filled', '4');
  await expect(page.locator('.tetris-stats')).not.toContainText('Score 0 ');
  // The engine sees a press as a change from one tick to the next: a second Space before
  // any tick has run since the first one's would be the same key still held. Wait a tick.
  const ticksNow = async () => Number(await page.locator('[data-ticks]').getAttribute('data-ticks'));
  const dropped = await ticksNow();
  await expect.poll(ticksNow).toBeGreaterThan(dropped);
  await page.keyboard.press('Space');
  await expect(canvas).toHaveAttribute('data-filled', '8');
  await page.keyboard.press('p');
  await expect(status).toHaveText('Paused');
  const ticks = await page.locator('[data-ticks]').getAttribute('data-ticks');
  await page.waitForTimeout(300);
  const view = await canvas.getAttribute('data-active');
  await page.waitForTimeout(300);
  await expect(canvas).toHaveAttribute('data-active', view ?? '');
  await page.keyboard.press('p');
  await expect(status).toContainText('Playing');
  // The engine's time per tick, measured in the page around every tick.
  const avg = Number(await page.locator('[data-tick-avg-us]').getAttribute('data-tick-avg-us'));
  const max = Number(await page.locator('[data-tick-max-us]').getAttribute('data-tick-max-us'));
  console.log(`tetris engine: ${ticks} ticks, ${avg.toFixed(1)} µs a tick on average, ${max.toFixed(0)} µs at most`);
  expect(avg).toBeLessThan(1000);
});

test('touch buttons, the help placement and the calculator rules', async ({ page }) => {
  await open(page, 'tetris?rules=calculator&seed=2');
  const canvas = page.locator('.tetris-canvas');
  await expect.poll(async () => (await activeXs(page)).length).toBe(4);
  const before = Math.min(...(await activeXs(page)));
  const right = page.locator('.pad button[data-bit="2"]');
  await right.dispatchEvent('pointerdown');
  await right.dispatchEvent('pointerup');
  await expect.poll(async () => Math.min(...(await activeXs(page)))).toBe(before + 1);
  await page.getByLabel("Help (the bot's placement)").check();
  // Soft drop held until the piece locks (the calculator has no hard drop).
  const down = page.locator('.pad button[data-bit="4"]');
  await down.dispatchEvent('pointerdown');
  await expect(canvas).toHaveAttribute('data-filled', '4', { timeout: 20_000 });
  await down.dispatchEvent('pointerup');
  await page.getByLabel('Rules').selectOption('classic');
  await expect(canvas).toHaveAttribute('data-filled', '0');
});
