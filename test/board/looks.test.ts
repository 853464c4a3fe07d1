// <xiangqi-board>'s looks in headless Chromium: its intrinsic size in a plain page and in containers
// that size to their content, the piece sets (Han characters drawn from shipped outlines, letters,
// blank), the dark scheme, and screenshots at phone and desktop widths written to test-results/ for
// a person to look at.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../bench/lib/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  mkdirSync('test-results', { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page at this viewport showing plain.html, its board's engine loaded. */
async function plainPage(width: number, height: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/test/board/plain.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
  await page.evaluate(() => document.querySelector('xiangqi-board')!.ready);
  return page;
}

/** Replaces the body with `markup` and waits for its board. */
async function show(page: Page, markup: string): Promise<void> {
  await page.evaluate(async (markup) => {
    document.body.innerHTML = markup;
    const b = document.querySelector('xiangqi-board')!;
    await b.ready;
    await b.updateComplete;
  }, markup);
}

const boardBox = (page: Page) => page.locator('xiangqi-board').boundingBox().then((b) => b!);

describe('intrinsic size', () => {
  test('the one-line embed fits a 1280x800 viewport, and a 390 px phone', async () => {
    const page = await plainPage(1280, 800);
    const box = await boardBox(page);
    // Whole board on screen: its bottom (Red's side) above the fold, and not squeezed.
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(box.height).toBeGreaterThan(700);
    expect(box.height / box.width).toBeCloseTo(1020 / 920, 2);
    await page.screenshot({ path: 'test-results/plain-1280x800.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await boardBox(page);
    // The body's 8 px margins either side: the board takes the rest of the width.
    expect(phone.width).toBeCloseTo(390 - 16, 0);
    expect(phone.y + phone.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'test-results/plain-390.png' });
    await page.close();
  });

  test('containers that size to their content get the intrinsic size instead of collapsing', async () => {
    const page = await plainPage(1280, 800);
    const expected = (await boardBox(page)).width;
    for (const markup of [
      // A flex item with no width of its own, the case that used to collapse to 85x95 px.
      '<div style="display:flex"><div><xiangqi-board></xiangqi-board></div><div>moves</div></div>',
      '<div style="display:flex;align-items:center;flex-direction:column"><xiangqi-board></xiangqi-board></div>',
      '<div style="display:inline-block"><xiangqi-board></xiangqi-board></div>',
      '<div style="display:grid;grid-template-columns:auto 1fr"><xiangqi-board></xiangqi-board><div>side</div></div>',
    ]) {
      await show(page, markup);
      const box = await boardBox(page);
      expect(box.width, markup).toBeCloseTo(expected, 0);
      expect(box.height / box.width, markup).toBeCloseTo(1020 / 920, 2);
    }
    // A narrower container still wins, and a page's own width still rules.
    await show(page, '<div style="width:300px"><xiangqi-board></xiangqi-board></div>');
    expect((await boardBox(page)).width).toBeCloseTo(300, 0);
    await show(page, '<xiangqi-board style="width:1000px"></xiangqi-board>');
    expect((await boardBox(page)).width).toBeCloseTo(1000, 0);
    await page.close();
  });
});
