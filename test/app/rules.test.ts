// The page's repetition rules setting (docs/rules.md, Rule sets) in headless Chromium: the game's end, the
// board and every search worker follow it, and it is remembered.
import { expect, test } from 'vitest';
import { pageFixture } from './page-fixture.ts';

const { open } = pageFixture();

// Black's rook chases the red cannon with every move, one of them uncovering a check (one of
// Fairy-Stockfish's rule tests): a draw by the computer rule, Black's loss by the Asian rules.
const FEN = '3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1';
const CYCLE = ['d1d3', 'b1b3', 'd3d1', 'b3b1'];

interface RuleWin {
  xiangqi: {
    state: { game: { status(): { over: boolean; result?: string; reason?: string } } };
    board: { rule: string } | null;
    analysis: { currentWorker: { rule: string } | null };
  };
}

test('the rule setting judges the game, reaches the board and the searches, and is remembered', async () => {
  const { page, errors } = await open(
    { lang: 'en', notation: 'ICCS', red: 'human', black: 'human', analysis: true },
    { once: true },
  );
  // The game arrives as a file would: a PGN with the position and the cycle played twice.
  await page.click('[data-action="import"]');
  await page.fill(
    '[data-testid="import-text"]',
    `[Game "Chinese Chess"]\n[FEN "${FEN}"]\n[Format "ICCS"]\n\n${[...CYCLE, ...CYCLE]
      .map((m, i) => `${i % 2 ? '' : `${i / 2 + 1}. `}${m}`)
      .join(' ')} *`,
  );
  await page.click('[data-action="do-import"]');
  const status = () => page.evaluate(() => (window as unknown as RuleWin).xiangqi.state.game.status());
  const seen = () =>
    page.evaluate(() => {
      const app = (window as unknown as RuleWin).xiangqi;
      return { board: app.board?.rule, worker: app.analysis.currentWorker?.rule };
    });
  expect(await status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'repetition' });
  await expect.poll(seen).toEqual({ board: 'computer', worker: 'computer' });

  await page.click('[role="tab"][data-tab="settings"]');
  const select = page.locator('select[data-setting="rule"]');
  expect(await select.inputValue()).toBe('computer');
  await select.selectOption('asian');
  expect(await status()).toMatchObject({ over: true, result: '1-0', reason: 'perpetual-chase' });
  await expect.poll(seen).toEqual({ board: 'asian', worker: 'asian' });

  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as Partial<RuleWin>).xiangqi?.board);
  await page.click('[role="tab"][data-tab="settings"]');
  expect(await page.locator('select[data-setting="rule"]').inputValue()).toBe('asian');
  expect(await status()).toMatchObject({ over: true, result: '1-0', reason: 'perpetual-chase' });
  expect(errors).toEqual([]);
});
