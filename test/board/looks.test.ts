// <xiangqi-board>'s looks in headless Chromium: its intrinsic size in a plain page and in containers
// that size to their content, the piece sets (Han characters drawn from shipped outlines, letters,
// blank), the dark scheme, and screenshots at phone and desktop widths written to test-results/ for
// a person to look at.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';

let server: TestServer | undefined;
let browser: Browser | undefined;

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
  const page = await browser!.newPage({ viewport: { width, height }, colorScheme });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server!.url}/test/board/plain.html`);
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

const boardBox = (page: Page) =>
  page
    .locator('xiangqi-board')
    .boundingBox()
    .then((b) => b!);

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
    // Tracks that share out a container's width may still shrink the board (its minimum is min-width).
    await show(
      page,
      '<div style="width:500px;display:grid;grid-template-columns:1fr 1fr"><xiangqi-board></xiangqi-board><div></div></div>',
    );
    expect((await boardBox(page)).width).toBeCloseTo(250, 0);
    await show(
      page,
      '<div style="width:500px;display:flex"><xiangqi-board></xiangqi-board><div style="flex:none;width:200px"></div></div>',
    );
    expect((await boardBox(page)).width).toBeCloseTo(300, 0);
    // A narrower container still wins, and a page's own width still rules.
    await show(page, '<div style="width:300px"><xiangqi-board></xiangqi-board></div>');
    expect((await boardBox(page)).width).toBeCloseTo(300, 0);
    await show(page, '<xiangqi-board style="width:1000px"></xiangqi-board>');
    expect((await boardBox(page)).width).toBeCloseTo(1000, 0);
    await page.close();
  });
});

describe('piece sets', () => {
  test('Han characters are paths from shipped outlines: drawn, and each one different, without any CJK font', async () => {
    const page = await plainPage(600, 700);
    await show(page, '<xiangqi-board style="width:460px"></xiangqi-board>');
    // This machine may have no font for Han characters at all: the pictures must differ all the same.
    const crop = async (square: string) => {
      const cell = page.locator(`xiangqi-board [role="gridcell"][aria-label^="${square},"]`);
      return cell.screenshot();
    };
    const king = await crop('e0');
    const general = await crop('e9');
    const horse = await crop('b0');
    expect(king.equals(general)).toBe(false);
    expect(king.equals(horse)).toBe(false);
    const drawn = await page.evaluate(() =>
      [
        ...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll<SVGPathElement>('.piece path.glyph'),
      ].map((p) => ({
        glyph: p.dataset['glyph'],
        // A real outline has ink: a bounding box the size of a character.
        w: Math.round(p.getBBox().width * Number(p.getAttribute('transform')!.match(/scale\(([\d.]+)\)/)![1])),
      })),
    );
    expect(drawn).toHaveLength(32);
    for (const d of drawn) expect(d.w, d.glyph).toBeGreaterThan(30);
    await page.close();
  });

  test('blank sets for blindfold play: no characters; blank-mono also hides the sides', async () => {
    const page = await plainPage(600, 700);
    await show(page, '<xiangqi-board piece-set="blank" style="width:460px"></xiangqi-board>');
    const info = () =>
      page.evaluate(() => {
        const root = document.querySelector('xiangqi-board')!.shadowRoot!;
        return {
          pieces: root.querySelectorAll('.piece').length,
          glyphs: root.querySelectorAll('.piece .glyph').length,
          red: root.querySelectorAll('.piece.red').length,
          mono: root.querySelectorAll('.piece.mono').length,
          redParts: root.querySelectorAll('[part~="piece"][part~="red"]').length,
        };
      });
    expect(await info()).toEqual({ pieces: 32, glyphs: 0, red: 16, mono: 0, redParts: 16 });
    const redDisc = await page.locator('xiangqi-board [role="gridcell"][aria-label^="e0,"]').screenshot();
    const blackDisc = await page.locator('xiangqi-board [role="gridcell"][aria-label^="e9,"]').screenshot();
    expect(redDisc.equals(blackDisc), 'blank keeps the sides apart').toBe(false);
    await page.locator('xiangqi-board').screenshot({ path: 'test-results/pieces-blank.png' });
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.pieceSet = 'blank-mono'));
    expect(await info()).toEqual({ pieces: 32, glyphs: 0, red: 0, mono: 32, redParts: 16 });
    // A red and a black disc are painted alike (the wood under them differs from point to point, so
    // this compares their computed paint rather than pixels).
    const paint = (square: string) =>
      page.evaluate((square) => {
        const g = document
          .querySelector('xiangqi-board')!
          .shadowRoot!.querySelector(`.piece[data-square="${square}"]`)!;
        const style = (sel: string) => getComputedStyle(g.querySelector(sel)!);
        return [style('.disc').fill, style('.disc').stroke, style('.ring').stroke];
      }, square);
    expect(await paint('e0')).toEqual(await paint('e9'));
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.pieceSet = 'blank'));
    expect(await paint('e0')).not.toEqual(await paint('e9'));
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.pieceSet = 'blank-mono'));
    // Labels still say what stands there, for screen readers.
    expect(await page.locator('xiangqi-board [role="gridcell"][aria-label^="e0,"]').getAttribute('aria-label')).toBe(
      'e0, red king',
    );
    await page.close();
  });

  test('an unknown piece-set warns and draws the traditional set', async () => {
    const page = await plainPage(600, 700);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await show(page, '<xiangqi-board piece-set="wooden" style="width:460px"></xiangqi-board>');
    expect(warnings.join('\n')).toMatch(/unknown piece-set "wooden"/);
    const glyphs = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.piece path.glyph').length,
    );
    expect(glyphs).toBe(32);
    await page.close();
  });
});

describe('dark scheme', () => {
  test('the sides differ by their faces, not only by the colour of their characters', async () => {
    const page = await plainPage(1280, 800, 'dark');
    await page.evaluate(() => (document.body.style.background = '#202124'));
    const luminance = (square: string) =>
      page.evaluate((square) => {
        const g = document
          .querySelector('xiangqi-board')!
          .shadowRoot!.querySelector(`.piece[data-square="${square}"]`)!;
        // The face gradient's outer stop: the colour most of the disc shows.
        const grad = g
          .closest('svg')!
          .querySelector(getComputedStyle(g.querySelector('.disc')!).fill.match(/#[\w-]+/)![0])!;
        const [r, gr, b] = getComputedStyle(grad.querySelectorAll('stop')[1]!).stopColor.match(/\d+/g)!.map(Number);
        return 0.2126 * r! + 0.7152 * gr! + 0.0722 * b!;
      }, square);
    const red = await luminance('e0');
    const black = await luminance('e9');
    expect(red - black, `red face ${red}, black face ${black}`).toBeGreaterThan(100);
    await page.screenshot({ path: 'test-results/dark-1280x800.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/dark-390.png' });
    await page.close();
  });
});

describe('screenshots for review', () => {
  test('shapes drawn by hand, the page arrow and a premove, at phone and desktop width, light and dark', async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await plainPage(width, height, scheme);
        await show(
          page,
          '<xiangqi-board computer="black" premove coordinates="wxf" animation-duration="0"></xiangqi-board>',
        );
        await page.evaluate(() => {
          const b = document.querySelector('xiangqi-board')!;
          // A computer that never answers, so the premove stays on show.
          b.moveProvider = { bestMove: () => new Promise<string>(() => {}), stop() {} };
          b.play('h2e2');
          b.setShapes([{ from: 'b7', to: 'e7', brush: 'blue' }]);
        });
        const at = async (sq: string) => {
          const box = (await page.locator(`xiangqi-board [role="gridcell"][aria-label^="${sq}"]`).boundingBox())!;
          return [box.x + box.width / 2, box.y + box.height / 2] as const;
        };
        const rightDrag = async (from: string, to: string, key?: string) => {
          if (key) await page.keyboard.down(key);
          await page.mouse.move(...(await at(from)));
          await page.mouse.down({ button: 'right' });
          await page.mouse.move(...(await at(to)), { steps: 4 });
          await page.mouse.up({ button: 'right' });
          if (key) await page.keyboard.up(key);
        };
        await rightDrag('h9', 'g7', 'Shift');
        await rightDrag('c3', 'c4');
        await page.keyboard.down('Alt');
        await page.mouse.click(...(await at('e9')), { button: 'right' });
        await page.keyboard.up('Alt');
        // The premove by keyboard: a left press would clear the drawing, a right one drops premoves.
        for (const sq of ['b0', 'c2']) {
          await page.locator(`xiangqi-board [role="gridcell"][aria-label^="${sq}"]`).focus();
          await page.keyboard.press('Enter');
        }
        const state = await page.evaluate(async () => {
          const b = document.querySelector('xiangqi-board')!;
          await b.updateComplete;
          return { drawn: b.drawnShapes.length, premove: b.pendingPremove };
        });
        expect(state).toEqual({ drawn: 3, premove: 'b0c2' });
        const box = await boardBox(page);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        await page.screenshot({ path: `test-results/study-${width}-${scheme}.png` });
        await page.close();
      }
    }
  });
});
