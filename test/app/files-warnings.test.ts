// Slightly broken game files on the page, in headless Chromium: the case of issue 28 (138 variations,
// one with an illegal move at ply 74) opens with its main line and every sound variation, and the
// import dialog names what was cut; a pasted PGN with a bad variation and a CBF file with moves after
// its main line do the same; a sound game opened after clears the warnings.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFixture } from './page-fixture.ts';
import { writeXqf } from '../../web/notation/index.ts';
import { brokenSideLine } from '../notation/broken-side-line.ts';

const fixture = pageFixture();
const open = () => fixture.open({ lang: 'en', notation: 'WXF', level: 1, red: 'human', black: 'human' });

const moveList = (page: Page): Promise<string[]> =>
  page
    .locator('.move-list ol .mv:not(.empty):not(.var-move)')
    .allTextContents()
    .then((l) => l.map((s) => s.trim()));
const warnings = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid="import-warnings"] li')
    .allTextContents()
    .then((l) => l.map((s) => s.replace(/\s+/g, ' ').trim()));
const file = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(bytes),
});
const pageTree = (page: Page): Promise<number> =>
  page.evaluate(() => {
    type Node = { children?: Node[] };
    const app = (window as unknown as { xiangqi: { game: { record: { tree?: Node[] } } } }).xiangqi;
    const count = (list: Node[]): number => list.reduce((n, c) => n + 1 + count(c.children ?? []), 0);
    return count(app.game.record.tree ?? []);
  });

describe('files with a broken side line on the page', () => {
  test('issue 28: the XQF file opens with its main line and sound variations; the dialog names the cut line', async () => {
    const { page, errors } = await open();
    const broken = brokenSideLine();
    await page.click('[data-action="import"]');
    await page.setInputFiles(
      'dialog.io input[type="file"]',
      file('野马操田.xqf', writeXqf(broken.game, { version: 18 })),
    );
    await expect
      .poll(() => moveList(page).then((l) => l.length), { timeout: 15_000 })
      .toBe(broken.game.mainline.length);
    const shown = page.locator('[data-testid="import-warnings"]');
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.getAttribute('role')).toBe('status');
    expect(await shown.locator('p').innerText()).toMatch(
      /^The game is open, but parts of the file could not be read and were left out \(1\):$/,
    );
    const [text] = await warnings(page);
    expect(text).toMatch(
      new RegExp(
        `^XQF byte \\d+ \\(0x[0-9a-f]+\\), ply 74 ${broken.move}: variation ${broken.variation} is cut here: the move is not legal`,
      ),
    );
    // Everything else is in the page's game tree.
    expect(await pageTree(page)).toBe(broken.moves - broken.dropped);
    expect(await page.locator('dialog.io').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    // A sound file opened next closes the dialog; opened again, the dialog has no warnings left.
    await page.setInputFiles(
      'dialog.io input[type="file"]',
      file(
        'sound.xqf',
        writeXqf({ ...broken.game, children: broken.game.children.slice(0, 1).map((n) => ({ ...n, children: [] })) }),
      ),
    );
    await expect.poll(() => moveList(page).then((l) => l.length)).toBe(1);
    await expect.poll(() => page.locator('dialog.io').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await page.click('[data-action="import"]');
    expect(await page.locator('[data-testid="import-warnings"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a pasted PGN with a bad variation, and a CBF file with moves after its main line, open with warnings', async () => {
    const { page, errors } = await open();
    await page.click('[data-action="import"]');
    await page.fill(
      '[data-testid="import-text"]',
      '[Game "Chinese Chess"]\n[Format "ICCS"]\n\n1. H2-E2 H9-G7 (1... B9-C7 2. E2-E9) 2. H0-G2 *',
    );
    await page.click('[data-action="do-import"]');
    await expect.poll(() => moveList(page)).toEqual(['C2.5', 'H8+7', 'H2+3']);
    expect(await warnings(page)).toEqual([
      expect.stringMatching(/^PGN line 4, column 31 \(game 1\): variation 1 is cut here: move 2\. "E2-E9" \(red\)/),
    ]);
    expect(await page.locator('.move-list .variation-line').allTextContents()).toHaveLength(1);

    const cbf = `<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0"><Head><Name>飞相局</Name><RecordResult>1</RecordResult>
<FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
<MoveList><Move value="00-00"><![CDATA[开局]]></Move><Move value="29-47" /><Move value="72-42" end="1"><![CDATA[还架中炮]]></Move>
<Move value="10-22" /></MoveList></ChineseChessRecord>`;
    await page.setInputFiles('dialog.io input[type="file"]', file('飞相局.CBF', new TextEncoder().encode(cbf)));
    await expect.poll(() => moveList(page), { timeout: 10_000 }).toEqual(['E7+5', 'C8.5']);
    expect(await warnings(page)).toEqual([
      expect.stringMatching(/^CBF line 5: what follows the main line is cut here/),
    ]);
    expect(await page.locator('.move-list .comment-line').allTextContents()).toEqual(['开局', '还架中炮']);
    expect(errors).toEqual([]);
  });
});
