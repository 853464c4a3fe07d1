// The page's named levels with their ratings (docs/levels.md) in headless
// Chromium: a new player meets the default rated level, a rated level's searches carry its rating
// and the rated time a move, the choice is remembered, and a player who chose a level by time before
// keeps it.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFixture } from './page-fixture.ts';

const { open } = pageFixture();

interface LevelsWin {
  xiangqi: {
    player: { move: (fen: string, moves: readonly string[], limits: Record<string, unknown>) => Promise<unknown> };
    board: unknown;
  };
  __limits: Record<string, unknown>[];
}

/** Records the limits of every search the computer player asks for. */
async function recordLimits(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as LevelsWin;
    w.__limits = [];
    const player = w.xiangqi.player;
    const move = player.move.bind(player);
    player.move = (fen, moves, limits) => {
      w.__limits.push({ ...limits });
      return move(fen, moves, limits);
    };
  });
}

/** Plays a move by clicking its two points (labels read `h2, red cannon` or `h2，红炮`). */
async function clickMove(page: Page, move: string): Promise<void> {
  for (const square of [move.slice(0, 2), move.slice(2, 4)])
    await page
      .locator(
        `xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label^="${square}，"], [aria-label="${square}"])`,
      )
      .click();
}

const lastLimits = (page: Page) => page.evaluate(() => (window as unknown as LevelsWin).__limits.at(-1) ?? null);

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi-wasm.settings')!) as Record<string, unknown>);

test('named levels: the default, a rated level searched at its rating, remembered; a level by time still works', async () => {
  const { page, errors } = await open(
    { lang: 'zh', notation: 'ICCS', red: 'human', black: 'computer', book: false },
    { once: true },
  );
  await page.click('[role="tab"][data-tab="game"]');
  const select = page.locator('select[data-testid="level"]');
  expect(await select.inputValue()).toBe('elo-1600');
  const names = await select.locator('option').allTextContents();
  expect(names.map((n) => n.trim())).toContain('新手 · 800');
  expect(names.map((n) => n.trim())).toContain('大师 · 2400');

  await select.selectOption('elo-2400');
  await recordLimits(page);
  await clickMove(page, 'h2e2');
  await expect.poll(() => lastLimits(page), { timeout: 20_000 }).toMatchObject({ elo: 2400, movetime: 500 });
  expect(await stored(page)).toMatchObject({ elo: 2400 });

  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as Partial<LevelsWin>).xiangqi?.board);
  await page.click('[role="tab"][data-tab="game"]');
  expect(await page.locator('select[data-testid="level"]').inputValue()).toBe('elo-2400');

  // A level by time: the rating is set aside, the level's skill and time decide.
  await page.locator('select[data-testid="level"]').selectOption('1');
  expect(await stored(page)).toMatchObject({ elo: 0, level: 1 });
  expect(errors).toEqual([]);
});

test('a player who chose a level by time before the rated levels keeps it', async () => {
  const { page, errors } = await open({
    lang: 'en',
    notation: 'ICCS',
    red: 'human',
    black: 'computer',
    book: false,
    level: 1,
  });
  await page.click('[role="tab"][data-tab="game"]');
  expect(await page.locator('select[data-testid="level"]').inputValue()).toBe('1');
  await recordLimits(page);
  await clickMove(page, 'h2e2');
  await expect.poll(() => lastLimits(page), { timeout: 20_000 }).toMatchObject({ skill: 0 });
  expect((await lastLimits(page))!['elo']).toBeUndefined();
  expect(errors).toEqual([]);
});
