import { test, expect, open } from './fixtures';

test('a piece dragged from the rack onto the start cell is placed, and the tree search answers', async ({ page }) => {
  const ready = await open(page, 'blokus?seats=human,mcts&playouts=300');
  expect(ready).toBeLessThan(1000);
  const status = page.locator('[data-game="blokus"] [data-status]');
  await expect(status).toContainText('to move (P1)');
  // The X pentomino (piece 20) centred on Duo's first start cell (4, 4).
  const piece = page.locator('.rack.to-move .piece[data-piece="20"]');
  const target = page.locator('.bcell[data-x="4"][data-y="4"]');
  const from = await piece.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no layout');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Over a corner first: the preview says illegal.
  const corner = await page.locator('.bcell[data-x="1"][data-y="1"]').boundingBox();
  if (!corner) throw new Error('no layout');
  await page.mouse.move(corner.x + 3, corner.y + 3, { steps: 4 });
  await expect(page.locator('.blokus-board')).toHaveAttribute('data-preview', 'illegal');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await expect(page.locator('.blokus-board')).toHaveAttribute('data-preview', 'legal');
  await expect(page.locator('.bcell.ok')).toHaveCount(5);
  await page.mouse.up();
  await expect(page.locator('.bcell[data-color="0"]')).toHaveCount(5);
  // The bot (a small tree search in the worker) replies: its colour appears, P1 is to move again.
  await expect(page.locator('.bcell[data-color="1"]')).toHaveCount(5, { timeout: 30_000 });
  await expect(status).toContainText('to move (P1)');
  await expect(page.locator('.rack.to-move .piece')).toHaveCount(20);
});

test('rotate, mirror, click placement, undo and two humans', async ({ page }) => {
  await open(page, 'blokus?seats=human,human');
  const status = page.locator('[data-status]');
  // Pick the L tetromino, turn it with the key and the button, click to place near the start.
  await page.locator('.rack.to-move .piece[data-piece="4"]').click();
  await page.keyboard.press('r');
  await page.getByRole('button', { name: 'Mirror ⇋' }).click();
  await page.locator('.bcell[data-x="4"][data-y="4"]').hover();
  await expect(page.locator('.bcell.ok, .bcell.bad')).toHaveCount(4);
  // Wherever the piece now lies, try cells around the start until the crate accepts.
  for (const [x, y] of [[4, 4], [4, 5], [5, 4], [3, 4], [4, 3], [5, 5], [3, 3]]) {
    if ((await page.locator('.bcell[data-color="0"]').count()) > 0) break;
    await page.locator(`.bcell[data-x="${x}"][data-y="${y}"]`).click();
  }
  await expect(page.locator('.bcell[data-color="0"]')).toHaveCount(4);
  await expect(status).toContainText('to move (P2)');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.bcell[data-color="0"]')).toHaveCount(0);
  await expect(status).toContainText('to move (P1)');
  // Off the board and far from the start: refused with the crate's reason.
  await page.locator('.rack.to-move .piece[data-piece="0"]').click();
  await page.locator('.bcell[data-x="0"][data-y="13"]').click();
  await expect(page.locator('.error')).not.toBeEmpty();
  await expect(page.locator('.bcell[data-color="0"]')).toHaveCount(0);
});

test('the hint comes from the worker and is legal', async ({ page }) => {
  await open(page, 'blokus?seats=human,human');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.note').first()).toContainText('Hint:', { timeout: 30_000 });
  await expect(page.locator('.bcell.hinted')).toHaveCount(5);
});
