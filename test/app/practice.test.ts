// The practice tab (练习) in headless Chromium, with a puzzle file of the test's own (the shipped one
// is checked against the engine in test/notation/puzzles-shipped.test.ts): a two-move mate solved
// with the computer's answer between, a wrong move and a hint that count the puzzle as failed, the
// Glicko-2 rating moving each way once per puzzle, and the record kept across a reload.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';

/** What these tests read of the page's state through window.xiangqi (web/app/app.ts). */
interface PracticeWindow {
  xiangqi?: {
    board: unknown;
    state: { game: { played: string[] }; isComputer(side: 'red' | 'black'): boolean; practice: unknown };
  };
}

import { pageFixture } from './page-fixture.ts';

const { open } = pageFixture();

const HEADER = '# test puzzles\n';
/** Black mates in two: the player's d2d0, the computer's only answer c0d0, then d5d0. */
const MATE2 = '3k1a3/4a4/9/p1N1nNR1p/3rc4/9/c1C5P/3rB4/4A4/2RAK1B2 b;d2d0 c0d0 d5d0;mate2;800';
/** Red mates in one with g7f9. */
const MATE1 = '2bak2C1/4a4/2nc2N1R/2p6/p8/2P6/P5P2/9/5K3/2BA2r2 w;g7f9;mate1;1400';

/** Opens the page with `puzzles` served as the puzzle file. */
async function openWith(puzzles: string[], settings: Record<string, unknown> = {}) {
  const opened = await open(
    { lang: 'en', notation: 'ICCS', red: 'human', black: 'computer', book: false, level: 1, ...settings },
    { once: true },
  );
  await opened.page.route('**/puzzles/puzzles.txt', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: HEADER + puzzles.join('\n') + '\n' }),
  );
  await opened.page.click('[role="tab"][data-tab="practice"]');
  return opened;
}

async function clickMove(page: Page, move: string): Promise<void> {
  for (const square of [move.slice(0, 2), move.slice(2, 4)])
    await page
      .locator(
        `xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label^="${square}，"], [aria-label="${square}"])`,
      )
      .click();
}

const text = (page: Page, id: string) =>
  page
    .locator(`[data-testid="${id}"]`)
    .textContent()
    .then((s) => (s ?? '').replace(/\s+/g, ' ').trim());
const rating = async (page: Page) => Number(await text(page, 'practice-rating'));
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi-wasm.practice') ?? 'null') as Record<string, unknown>);

test('a puzzle solved: the move, the computer answers, the mate; the rating rises and is kept', async () => {
  const { page, errors } = await openWith([MATE2]);
  expect(await rating(page)).toBe(1500);
  await page.click('[data-action="practice-start"]');
  await expect.poll(() => text(page, 'practice-task')).toContain('Black to play: mate in 2');
  expect(await text(page, 'practice-stage')).toBe('Your move.');

  await clickMove(page, 'd2d0');
  // The computer plays the puzzle's answer, then it is the player's move again.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as PracticeWindow).xiangqi!.state.game.played.join(' ')))
    .toBe('d2d0 c0d0');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Your move.');
  await clickMove(page, 'd5d0');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Solved!');
  const after = await rating(page);
  expect(after).toBeGreaterThan(1500);
  expect(await text(page, 'practice-change')).toBe(`+${after - 1500}`);
  expect(await text(page, 'practice-count')).toBe('1 tried, 1 solved');

  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as PracticeWindow).xiangqi?.board);
  await page.click('[role="tab"][data-tab="practice"]');
  expect(await rating(page)).toBe(after);
  expect((await stored(page))['solved']).toEqual(['3k1a3/4a4/9/p1N1nNR1p/3rc4/9/c1C5P/3rB4/4A4/2RAK1B2 b|d2d0']);
  expect(errors).toEqual([]);
});

test('undo and the move list keep the puzzle going: the right move after an undo still solves it', async () => {
  const { page, errors } = await openWith([MATE2]);
  await page.click('[data-action="practice-start"]');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Your move.');
  const played = () => page.evaluate(() => (window as unknown as PracticeWindow).xiangqi!.state.game.played.join(' '));
  await clickMove(page, 'd2d0');
  await expect.poll(played).toBe('d2d0 c0d0');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Your move.');
  // Undo takes back the answer and the move: the same move again is no mistake.
  await page.click('[data-action="undo"]');
  await expect.poll(played).toBe('');
  await clickMove(page, 'd2d0');
  // Back and forth along the line before the answer comes: the computer still answers.
  await page.click('[data-action="undo"]');
  await page.click('[data-action="redo"]');
  await expect.poll(played).toBe('d2d0 c0d0');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Your move.');
  await clickMove(page, 'd5d0');
  await expect.poll(() => text(page, 'practice-stage')).toBe('Solved!');
  expect(await rating(page)).toBeGreaterThan(1500);
  expect(errors).toEqual([]);
});

test('a puzzle failed: a wrong move lowers the rating once; Retry and the solve change nothing more', async () => {
  const { page, errors } = await openWith([MATE1], { lang: 'zh' });
  await page.click('[data-action="practice-start"]');
  await expect.poll(() => text(page, 'practice-task')).toContain('红先');
  await clickMove(page, 'i7i8');
  await expect.poll(() => text(page, 'practice-stage')).toBe('不对。可以重试，或做下一题。');
  const after = await rating(page);
  expect(after).toBeLessThan(1500);
  // The player cannot play on from the wrong move.
  expect(await page.evaluate(() => (window as unknown as PracticeWindow).xiangqi!.state.isComputer('red'))).toBe(true);

  await page.click('[data-action="practice-retry"]');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as PracticeWindow).xiangqi!.state.game.played.length))
    .toBe(0);
  await clickMove(page, 'g7f9');
  await expect.poll(() => text(page, 'practice-stage')).toBe('解出！');
  expect(await rating(page)).toBe(after);
  expect(await stored(page)).toMatchObject({ tried: 1, solvedFirstTry: 0, solved: [] });
  expect(errors).toEqual([]);
});

test('on a phone: a hint shows where the move starts and counts the puzzle as failed', async () => {
  // The player keeps Black at the bottom; a puzzle for Red turns the board while it lasts.
  const { page, errors } = await openWith([MATE1], { orientation: 'black' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.click('[data-action="practice-start"]');
  // Five tabs and the practice buttons fit a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const action of ['practice-hint', 'practice-retry', 'practice-next', 'practice-leave']) {
    const box = (await page.locator(`[data-action="${action}"]`).boundingBox())!;
    expect(box.x + box.width, action).toBeLessThanOrEqual(375);
  }
  await expect.poll(() => text(page, 'practice-stage')).toBe('Your move.');
  expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('red');
  await page.click('[data-action="practice-hint"]');
  await expect.poll(() => page.locator('.toast-region').textContent()).toContain('Hint: move the piece on g7.');
  expect(await rating(page)).toBeLessThan(1500);
  expect(await text(page, 'practice-count')).toBe('1 tried, 0 solved');
  // Back to games: the page's computer plays again.
  await page.click('[data-action="practice-leave"]');
  expect(await page.evaluate(() => (window as unknown as PracticeWindow).xiangqi!.state.practice)).toBe(null);
  await expect.poll(() => page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
  expect(errors).toEqual([]);
});
