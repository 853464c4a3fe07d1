// The board's pictures in headless Chromium: toSvg() (a string) and toPng() (a Blob) of the position on
// the board, with its options (size, piece set, coordinates, orientation, the last-move mark, arrows,
// black and white for print); the PNG is the size asked and shows, point by point, the pieces the SVG
// names. Written to test-results/ for a person to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';
import { readPicture } from './picture-check.ts';

let server: TestServer | undefined;
let browser: Browser | undefined;
let page: Page;

// A middle game with captures on both sides, its last move a capture (the horse takes the cannon on e6).
const MOVES = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b2b9', 'a9b9', 'e2e6', 'g7e6'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  mkdirSync('test-results', { recursive: true });
  page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  await page.goto(`${server.url}/test/board/plain.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
  await page.evaluate(async (moves) => {
    const board = document.querySelector('xiangqi-board')!;
    await board.ready;
    let problem = '';
    board.addEventListener('error', (e) => (problem = e.detail.message));
    const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
    if (!board.setPosition(start, moves)) throw new Error(problem);
    board.setShapes([{ from: 'h0', to: 'g2', brush: 'green' }, { from: 'e6' }]);
    await board.updateComplete;
  }, MOVES);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Options = Parameters<HTMLElementTagNameMap['xiangqi-board']['toSvg']>[0];

const svgOf = (options: Options = {}) =>
  page.evaluate((o) => document.querySelector('xiangqi-board')!.toSvg(o), options);

async function pngOf(options: Options = {}): Promise<string> {
  return page.evaluate(async (o) => {
    const blob = await document.querySelector('xiangqi-board')!.toPng(o);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return `${blob.type}:${btoa(binary)}`;
  }, options);
}

describe('toSvg', () => {
  test('the position with its last move and arrows, at the size asked; the options take them off', async () => {
    const svg = await svgOf({ size: 460 });
    writeFileSync('test-results/board-picture.svg', svg);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="460" height="510" viewBox="0 0 920 1020">/,
    );
    const fen = await page.evaluate(() => document.querySelector('xiangqi-board')!.fen);
    const pieces = fen.split(' ')[0]!.replace(/[^a-zA-Z]/g, '').length;
    expect(svg.match(/data-piece="/g)).toHaveLength(pieces);
    expect(svg).toContain('data-square="e6" data-piece="n"');
    // The last move (g7e6) marked on its two points; one arrow (a line and its head) and one circle.
    expect(svg.match(/rgba\(255,214,0,0.42\)/g)).toHaveLength(2);
    expect(svg.match(/<line /g)).toHaveLength(1);
    expect(svg.match(/<polygon /g)).toHaveLength(1);
    const plain = await svgOf({ lastMove: false, arrows: false });
    expect(plain).not.toContain('rgba(255,214,0,0.42)');
    expect(plain).not.toMatch(/<line |<polygon /);
    expect(plain).toMatch(/ width="480" height="532"/);
    // Arrows given instead of the board's.
    expect(
      (
        await svgOf({
          arrows: [
            { from: 'a0', to: 'a1' },
            { from: 'b0', to: 'b1' },
          ],
        })
      ).match(/<line /g),
    ).toHaveLength(2);
  });

  test('coordinates, orientation, piece sets and black and white for print', async () => {
    const iccs = await svgOf({ coordinates: 'iccs' });
    expect(iccs).toContain('viewBox="0 0 980 1080"');
    expect(iccs.match(/<text [^>]*>[a-i]<\/text>/g)).toHaveLength(9);
    const wxf = await svgOf({ coordinates: 'wxf', orientation: 'black' });
    expect(wxf.match(/<text [^>]*>[1-9]<\/text>/g)).toHaveLength(9);
    // Black at the bottom: Black's chariot on a9 (at the top for Red) is now near the bottom edge.
    const y = (svg: string, square: string) =>
      Number(new RegExp(`cy="([\\d.]+)"[^>]*data-square="${square}"`).exec(svg)![1]);
    expect(y(wxf, 'b9')).toBeGreaterThan(y(iccs, 'b9'));
    const letters = await svgOf({ pieceSet: 'letters' });
    expect(letters.match(/<text [^>]*font-weight="700"[^>]*>[KAEHRCP]<\/text>/g)!.length).toBeGreaterThan(20);
    const print = await svgOf({ monochrome: true });
    writeFileSync('test-results/board-picture-print.svg', print);
    const colours = new Set([...print.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]));
    for (const colour of colours)
      expect(colour).toMatch(/^(none|#000000|#ffffff|#333333|#555555|#777777|rgba\(0,0,0,[\d.]+\))$/);
  });
});

describe('toPng', () => {
  test('decodes to the size asked, and its pixels at the points show the pieces the SVG names', async () => {
    for (const [size, height, coordinates] of [
      [460, 510, 'none'],
      [300, 331, 'iccs'],
    ] as const) {
      const [type, png] = (await pngOf({ size, coordinates })).split(':') as [string, string];
      expect(type).toBe('image/png');
      const svg = await svgOf({ size, coordinates });
      const reading = await page.evaluate(readPicture, { png, svg });
      expect([reading.width, reading.height]).toEqual([size, height]);
      const wrong = reading.points.filter((p) => p.png !== p.svg).map((p) => `${p.square}: svg ${p.svg}, png ${p.png}`);
      expect(wrong).toEqual([]);
      expect(reading.points.filter((p) => p.svg).length).toBeGreaterThan(25);
      if (size === 460) writeFileSync('test-results/board-picture.png', Buffer.from(png, 'base64'));
    }
  });

  test('a size out of range is refused with the reason', async () => {
    const error = await page.evaluate(() =>
      document
        .querySelector('xiangqi-board')!
        .toPng({ size: 5 })
        .then(
          () => 'made',
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        ),
    );
    expect(error).toMatch(/picture size 5: expected 16 to 8192 pixels/);
  });
});
