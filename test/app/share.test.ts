// Sharing a game (issue 29), on the production build served by `vite preview`: a copied link opened in a
// new page shows the same position and move list (variations too); a broken link says why and the page
// opens as usual. Pictures: the board's PNG decodes to the size asked and its pixels at the points show
// the pieces its SVG names; the export dialog downloads the position as PNG and SVG, and the game as an
// animated GIF of one frame per move plus the start, at the speed chosen, with a progress bar.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { readPicture } from '../board/picture-check.ts';
import { boardFen, clickMove, openSite, serveSite, type SiteServer } from './site-fixture.ts';

let browser: Browser | undefined;
let server: SiteServer | undefined;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), serveSite()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const TWO_PLAYERS = { settings: { lang: 'en', notation: 'ICCS', red: 'human', black: 'human' } };

/** The move list as read: every move, the variations in their brackets, the comments. */
const listText = (page: Page) => page.locator('.move-list').innerText();
const toast = (page: Page) => page.locator('[data-testid="toast"]');

describe('links', () => {
  test('a copied link opened in a new page shows the same position and move list', async () => {
    const { page, context, errors } = await openSite(browser!, `${server!.url}/index.html`, TWO_PLAYERS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.url });
    for (const move of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) await clickMove(page, move);
    // Back to move 2, a variation there, then back one move on it: the position shown is inside the variation.
    await page.click('.move-list [data-ply="2"]');
    await clickMove(page, 'b0c2');
    await clickMove(page, 'b9c7');
    await page.locator('h1').click();
    await page.keyboard.press('ArrowLeft');
    const fen = await boardFen(page);
    const list = await listText(page);
    expect(list).toContain('b0c2');

    await page.click('[data-action="copy-link"]');
    await expect.poll(() => toast(page).innerText()).toContain('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${server!.url}/index.html#game=[\\w-]+&path=\\w+&ply=3$`));
    await page.click('[data-action="export"]');
    await expect.poll(() => page.locator('[data-testid="export-link"]').inputValue()).toBe(url);

    const other = await openSite(browser!, url, { settings: { lang: 'en', notation: 'ICCS' } });
    await expect.poll(() => toast(other.page).innerText()).toContain('Game opened from the link');
    expect(await boardFen(other.page)).toBe(fen);
    expect(await listText(other.page)).toBe(list);
    // The fragment is taken off the address: a reload shows the game as the page saved it.
    expect(other.page.url()).toBe(`${server!.url}/index.html`);
    await other.page.reload();
    await other.page.waitForFunction(() => !!document.querySelector('.move-list [data-ply="4"]'));
    expect(await boardFen(other.page)).toBe(fen);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await context.close();
    await other.context.close();
  });

  test('a broken link says why, and the page opens its own game as usual', async () => {
    const { page, context } = await openSite(browser!, `${server!.url}/index.html#game=AbCd_-x&ply=2`, TWO_PLAYERS);
    await expect.poll(() => toast(page).innerText()).toMatch(/could not be opened: the game in the link is damaged/);
    expect(await page.locator('[data-testid="toast"]').getAttribute('class')).toContain('error');
    await clickMove(page, 'h2e2');
    await page.waitForSelector('.move-list [data-ply="1"]');
    await context.close();
  });
});

/** Clicks `selector` and reads the file it downloads. */
async function download(page: Page, selector: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click(selector)]);
  // Read through a stream: the browser may be the run's shared one, whose files are not on a local path.
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

interface DecodedGif {
  width: number;
  height: number;
  frames: number;
  /** Each frame's time on screen, ms. */
  durations: number[];
}

/** Chromium's own GIF decoder (WebCodecs' ImageDecoder) on the file. */
function decodeGif(page: Page, bytes: Buffer): Promise<DecodedGif> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data, type: 'image/gif' });
    await decoder.tracks.ready;
    await decoder.completed;
    const frames = decoder.tracks.selectedTrack!.frameCount;
    const durations: number[] = [];
    let size = { width: 0, height: 0 };
    for (let i = 0; i < frames; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      durations.push((image.duration ?? 0) / 1000);
      size = { width: image.displayWidth, height: image.displayHeight };
      image.close();
    }
    return { ...size, frames, durations };
  }, bytes.toString('base64'));
}

describe('pictures', () => {
  test("the board's PNG decodes to the size asked, its pixels at the points showing the pieces of its SVG", async () => {
    const { page, context } = await openSite(browser!, `${server!.url}/index.html`, TWO_PLAYERS);
    for (const move of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b2b9', 'a9b9']) await clickMove(page, move);
    const [png, svg] = await page.evaluate(async () => {
      const board = document.querySelector('xiangqi-board')!;
      const blob = await board.toPng({ size: 400 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return [btoa(binary), board.toSvg({ size: 400 })];
    });
    const reading = await page.evaluate(readPicture, { png, svg });
    // The page's board has its coordinates (WXF): 980 by 1080 units.
    expect([reading.width, reading.height]).toEqual([400, 441]);
    expect(reading.points.filter((p) => p.png !== p.svg)).toEqual([]);
    expect(reading.points.filter((p) => p.svg).length).toBe(30);
    await context.close();
  });

  test('the export dialog downloads the position as PNG and SVG, in colour or black and white', async () => {
    const { page, context } = await openSite(browser!, `${server!.url}/index.html`, TWO_PLAYERS);
    await clickMove(page, 'h2e2');
    await page.click('[data-action="export"]');
    const png = await download(page, '[data-action="export-png"]');
    expect(png.name).toMatch(/^xiangqi-\d{8}-\d{4}\.png$/);
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([960, 1058]);
    const svg = await download(page, '[data-action="export-svg"]');
    expect(svg.name).toMatch(/\.svg$/);
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg [^>]*width="960" height="1058"/);
    expect(svg.bytes.toString('utf8')).toContain('#e3b873');
    await page.check('[data-setting="print"]');
    const print = (await download(page, '[data-action="export-svg"]')).bytes.toString('utf8');
    expect(print).not.toContain('#e3b873');
    expect(print).toContain('fill="#000000"');
    await context.close();
  });

  test('the game as a GIF: one frame per move and the start, at the speed chosen; or up to the move shown', async () => {
    const { page, context, errors } = await openSite(browser!, `${server!.url}/index.html`, TWO_PLAYERS);
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'];
    for (const move of moves) await clickMove(page, move);
    await page.click('[data-action="export"]');
    // The progress bar, seen whenever it shows.
    await page.evaluate(() => {
      const w = window as unknown as { progressSeen: boolean };
      w.progressSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="gif-progress"] progress')) w.progressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.selectOption('[data-setting="gif-speed"]', '0.5');
    const whole = await download(page, '[data-action="export-gif"]');
    expect(whole.name).toMatch(/^xiangqi-\d{8}-\d{4}\.gif$/);
    const gif = await decodeGif(page, whole.bytes);
    expect(gif.frames).toBe(moves.length + 1);
    // 480 pixels wide: the board with its coordinates (980 by 1080 units) and a caption band of a tenth.
    expect([gif.width, gif.height]).toEqual([480, Math.round((480 * 1080) / 980) + 48]);
    // Half a second a move; the last position stays three times as long.
    expect(gif.durations).toEqual([...moves.map(() => 500), 1500]);
    expect(await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(true);
    expect(await page.locator('[data-testid="gif-progress"]').count()).toBe(0);

    // Back to move 2: up to the move shown is the start and two moves.
    await page.click('[data-action="close-dialog"], .dialog-close');
    await page.click('.move-list [data-ply="2"]');
    await page.click('[data-action="export"]');
    await page.selectOption('[data-setting="gif-range"]', 'shown');
    const shown = await decodeGif(page, (await download(page, '[data-action="export-gif"]')).bytes);
    expect(shown.frames).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
