// The page as a study tool, in headless Chromium: arrows and circles drawn on the board belong to the
// position of the tree (stepping away and back, a reload, PGN out and in), and a premove made while
// the computer thinks is played after its reply.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady as ready, pageFixture } from './page-fixture.ts';

const fixture = pageFixture();
const open = (settings: Record<string, unknown>) => fixture.open(settings, { once: true });

const cell = (page: Page, square: string) =>
  page.locator(
    `xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label^="${square}，"], [aria-label="${square}"])`,
  );

async function clickMove(page: Page, move: string): Promise<void> {
  await cell(page, move.slice(0, 2)).click();
  await cell(page, move.slice(2, 4)).click();
}

async function centre(page: Page, square: string): Promise<{ x: number; y: number }> {
  const box = (await cell(page, square).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A right-button drag from one point to another (an arrow), or a right click on one (a circle). */
async function draw(page: Page, from: string, to = from): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
}

const drawn = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('xiangqi-board')!.drawnShapes.map((s) => `${s.brush}:${s.from}${s.to ?? ''}`),
  );
const nodeShapes = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as {
        xiangqi: { game: { current: { shapes: { from: string; to?: string; brush: string }[] } } };
      }
    ).xiangqi.game.current.shapes.map((s) => `${s.brush}:${s.from}${s.to ?? ''}`),
  );
const drawnArrowsShown = (page: Page) =>
  page.evaluate(() => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('[part~="drawn"]').length);

describe('drawn shapes in the study tree', () => {
  test('drawn on a position, kept there while stepping away and back, after a reload, and through PGN', async () => {
    const { page, errors } = await open({ lang: 'en', notation: 'ICCS', red: 'human', black: 'human' });
    await clickMove(page, 'h2e2');
    await clickMove(page, 'h9g7');
    await draw(page, 'b0', 'c2');
    await draw(page, 'e6');
    expect(await nodeShapes(page)).toEqual(['green:b0c2', 'green:e6']);
    expect(await drawnArrowsShown(page)).toBe(2);
    // Step to the first move: nothing drawn there; draw something of its own.
    await page.click('.move-list [data-ply="1"]');
    expect(await drawn(page)).toEqual([]);
    await page.keyboard.down('Shift');
    await draw(page, 'h9', 'g7');
    await page.keyboard.up('Shift');
    expect(await nodeShapes(page)).toEqual(['red:h9g7']);
    // Back to the second move: its shapes come back; and to the first: its own.
    await page.click('.move-list [data-ply="2"]');
    expect(await drawn(page)).toEqual(['green:b0c2', 'green:e6']);
    expect(await drawnArrowsShown(page)).toBe(2);
    await page.click('.move-list .mv.start');
    expect(await drawn(page)).toEqual([]);
    await page.click('.move-list [data-ply="1"]');
    expect(await drawn(page)).toEqual(['red:h9g7']);
    // A reload keeps them with the game.
    await page.reload();
    await ready(page);
    expect(await drawn(page)).toEqual(['red:h9g7']);
    await page.click('.move-list [data-ply="2"]');
    expect(await drawn(page)).toEqual(['green:b0c2', 'green:e6']);
    // Drawing the same circle again erases it, on the position and in the tree.
    await draw(page, 'e6');
    expect(await nodeShapes(page)).toEqual(['green:b0c2']);
    // PGN out carries them as [%csl]/[%cal]; in again, they are back on their positions.
    await page.click('[data-action="export"]');
    const pgn = await page.locator('[data-testid="export-pgn"]').inputValue();
    expect(pgn).toContain('[%cal Rh9g7]');
    expect(pgn).toContain('[%cal Gb0c2]');
    await page.keyboard.press('Escape');
    await page.click('[data-action="new"]');
    expect(await drawn(page)).toEqual([]);
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', pgn);
    await page.click('[data-action="do-import"]');
    await page.click('.move-list [data-ply="1"]');
    expect(await drawn(page)).toEqual(['red:h9g7']);
    await page.click('.move-list [data-ply="2"]');
    expect(await drawn(page)).toEqual(['green:b0c2']);
    expect(errors).toEqual([]);
  });
});

describe('premove against the computer', () => {
  test('on by default: a move made while the computer thinks is played after its reply', async () => {
    // Level 9 thinks for 3 s: time to make the premove while it does (the book off: its answer would be at once).
    const { page, errors } = await open({
      lang: 'en',
      notation: 'ICCS',
      red: 'human',
      black: 'computer',
      level: 9,
      book: false,
    });
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.premove)).toBe(true);
    await clickMove(page, 'h2e2');
    await page.waitForFunction(() => (window as unknown as { xiangqi: { thinking: boolean } }).xiangqi.thinking);
    await clickMove(page, 'c3c4');
    // Waited for, not read at once: the board takes the premove on its next update. On a loaded host
    // that update can come after the computer's reply, when the premove has already been played.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const played = (window as unknown as { xiangqi: { game: { moves: string[] } } }).xiangqi.game.moves;
            return document.querySelector('xiangqi-board')!.pendingPremove ?? played[2] ?? null;
          }),
        { timeout: 5000 },
      )
      .toBe('c3c4');
    // The computer's reply, then the premove at once: three moves, the third ours, and the computer to move again.
    await page.waitForFunction(
      () => (window as unknown as { xiangqi: { game: { moves: string[] } } }).xiangqi.game.moves.length >= 3,
      null,
      { timeout: 20_000 },
    );
    const state = await page.evaluate(() => {
      const app = (window as unknown as { xiangqi: { game: { moves: string[]; cursor: number; turn(): string } } })
        .xiangqi;
      return {
        moves: app.game.moves,
        cursor: app.game.cursor,
        turn: app.game.turn(),
        board: document.querySelector('xiangqi-board')!.engine!.history(),
      };
    });
    expect(state.moves[0]).toBe('h2e2');
    expect(state.moves[2]).toBe('c3c4');
    expect(state.cursor).toBe(3);
    expect(state.turn).toBe('black');
    expect(state.board).toEqual(state.moves);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.pendingPremove)).toBe(null);
    // The setting turns it off; with two players there is none.
    await page.click('[role="tab"]:has-text("Settings")');
    await page.click('[data-setting="premove"]');
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.premove)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('no CJK font needed', () => {
  test('Chinese moves in the list and the analysis are drawn as paths, their text kept for screen readers; the blindfold sets are offered', async () => {
    const { page, errors } = await open({
      lang: 'en',
      notation: 'chinese',
      red: 'human',
      black: 'human',
      analysis: true,
    });
    await clickMove(page, 'h2e2');
    await clickMove(page, 'h9g7');
    const first = page.locator('.move-list [data-ply="1"]');
    expect(await first.textContent()).toBe('炮二平五');
    expect(await first.locator('svg.han-glyph path').count()).toBe(4);
    expect(await page.locator('.move-list [data-ply="2"] svg.han-glyph').count()).toBe(2);
    expect(await page.locator('.move-list [data-ply="2"]').textContent()).toBe('马8进7');
    // Its accessible name is the text (and the book's mark when the move is in the opening book).
    await expect.poll(() => page.getByRole('button', { name: /^炮二平五/ }).count()).toBe(1);
    await page.waitForSelector('[data-testid="pv"] .pv-move svg.han-glyph');
    // The drawn characters are one em wide, like type.
    const box = (await first.locator('svg.han-glyph').first().boundingBox())!;
    expect(box.width).toBeGreaterThan(8);
    await page.click('[role="tab"]:has-text("Settings")');
    const sets = await page
      .locator('.settings select')
      .first()
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(sets).toEqual(['traditional', 'simplified', 'letters', 'blank', 'blank-mono']);
    await page.locator('.settings select').first().selectOption('blank');
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.pieceSet)).toBe('blank');
    expect(errors).toEqual([]);
  });

  test('1280x800: the seven buttons under the board are one row, in view, each named', async () => {
    for (const lang of ['en', 'zh']) {
      const { page } = await open({ lang, red: 'human', black: 'computer', level: 1 });
      const tools = page.locator('.controls .tool');
      expect(await tools.count()).toBe(7);
      const boxes = await tools.evaluateAll((b) => b.map((x) => x.getBoundingClientRect().toJSON() as DOMRect));
      expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
      for (const b of boxes) expect(b.bottom).toBeLessThanOrEqual(800);
      const names = await tools.evaluateAll((b) => b.map((x) => x.textContent.trim()));
      for (const n of names) expect(n.length).toBeGreaterThan(0);
      if (lang === 'en') await page.screenshot({ path: 'test-results/app-controls-1280.png' });
    }
  });
});
