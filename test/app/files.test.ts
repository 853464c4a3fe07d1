// Game files on the page in headless Chromium: an XQF file picked in the import dialog loads its whole
// tree (variations and comments in the move list), and the UBB export writes the page's tree, edits
// included, which pasted back keeps everything; several files open into a list; a file dropped on the
// page opens too; a pasted DhtmlXQ text imports; a broken XQF is refused with where and why.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFixture } from './page-fixture.ts';

const fixture = pageFixture();
const open = () => fixture.open({ lang: 'en', notation: 'WXF', level: 1, red: 'human', black: 'human' });
import { writeXqf, writeUbb, START_FEN, type MoveNode, type TreeGame } from '../../web/notation/index.ts';

const node = (move: string, children: MoveNode[] = [], comment: string | null = null): MoveNode => ({
  move,
  comment,
  children,
});

function game(title: string, children: MoveNode[]): TreeGame {
  return {
    tags: { Title: title, Red: '红', Black: '黑' },
    fen: START_FEN,
    result: '*',
    comment: '评注',
    children,
    mainline: [],
  };
}

const WITH_VARIATION = game('中炮', [node('h2e2', [node('h9g7', [node('h0g2')]), node('b9c7', [], '变着')], '当头炮')]);
const OTHER = game('飞相', [node('c0e2', [node('h7e7')])]);

/** Opens the page (English, WXF, both sides human so nothing moves by itself). */

/** The main line's moves in the move list (variations left out). */
const moveList = (page: Page): Promise<string[]> =>
  page
    .locator('.move-list ol .mv:not(.empty):not(.var-move)')
    .allTextContents()
    .then((l) => l.map((s) => s.trim()));
const texts = (page: Page, selector: string): Promise<string[]> =>
  page
    .locator(selector)
    .allTextContents()
    .then((l) => l.map((s) => s.replace(/\s+/g, ' ').trim()));

const file = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(bytes),
});

describe('game files on the page', () => {
  test('an XQF file from the picker: its variations and comments in the move list; UBB export and import keep them', async () => {
    const { page, errors } = await open();
    await page.click('[data-action="import"]');
    const bytes = writeXqf(WITH_VARIATION, { version: 12, keys: { keyXY: 0x5a, keyXYf: 0x11, keyXYt: 0xc3 } });
    await page.setInputFiles('dialog.io input[type="file"]', file('game.XQF', bytes));
    await expect.poll(() => moveList(page), { timeout: 10_000 }).toEqual(['C2.5', 'H8+7', 'H2+3']);
    expect(await texts(page, '.move-list .comment-line')).toEqual(['评注', '当头炮']);
    expect(await texts(page, '.move-list .variation-line')).toEqual(['1…H2+3变着']);
    // The variation is a move of the page's tree: choosing it shows its position.
    await page.locator('.move-list .variation-line .var-move').click();
    await expect.poll(() => page.locator('.move-list .var-move[aria-current="step"]').count()).toBe(1);
    // A move played on the page is in the export too (a second variation after the first move).
    await page.locator('.move-list ol .mv:not(.var-move)').first().click();
    await page.evaluate(() =>
      (window as unknown as { xiangqi: { playTyped(m: string): boolean } }).xiangqi.playTyped('b7e7'),
    );
    await expect.poll(() => page.locator('.move-list .variation-line').count()).toBe(2);
    await page.click('[data-action="export"]');
    const ubb = await page.locator('[data-testid="export-ubb"]').inputValue();
    // h2e2 h9g7 h0g2: x then y counted from Black's side.
    expect(ubb).toContain('[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]');
    expect(ubb).toContain('[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]');
    expect(ubb).toContain('[DhtmlXQ_move_0_2_2]1242[/DhtmlXQ_move_0_2_2]');
    expect(ubb).toContain('[DhtmlXQ_comment1_2]变着[/DhtmlXQ_comment1_2]');
    expect(ubb).toContain('[DhtmlXQ_comment0]评注[/DhtmlXQ_comment0]');
    expect(ubb).toContain('[DhtmlXQ_comment1]当头炮[/DhtmlXQ_comment1]');
    await page.keyboard.press('Escape');
    // Pasted back after a new game: the same tree.
    await page.evaluate(() => (window as unknown as { xiangqi: { newGame(): void } }).xiangqi.newGame());
    await expect.poll(() => moveList(page)).toEqual([]);
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', ubb);
    await page.click('[data-action="do-import"]');
    await expect.poll(() => moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3']);
    expect(await texts(page, '.move-list .comment-line')).toEqual(['评注', '当头炮']);
    expect(await texts(page, '.move-list .variation-line')).toEqual(['1…H2+3变着', '1…C2.5']);
    expect(errors).toEqual([]);
  });

  test('several files open into a list; picking one loads it; an unreadable one is marked', async () => {
    const { page } = await open();
    await page.click('[data-action="import"]');
    const broken = writeXqf(OTHER).slice(0, 1030);
    await page.setInputFiles('dialog.io input[type="file"]', [
      file('a.xqf', writeXqf(WITH_VARIATION)),
      file('b.xqf', writeXqf(OTHER, { version: 18, keys: { keyXY: 1, keyXYf: 2, keyXYt: 3 } })),
      file('c.xqf', broken),
    ]);
    const list = page.locator('[data-testid="game-list"] li');
    await expect.poll(() => list.count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3']);
    expect(await list.nth(2).innerText()).toMatch(/c\.xqf \(cannot be read\)/);
    expect(await list.nth(2).locator('button').isDisabled()).toBe(true);
    await list.nth(1).locator('button').click();
    await expect.poll(() => moveList(page)).toEqual(['E7+5', 'C8.5']);
    expect(await list.nth(1).locator('button').getAttribute('aria-current')).toBe('true');
  });

  test('an XQF file dropped on the page opens', async () => {
    const { page } = await open();
    const bytes = [...writeXqf(OTHER, { version: 11, keys: { keyXY: 9, keyXYf: 99, keyXYt: 199 } })];
    await page.evaluate((bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'dropped.xqf'));
      const target = document.querySelector('.move-list') ?? document.body;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, bytes);
    await expect.poll(() => moveList(page), { timeout: 10_000 }).toEqual(['E7+5', 'C8.5']);
    // A dropped file that is not a game opens the dialog with the reason.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([0x58, 0x51, 0x0a, 0])], 'short.xqf'));
      document
        .querySelector('.move-list')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const error = page.locator('[data-testid="import-error"]');
    await expect.poll(() => error.count(), { timeout: 10_000 }).toBe(1);
    expect(await error.innerText()).toMatch(/XQF byte 4 \(0x4\): the file has 4 bytes/);
    expect(await moveList(page)).toEqual(['E7+5', 'C8.5']);
  });

  test('pasted DhtmlXQ text imports; a broken XQF says where and leaves the game alone', async () => {
    const { page } = await open();
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', writeUbb(OTHER));
    await page.click('[data-action="do-import"]');
    await expect.poll(() => moveList(page)).toEqual(['E7+5', 'C8.5']);
    await page.click('[data-action="import"]');
    const illegal = writeXqf(game('x', [node('h2e2', [node('e2e9')])]));
    await page.setInputFiles('dialog.io input[type="file"]', file('bad.xqf', illegal));
    const error = page.locator('[data-testid="import-error"]');
    await expect.poll(() => error.count(), { timeout: 10_000 }).toBe(1);
    expect(await error.innerText()).toMatch(
      /^Could not import: XQF byte \d+ \(0x[0-9a-f]+\), ply 2 e2e9: the move is not legal/,
    );
    expect(await moveList(page)).toEqual(['E7+5', 'C8.5']);
  });
});
