// The game page: opening it, playing by mouse, keyboard and typed moves, undo/redo, new game,
// variations, page keys, switching sides, the computer against itself, stale searches, checkmate and
// hints. Common fixture and reads: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import {
  open,
  ready,
  quick,
  cell,
  clickMove,
  tab,
  moveList,
  cursor,
  boardFen,
  status,
  waitForMoves,
  START,
  MATE_IN_ONE,
} from './app-fixture.ts';

describe('opening the page', () => {
  test('loads without console errors, ready to play Red against the computer at a club level (1600)', async () => {
    const { page, errors } = await open();
    expect(await boardFen(page)).toBe(START);
    expect(await status(page)).toContain('Red to move');
    await tab(page, 'game');
    expect(await page.locator('[data-group="mode"] label.on').innerText()).toBe('You play Red');
    expect(await page.locator('[data-testid="level"]').inputValue()).toBe('elo-1600');
    expect(await page.locator('.players .field-note').first().innerText()).toBe(
      '0.5 s per move; ratings on the engine ladder scale',
    );
    expect(
      await page.locator('xiangqi-board').evaluate((b) => (b as unknown as { interactive: string }).interactive),
    ).toBe('red');
    expect(await page.locator('xiangqi-board svg .piece').count()).toBe(32);
    expect(errors).toEqual([]);
  });
});

describe('playing', () => {
  test('a move by mouse, the computer answers, undo takes both back, redo replays both', async () => {
    const { page, errors } = await open({ storage: quick() });
    await clickMove(page, 'h2e2');
    await waitForMoves(page, 2);
    const moves = await moveList(page);
    expect(moves[0]).toBe('C2.5');
    expect(moves).toHaveLength(2);
    expect(await cursor(page)).toBe(2);
    const after = await boardFen(page);
    expect(after.split(' ')[1]).toBe('w');

    await page.click('[data-action="undo"]');
    expect(await cursor(page)).toBe(0);
    expect(await boardFen(page)).toBe(START);
    // The taken-back moves stay in the list, dimmed, for redo.
    expect(await page.locator('.move-list .mv.future').count()).toBe(2);
    await page.waitForTimeout(300);
    expect(await cursor(page)).toBe(0); // the computer does not move on its own here

    await page.click('[data-action="redo"]');
    expect(await cursor(page)).toBe(2);
    expect(await boardFen(page)).toBe(after);
    expect(errors).toEqual([]);
  });

  test('new game clears the board and the list; the previous game stays reachable', async () => {
    const { page } = await open({ storage: quick() });
    await clickMove(page, 'b0c2');
    await waitForMoves(page, 2);
    const before = await moveList(page);
    await page.click('[data-action="new"]');
    expect(await boardFen(page)).toBe(START);
    expect(await moveList(page)).toEqual([]);
    expect(await status(page)).toContain('Red to move');
    const toast = page.locator('[data-testid="toast"]');
    expect(await toast.innerText()).toContain('New game started.');
    await toast.locator('button:has-text("Back to the previous game")').click();
    expect(await moveList(page)).toEqual(before);
  });

  test('a move by keyboard on the board', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await cell(page, 'h2').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await waitForMoves(page, 1);
    expect(await moveList(page)).toEqual(['C2.5']);
    expect(await status(page)).toContain('Black to move');
  });

  test('a move typed in any notation, and a typo explained', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    const box = page.locator('#move-box');
    await box.fill('炮二平五');
    await box.press('Enter');
    await box.fill('H8+7');
    await box.press('Enter');
    await box.fill('h0g2');
    await box.press('Enter');
    expect(await moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3']);
    await box.fill('Z9.9');
    await box.press('Enter');
    await expect.poll(() => page.locator('.moves .error').count(), { timeout: 10_000 }).toBe(1);
    expect(await moveList(page)).toHaveLength(3);
  });

  test('clicking a move shows that position; playing there starts a variation', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) await clickMove(page, m);
    await waitForMoves(page, 4);
    await page.click('.move-list [data-ply="2"]');
    expect(await cursor(page)).toBe(2);
    expect(await page.locator('[data-testid="review"]').innerText()).toContain('Viewing move 2 of 4');
    await page.keyboard.press('ArrowRight');
    expect(await cursor(page)).toBe(3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await cursor(page)).toBe(1);
    await clickMove(page, 'b9c7');
    // The game is kept; the new move is a variation after the move it replaces.
    expect(await moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3', 'H2+3', 'R9.8']);
    expect(await page.locator('.move-list .variation .mv').allTextContents()).toEqual(['H2+3']);
    expect(await page.locator('.move-list .variation .mv').getAttribute('aria-current')).toBe('step');
    expect(await page.locator('[data-testid="review"]').count()).toBe(0);
  });

  test('variations: comment, promote, delete, keyboard, PGN out and in, reload', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    for (const m of ['h2e2', 'h9g7', 'h0g2']) await clickMove(page, m);
    await page.click('.move-list [data-ply="1"]');
    await clickMove(page, 'b7e7');
    await page.fill('[data-testid="comment"]', 'same-direction cannons');
    expect(await page.locator('.move-list .variation .comment').innerText()).toBe('same-direction cannons');
    // Moves are buttons: reachable by Tab and pressed with Enter.
    await page.locator('.move-list [data-ply="3"]').focus();
    await page.keyboard.press('Enter');
    expect(await cursor(page)).toBe(3);
    expect(
      await page.evaluate(() => (window as unknown as { xiangqi: { game: { moves: string[] } } }).xiangqi.game.moves),
    ).toEqual(['h2e2', 'h9g7', 'h0g2']);
    // ↓ and ↑ go to the other move tried at the same point.
    await page.locator('h1').click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await cursor(page)).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.move-list .variation .mv').getAttribute('aria-current')).toBe('step');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('.move-list [data-ply="2"]').first().getAttribute('aria-current')).toBe('step');
    // The variation becomes the main line.
    await page.click('.move-list .variation .mv');
    await page.click('[data-action="promote"]');
    expect(await moveList(page)).toEqual(['C2.5', 'C2.5', 'H8+7', 'H2+3']);
    expect(await page.locator('[data-action="promote"]').isDisabled()).toBe(true);
    await page.click('[data-group="notation"] label:has-text("ICCS")');
    await page.click('[data-action="export"]');
    const pgn = await page.locator('[data-testid="export-pgn"]').inputValue();
    expect(pgn.replace(/\s+/g, ' ')).toContain('1. H2-E2 B7-E7 {same-direction cannons} (1... H9-G7 2. H0-G2) *');
    await page.keyboard.press('Escape');
    // Reload keeps the tree, the comment and the position shown.
    await page.reload();
    await ready(page);
    expect(await moveList(page)).toEqual(['h2e2', 'b7e7', 'h9g7', 'h0g2']);
    expect(await page.locator('[data-testid="comment"]').inputValue()).toBe('same-direction cannons');
    // Deleting the main line's second move leaves the other one as the game.
    await page.click('[data-action="delete-move"]');
    expect(await cursor(page)).toBe(1);
    expect(await moveList(page)).toEqual(['h2e2', 'h9g7', 'h0g2']);
    // Re-importing the exported PGN gives the tree back.
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', pgn);
    await page.click('[data-action="do-import"]');
    expect(await moveList(page)).toEqual(['h2e2', 'b7e7', 'h9g7', 'h0g2']);
    expect(errors).toEqual([]);
  });

  test('from a past position where the computer is to move, it plays on when asked', async () => {
    const { page } = await open({
      storage: { ...quick(), game: { startFen: START, moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9'], cursor: 4 } },
    });
    await page.click('.move-list [data-ply="1"]');
    await page.waitForTimeout(300);
    expect(await cursor(page)).toBe(1); // reviewing: the computer waits
    await page.click('[data-testid="review"] button:has-text("Play on from here")');
    await expect.poll(() => cursor(page), { timeout: 10_000 }).toBe(2);
    // Its move ends the line (a variation unless it chose the game's move); nothing was cut.
    expect(
      await page.evaluate(() => (window as unknown as { xiangqi: { game: { moves: string[] } } }).xiangqi.game.moves),
    ).toHaveLength(2);
    expect((await moveList(page)).length).toBeGreaterThanOrEqual(4);
  });

  test('page keys: Ctrl+Z, Ctrl+Y, arrows, F', async () => {
    const { page } = await open({
      storage: { ...quick(), game: { startFen: START, moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9'], cursor: 4 } },
    });
    await page.locator('h1').click();
    await page.keyboard.press('Control+z');
    expect(await cursor(page)).toBe(2);
    await page.keyboard.press('Control+y');
    expect(await cursor(page)).toBe(4);
    await page.keyboard.press('ArrowLeft');
    expect(await cursor(page)).toBe(3);
    await page.keyboard.press('Home');
    expect(await cursor(page)).toBe(0);
    await page.keyboard.press('End');
    expect(await cursor(page)).toBe(4);
    await page.keyboard.press('f');
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
  });

  test('switching sides at any moment: the computer takes over the side to move', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await clickMove(page, 'h2e2');
    await tab(page, 'game');
    await page.click('[data-group="mode"] label:has-text("You play Red")');
    await tab(page, 'moves');
    await waitForMoves(page, 2);
    expect(await cursor(page)).toBe(2);
    // Now playing Black: the computer moves Red at once, and the board turns round.
    await tab(page, 'game');
    await page.click('[data-group="mode"] label:has-text("You play Black")');
    await tab(page, 'moves');
    await waitForMoves(page, 3);
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
    expect(
      await page.locator('xiangqi-board').evaluate((b) => (b as unknown as { interactive: string }).interactive),
    ).toBe('black');
  });

  test('computer against computer plays by itself and pauses', async () => {
    const { page, errors } = await open({ storage: quick({ red: 'computer', black: 'computer' }) });
    await waitForMoves(page, 3, 20_000);
    await page.click('[data-action="pause"]');
    const n = (await moveList(page)).length;
    await page.waitForTimeout(1200);
    expect((await moveList(page)).length).toBe(n);
    await page.click('[data-action="pause"]');
    await waitForMoves(page, n + 1, 20_000);
    expect(errors).toEqual([]);
  });

  test('a search for an old position is never applied: undo while the computer thinks', async () => {
    // The book off: its answer to h2e2 would come at once, with no search to undo.
    const { page } = await open({ storage: quick({ level: 7, book: false }) }); // 1.2 s per move
    await clickMove(page, 'h2e2');
    await expect.poll(() => page.locator('.thinking').count(), { timeout: 10_000 }).toBe(1);
    await page.click('[data-action="undo"]');
    expect(await cursor(page)).toBe(0);
    await page.waitForTimeout(1800);
    expect(await cursor(page)).toBe(0);
    expect(await boardFen(page)).toBe(START);
    expect(await page.locator('.thinking').count()).toBe(0);
  });

  test('checkmate ends the game with a banner that says why', async () => {
    const { page } = await open({
      storage: { ...quick({ black: 'human' }), game: { startFen: MATE_IN_ONE, moves: [], cursor: 0 } },
    });
    await clickMove(page, 'i7i9');
    const banner = page.locator('[data-testid="banner"]');
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(1);
    expect(await banner.innerText()).toContain('Red wins');
    expect(await banner.innerText()).toContain('by checkmate');
    expect(await status(page)).toContain('Red wins');
    await page.click('.banner-close');
    expect(await banner.count()).toBe(0);
    await page.click('[data-action="undo"]');
    expect(await status(page)).toContain('Red to move');
  });

  test('a hint draws the engine’s move as an arrow', async () => {
    const { page } = await open({ storage: quick() });
    await page.click('[data-action="hint"]');
    await expect
      .poll(
        () => page.locator('xiangqi-board').evaluate((b) => (b as unknown as { shapes: unknown[] }).shapes.length),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await page.locator('[data-testid="toast"]').innerText()).toMatch(/^Hint: /);
  });
});
