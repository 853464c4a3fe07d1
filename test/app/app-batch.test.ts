// The game page's "Analyse all", in headless Chromium: a PGN of several games (pasted, or a file)
// opens into the import dialog's list, a game that cannot be read listed with why; Analyse all runs
// the games in the pool of workers with a progress bar, each row then shows both sides' accuracy and
// their blunders and mistakes, and opening an analysed game shows its review and the move list's
// marks at once. Common fixture: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { open, quick, tab } from './app-fixture.ts';

const CLEAN_1 = '[Red "Wang"]\n[Black "Li"]\n[Format "ICCS"]\n\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 *\n';
const CLEAN_2 = '[Red "Zhao"]\n[Black "Sun"]\n[Format "ICCS"]\n\n1. C0-E2 H7-E7 2. H0-G2 H9-G7 3. I0-H0 I9-H9 *\n';
// 3. R6+6 puts Red's chariot on d7, where either cannon takes it (over the horse on c7 or on g7).
const BLUNDER = '[Title "Chariot lost"]\n[Format "ICCS"]\n\n1. I0-I1 H9-G7 2. I1-D1 B9-C7 3. D1-D7 B7-D7 *\n';
// 2. C5+9 cannot be played: the game is left out by the reader, and listed with why.
const BROKEN = '[Title "Broken"]\n[Format "ICCS"]\n\n1. H2-E2 H9-G7 2. E2-E9 *\n';

const rows = (page: Page) => page.locator('[data-testid="listed-game"]');

/** Clicks Analyse all and waits for the pool to finish (the progress bar shows, then goes). */
async function analyseAll(page: Page): Promise<void> {
  await page.click('[data-action="analyse-all"]');
  const progress = page.locator('[data-testid="batch-progress"]');
  await expect.poll(() => progress.count()).toBe(1);
  expect(await progress.locator('progress').count()).toBe(1);
  await expect.poll(() => progress.count(), { timeout: 60_000 }).toBe(0);
}

const figures = (page: Page, row: number, side: 'red' | 'black') =>
  rows(page).nth(row).locator(`[data-testid="figures-${side}"]`);

describe('analyse all', () => {
  test('a pasted PGN of three games: listed, analysed in the pool, the blunder counted; opening it shows its review', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', [CLEAN_1, CLEAN_2, BLUNDER].join('\n'));
    await page.click('[data-action="do-import"]');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await rows(page).allInnerTexts()).toEqual([
      expect.stringMatching(/^Wang – Li/),
      expect.stringMatching(/^Zhao – Sun/),
      expect.stringMatching(/^Chariot lost/),
    ]);
    // The first game is loaded.
    expect(await rows(page).nth(0).locator('button').getAttribute('aria-current')).toBe('true');

    await analyseAll(page);
    for (let row = 0; row < 3; row++) {
      for (const side of ['red', 'black'] as const) {
        expect(await figures(page, row, side).innerText()).toMatch(
          /^(Red|Black) \d+\.\d%: blunders \d+, mistakes \d+$/,
        );
      }
    }
    expect(Number(await figures(page, 2, 'red').getAttribute('data-blunders'))).toBeGreaterThanOrEqual(1);
    expect(Number(await figures(page, 2, 'black').getAttribute('data-blunders'))).toBe(0);
    await page.locator('dialog.io').screenshot({ path: 'test-results/app-batch.png' });

    // Opened, the game comes with its review: the marks at once, no review run.
    await rows(page).nth(2).locator('button').click();
    await expect.poll(() => rows(page).nth(2).locator('button').getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.locator('.move-list [data-ply="5"] .mark').innerText()).toBe('??');
    await tab(page, 'review');
    expect(await page.locator('.review-progress').count()).toBe(0);
    const marks = await page.locator('[data-testid="review-marks"] li').allInnerTexts();
    expect(marks.some((t) => /^R6\+6\?\?\s+Blunder/.test(t))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a PGN file with a game that cannot be read: listed with why, the others analysed', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="import"]');
    const text = [CLEAN_1, BROKEN, BLUNDER].join('\n');
    await page.setInputFiles('dialog.io input[type="file"]', {
      name: 'games.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from(text),
    });
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    const broken = rows(page).nth(1).locator('button');
    expect(await broken.innerText()).toBe('games.pgn #2 (cannot be read)');
    expect(await broken.isDisabled()).toBe(true);
    expect(await broken.getAttribute('title')).toMatch(
      /^games\.pgn #2: PGN line \d+, column \d+ \(game 2\): .*left out/,
    );

    await analyseAll(page);
    expect(await figures(page, 0, 'red').count()).toBe(1);
    expect(await rows(page).nth(1).locator('.game-figures').count()).toBe(0);
    expect(Number(await figures(page, 2, 'red').getAttribute('data-blunders'))).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
  });
});
