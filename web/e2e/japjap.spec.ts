import { test, expect, open } from './fixtures';

test('a Jap Jap turn: a refused meld is explained, a single discard taking the stock is played, the bot answers', async ({ page }) => {
  const ready = await open(page, 'japjap?players=2&seats=human,greedy&seed=3');
  expect(ready).toBeLessThan(1000);
  const status = page.locator('[data-game="japjap"] [data-status]');
  await expect(status).toContainText('You to play', { timeout: 10_000 });
  const cards = page.locator('.hand:not(.discard) .card');
  await expect(cards).toHaveCount(5);
  const texts = await cards.evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.card ?? ''));
  // Two cards of different ranks and suits make no meld: the crate says why.
  const rank = (c: string) => c.slice(0, -1);
  const suit = (c: string) => c.slice(-1);
  const pair = texts.flatMap((a, i) => texts.map((b, j) => [i, j, a, b] as const)).find(([i, j, a, b]) => i < j && rank(a) !== rank(b) && suit(a) !== suit(b) && Math.abs(Number(rank(a)) - Number(rank(b))) !== 1);
  await page.locator('.stock').click();
  if (pair) {
    await cards.nth(pair[0]).click();
    await cards.nth(pair[1]).click();
    await expect(page.locator('.error')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Discard and take' })).toBeDisabled();
    await cards.nth(pair[0]).click();
    await cards.nth(pair[1]).click();
  }
  await page.locator('.stock').click();
  await cards.first().click();
  const discarded = texts[0];
  await expect(page.getByRole('button', { name: 'Discard and take' })).toBeEnabled();
  await page.getByRole('button', { name: 'Discard and take' }).click();
  await expect(page.locator('.jj-log li').first()).toContainText(`You: discard ${discarded} take stock`);
  // The greedy bot plays its turn; the human is to play again.
  await expect(page.locator('.jj-log li')).toHaveCount(2, { timeout: 10_000 });
  await expect(status).toContainText('You to play');
  await expect(cards).toHaveCount(5);
});

test('bots play whole rounds; seats, names and the rules panel', async ({ page }) => {
  await open(page, 'japjap?players=3&seats=greedy,random,search&seed=5&limit=20');
  await expect(page.locator('.jj-seat')).toHaveCount(3);
  await page.getByLabel('Name of seat 1').fill('Ana');
  await page.getByLabel('Name of seat 1').press('Enter');
  await expect(page.locator('.jj-seat').first()).toContainText('Ana');
  await expect(page.locator('.jj-log li', { hasText: 'Round' }).first()).toBeVisible({ timeout: 45_000 });
  await page.locator('.rules summary').click();
  await expect(page.locator('.rules li')).toHaveCount(3);
  await page.getByLabel('Seats').selectOption('5');
  await expect(page.locator('.jj-seat')).toHaveCount(5);
});
