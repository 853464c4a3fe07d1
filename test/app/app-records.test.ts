// The game page: the review, the position editor and handicaps, PGN/FEN import and export, reload, and
// the settings (network, language, sound). Common fixture and reads: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import {
  open,
  ready,
  quick,
  clickMove,
  tab,
  moveList,
  cursor,
  boardFen,
  waitForMoves,
  START,
  MATE_IN_ONE,
  SHIPPED_NETWORK_BYTES,
  newContext,
} from './app-fixture.ts';

describe('review', () => {
  test('复盘 goes over every move with progress, draws the graph, marks the blunder with the better move; the graph shows a move', async () => {
    const game = { startFen: START, moves: ['h2e2', 'h9g7', 'e2e6', 'g7e6'], cursor: 4 };
    const { page, errors } = await open({ storage: { ...quick({ black: 'human' }), game } });
    await tab(page, 'review');
    await page.click('[data-action="review"]');
    await expect.poll(() => page.locator('.review-progress').count()).toBe(1);
    await expect.poll(() => page.locator('[data-action="review"]').count(), { timeout: 20_000 }).toBe(1);
    const marks = page.locator('[data-testid="review-marks"] li');
    const texts = await marks.allInnerTexts();
    // 3. C5+4 gives the cannon away for a pawn.
    expect(texts.some((t) => /^C5\+4\?{1,2}\s+(Mistake|Blunder) \(−\d+\.\d\) · better /.test(t))).toBe(true);
    await marks.locator('button[data-ply="3"]').click();
    expect(await cursor(page)).toBe(3);
    await tab(page, 'moves');
    expect(await page.locator('.move-list [data-ply="3"] .mark').innerText()).toMatch(/^\?{1,2}$/);
    await tab(page, 'review');
    const box = (await page.locator('[data-testid="eval-graph"]').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
    expect(await cursor(page)).toBe(1);
    // Cancel stops a review under way and keeps the page usable.
    await page.click('[data-action="review"]');
    await page.click('[data-action="cancel-review"]');
    expect(await page.locator('.review-progress').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('position editor', () => {
  test('摆棋: tray, clicks, drag, live checks, side to move, FEN, then play from it', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="edit-position"]');
    const check = page.locator('[data-testid="editor-check"]');
    const fen = page.locator('[data-testid="editor-fen"]');
    expect(await fen.inputValue()).toBe(START);
    expect(await check.innerText()).toBe('A legal position.');
    await page.click('[data-action="clear-board"]');
    expect(await check.innerText()).toContain('Red has no king.');
    // Click a piece in the tray, then points.
    await page.click('.tray-piece[data-tool="K"]');
    await page.click('.editor-board [data-square="e0"]');
    await page.click('.tray-piece[data-tool="k"]');
    await page.click('.editor-board [data-square="e9"]');
    expect(await check.innerText()).toBe('The kings face each other on an open file.');
    // Drag a king from point to point, and a chariot from the tray.
    await page.dragAndDrop('.editor-board [data-square="e9"]', '.editor-board [data-square="d9"]');
    expect(await check.innerText()).toBe('A legal position.');
    await page.dragAndDrop('.tray-piece[data-tool="R"]', '.editor-board [data-square="d0"]');
    expect(await check.innerText()).toBe('The side not to move is in check.');
    await page.click('[data-group="turn"] label:has-text("Black to move")');
    expect(await check.innerText()).toBe('A legal position.');
    await page.click('.tray-piece[data-tool="B"]');
    await page.click('.editor-board [data-square="e4"]');
    expect(await check.innerText()).toContain('The elephant on e4 is off its seven points');
    expect(await page.locator('[data-action="editor-play"]').isDisabled()).toBe(true);
    // Keyboard: the eraser, then Enter on the point.
    await page.click('.tray-piece[data-tool="erase"]');
    await page.locator('.editor-board [data-square="e4"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('e5');
    expect(await fen.inputValue()).toBe('3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1');
    await page.click('[data-action="editor-play"]');
    expect(await boardFen(page)).toBe('3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1');
    expect(await page.locator('.editor').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a handicap start (让子) from the Players tab', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await tab(page, 'game');
    await page.selectOption('[data-testid="handicap"]', 'two-horses');
    await page.click('[data-action="new"]');
    expect(await boardFen(page)).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1');
  });
});

describe('import, export, reload', () => {
  const PGN = '[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 C8+4 *\n';

  test('PGN import, export in another notation, and re-import give the same game', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', PGN);
    await page.click('[data-action="do-import"]');
    expect(await moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3', 'R9.8', 'R1.2', 'C8+4']);
    const fen = await boardFen(page);
    await page.click('[data-group="notation"] label:has-text("ICCS")');
    await page.click('[data-action="export"]');
    const pgn = await page.locator('[data-testid="export-pgn"]').inputValue();
    expect(pgn).toContain('[Game "Chinese Chess"]');
    expect(pgn).toContain('[Format "ICCS"]');
    expect(pgn).toContain('1. H2-E2 H9-G7');
    expect(await page.locator('[data-testid="export-fen"]').inputValue()).toBe(fen);
    await page.keyboard.press('Escape');
    await page.click('[data-action="new"]');
    expect(await moveList(page)).toEqual([]);
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', pgn);
    await page.click('[data-action="do-import"]');
    expect(await moveList(page)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'h7h3']);
    expect(await boardFen(page)).toBe(fen);
    expect(errors).toEqual([]);
  });

  test('a FEN imports as a new game from that position', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', MATE_IN_ONE);
    await page.click('[data-action="do-import"]');
    expect(await boardFen(page)).toBe(MATE_IN_ONE);
    expect(await page.locator('dialog.io').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
  });

  test('bad PGN and bad FEN: a clear message, and the game is untouched', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await clickMove(page, 'h2e2');
    const fen = await boardFen(page);
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', '[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2.5 H8+7 2. C5+9 *');
    await page.click('[data-action="do-import"]');
    const error = page.locator('[data-testid="import-error"]');
    expect(await error.innerText()).toMatch(/^Could not import: PGN line 4, column \d+/);
    await page.fill('[data-testid="import-text"]', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w');
    await page.click('[data-action="do-import"]');
    expect(await error.innerText()).toMatch(/^Could not import: /);
    await page.fill('[data-testid="import-text"]', '');
    await page.click('[data-action="do-import"]');
    expect(await error.innerText()).toBe('Paste a PGN game or a FEN first.');
    expect(await page.locator('dialog.io').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await boardFen(page)).toBe(fen);
    expect(await moveList(page)).toEqual(['C2.5']);
  });

  test('a PGN file from an older Chinese collection (GB18030) opens too', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-action="import"]');
    // "1. 炮二平五 马8进7 *" in GBK bytes.
    const bytes = Buffer.from([
      0x31, 0x2e, 0x20, 0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5, 0x20, 0xc2, 0xed, 0x38, 0xbd, 0xf8, 0x37, 0x20,
      0x2a,
    ]);
    await page.setInputFiles('dialog.io input[type="file"]', {
      name: 'old.pgn',
      mimeType: 'text/plain',
      buffer: bytes,
    });
    await expect.poll(() => moveList(page), { timeout: 10_000 }).toEqual(['C2.5', 'H8+7']);
  });

  test('a reload restores the game, the position shown and the settings', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    for (const m of ['h2e2', 'h9g7', 'h0g2']) await clickMove(page, m);
    await page.click('.move-list [data-ply="2"]');
    await page.click('[data-group="notation"] label:has-text("ICCS")');
    await page.click('[data-action="flip"]');
    await tab(page, 'settings');
    await page.selectOption('[data-setting="threads"]', '2');
    // This test page is not cross-origin isolated: the page says the search stays on one thread.
    await expect.poll(() => page.locator('.settings .note').textContent()).toContain('not cross-origin isolated');
    const fen = await boardFen(page);
    await page.reload();
    await ready(page);
    expect(await moveList(page)).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(await cursor(page)).toBe(2);
    expect(await boardFen(page)).toBe(fen);
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
    await tab(page, 'settings');
    expect(await page.locator('[data-setting="threads"]').inputValue()).toBe('2');
    // Against the computer after reload: it answers when the game is at its latest position.
    await page.locator('h1').click();
    await page.keyboard.press('End');
    await tab(page, 'game');
    await page.click('[data-group="mode"] label:has-text("You play Red")');
    await tab(page, 'moves');
    await waitForMoves(page, 4);
  });
});

describe('settings', () => {
  test('the searches evaluate with the network: fetched when the page starts, on by default, switched off and on, remembered', async () => {
    type NetWin = {
      xiangqi: { network: { ready: boolean }; analysis: { currentWorker: { network: Uint8Array | null } | null } };
    };
    const { page, errors } = await open({ storage: quick({ black: 'human', analysis: true }) });
    await page.waitForFunction(() => (window as unknown as NetWin).xiangqi.network.ready);
    // The analysis worker holds the shipped file (private to SearchWorker; read here to see the wiring).
    const held = () =>
      page.evaluate(() => (window as unknown as NetWin).xiangqi.analysis.currentWorker?.network?.length ?? null);
    await expect.poll(held).toBe(SHIPPED_NETWORK_BYTES);
    await tab(page, 'settings');
    const box = page.locator('[data-setting="network"]');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await expect.poll(held).toBeNull();
    await page.reload();
    await ready(page);
    await tab(page, 'settings');
    expect(await page.locator('[data-setting="network"]').isChecked()).toBe(false);
    await page.waitForFunction(() => (window as unknown as NetWin).xiangqi.network.ready);
    expect(await held()).toBeNull();
    await page.locator('[data-setting="network"]').check();
    await expect.poll(held).toBe(SHIPPED_NETWORK_BYTES);
    expect(errors).toEqual([]);
  });

  test('a Chinese browser gets the page in Chinese; sound and music switch on and are remembered', async () => {
    const context = await newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' });
    const { page, errors } = await open({ context });
    expect(await page.locator('h1').innerText()).toBe('象棋');
    expect(await page.locator('[data-group="notation"] label.on').innerText()).toBe('中文');
    await page.click('.chip:has-text("音效")');
    await page.click('.chip:has-text("音乐")');
    expect(await page.locator('.chip[aria-pressed="true"]').count()).toBe(2);
    await clickMove(page, 'h2e2');
    await page.waitForTimeout(300);
    await page.reload();
    await ready(page);
    expect(await page.locator('.chip[aria-pressed="true"]').count()).toBe(2);
    await page.waitForTimeout(200);
    expect(
      await page.evaluate(() => (window as unknown as { xiangqi: { sound: { ctx: unknown } } }).xiangqi.sound.ctx),
    ).toBeNull();
    await page.click('.chip:has-text("音乐")');
    expect(await page.locator('.chip[aria-pressed="true"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
