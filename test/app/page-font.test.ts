// The page's own Chinese text without a system CJK font (issue 29): the shipped subset font
// (web/app/fonts/page-han.woff2, made by scripts/gen-page-font.js) holds every CJK character the page
// writes, and in a Chromium that has no CJK font at all (its own fontconfig) every piece of the page's
// Chinese text, in Chinese and in English (the opening's Chinese name), is drawn from that font: the
// browser's own account of the fonts it drew each text with (DevTools' CSS.getPlatformFontsForNode).
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { CJK, NOT_WRITTEN, ROOT, fontCharacters, pageHanCharacters, stringsOf } from '../../scripts/page-han.js';
import { clickMove, openSite, requireSite, serveSite, type SiteServer } from './site-fixture.ts';

const FONT = join(ROOT, 'web/app/fonts/page-han.woff2');

describe('the shipped font and the page strings', () => {
  test('the collector reads strings and templates, not comments', () => {
    const text = "// 注释\nconst a = '中炮'; /* 块 */ const b = html`<p>${x}对局</p>`; const c = `${y}屏风马${z}`;";
    expect(stringsOf('x.ts', text).join('|')).toBe('中炮|<p>|对局</p>||屏风马|');
  });

  test('every CJK character the page writes is in the shipped font (else rerun node scripts/gen-page-font.js)', async () => {
    const written = pageHanCharacters();
    // The page's labels, the opening names and the move text are all read.
    for (const ch of '新局悔棋屏风马炮二平五进退前后将士象') expect(written.has(ch), ch).toBe(true);
    expect(written.size).toBeGreaterThan(300);
    const has = await fontCharacters(readFileSync(FONT));
    const missing = [...written].filter(([ch]) => !has.has(ch)).map(([ch, file]) => `${ch} (${file})`);
    expect(missing).toEqual([]);
    // Just those characters (HarfBuzz adds a bracket's mirror image, as ｛ for ｝): no whole CJK font.
    const mirror: Record<string, string> = { '｛': '｝', '｝': '｛', '（': '）', '）': '（', '［': '］', '］': '［' };
    const extra = [...has].filter((ch) => CJK.test(ch) && !written.has(ch) && !written.has(mirror[ch] ?? ''));
    expect(extra).toEqual([]);
  });

  test('the font stays small', () => {
    const size = readFileSync(FONT).length;
    console.log(`web/app/fonts/page-han.woff2: ${size} bytes`);
    expect(size).toBeLessThan(64 * 1024);
  });

  test('the characters left out are ones the page never writes: it asks for no traditional charset', () => {
    expect([...NOT_WRITTEN]).toEqual(['俥', '傌']);
    const asks = readdirSync(join(ROOT, 'web/app'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => stringsOf(f, readFileSync(join(ROOT, 'web/app', f), 'utf8')))
      .filter((s) => s === 'traditional');
    // The one 'traditional' in the page's code is the board's piece set (settings.ts), never a charset.
    expect(asks.length).toBeLessThanOrEqual(2);
    for (const f of readdirSync(join(ROOT, 'web/app')).filter((f) => f.endsWith('.ts'))) {
      expect(readFileSync(join(ROOT, 'web/app', f), 'utf8'), f).not.toMatch(/charset:\s*'traditional'/);
    }
  });
});

/** A fontconfig with every font of this machine but those that cover Chinese, Japanese or Korean. */
function fontsWithoutCjk(dir: string): string {
  const list = (pattern: string) =>
    execFileSync('fc-list', [pattern, 'file'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.replace(/:\s*$/, '').trim())
      .filter(Boolean);
  const cjk = new Set([...list(':lang=zh'), ...list(':lang=ja'), ...list(':lang=ko')]);
  const fonts = join(dir, 'fonts');
  execFileSync('mkdir', ['-p', fonts]);
  list(':').forEach((file, i) => {
    if (!cjk.has(file)) symlinkSync(file, join(fonts, `${i}-${basename(file)}`));
  });
  const config = join(dir, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fonts}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>`,
  );
  return config;
}

interface Drawn {
  text: string;
  /** CJK characters in the text. */
  cjk: number;
  /** Glyphs drawn from a web font (the page's own) and from the system's fonts. */
  webGlyphs: number;
  systemFonts: string[];
}

/**
 * Every element of the page with CJK characters in its own text, and the fonts Chromium drew it with.
 * The page keeps changing while it is read (the clocks run and the analysis writes new lines), so an
 * element can be replaced between marking it and asking for its fonts: then the whole page is read
 * again, a few times at most.
 */
async function drawnCjkText(page: Page): Promise<Drawn[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readCjkText(page);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof ElementGone || /find node|No node/i.test(String(error)))) throw error;
    }
  }
}

/** An element marked for reading was gone from the page when it was read. */
class ElementGone extends Error {}

async function readCjkText(page: Page): Promise<Drawn[]> {
  const count = await page.evaluate((pattern) => {
    const cjk = new RegExp(pattern, 'u');
    let n = 0;
    document.querySelectorAll('[data-cjk-probe]').forEach((e) => e.removeAttribute('data-cjk-probe'));
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent ?? '');
      if (!cjk.test(own.join('')) || el.getClientRects().length === 0) continue;
      el.setAttribute('data-cjk-probe', String(n++));
    }
    return n;
  }, CJK.source);
  const cdp = await page.context().newCDPSession(page);
  try {
    return await fontsOfMarked(cdp, page, count);
  } finally {
    await cdp.detach();
  }
}

/** The fonts of the `count` elements marked `data-cjk-probe`, and their own text. */
async function fontsOfMarked(cdp: CDPSession, page: Page, count: number): Promise<Drawn[]> {
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const out: Drawn[] = [];
  for (let i = 0; i < count; i++) {
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: `[data-cjk-probe="${i}"]`,
    });
    if (nodeId === 0) throw new ElementGone(`element ${i} was replaced`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const text = await page.evaluate((k) => {
      const el = document.querySelector(`[data-cjk-probe="${k}"]`);
      return el
        ? [...el.childNodes]
            .filter((c) => c.nodeType === Node.TEXT_NODE)
            .map((c) => c.textContent)
            .join('')
        : null;
    }, i);
    if (text === null) throw new ElementGone(`element ${i} was replaced`);
    out.push({
      text,
      cjk: [...text].filter((ch) => CJK.test(ch)).length,
      webGlyphs: fonts.filter((f) => f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0),
      systemFonts: fonts.filter((f) => !f.isCustomFont).map((f) => f.familyName),
    });
  }
  return out;
}

/** Texts whose CJK characters were not all drawn from the page's font. */
const undrawn = (all: Drawn[]) =>
  all.filter((d) => d.webGlyphs < d.cjk).map((d) => `${d.text} (${d.systemFonts.join(',')})`);

describe('in a Chromium without CJK fonts', () => {
  let dir: string;
  let browser: Browser | undefined;
  let server: SiteServer | undefined;
  beforeAll(async () => {
    requireSite();
    dir = mkdtempSync(join(tmpdir(), 'xiangqi-fonts-'));
    const config = fontsWithoutCjk(dir);
    [browser, server] = await Promise.all([
      launchChromium({ ...(process.env as Record<string, string>), FONTCONFIG_FILE: config }),
      serveSite(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("the Chinese page's labels, panels, dialog, opening name and moves are all drawn from the page's font", async () => {
    const settings = { lang: 'zh', red: 'human', black: 'human', analysis: true, timeControl: '10+5' };
    const { page, context, errors } = await openSite(browser!, `${server!.url}/index.html`, { settings });
    for (const move of ['h2e2', 'h9g7']) await clickMove(page, move);
    await page.waitForSelector('[data-testid="opening"]');
    await page.evaluate(() => document.fonts.ready);
    const seen: Drawn[] = [];
    const tabs = page.locator('[role="tab"]');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await page.evaluate(() => document.fonts.ready);
      seen.push(...(await drawnCjkText(page)));
    }
    await tabs.first().click();
    await page.click('[data-action="export"]');
    await page.evaluate(() => document.fonts.ready);
    seen.push(...(await drawnCjkText(page)));
    expect(seen.length).toBeGreaterThan(30);
    expect(seen.some((d) => d.text.includes('中炮'))).toBe(true);
    expect(undrawn(seen)).toEqual([]);
    // The move box: typed Chinese moves use the page's font too (it is in the box's font list).
    const box = await page.locator('#move-box').evaluate((e) => getComputedStyle(e).fontFamily);
    expect(box).toContain('Xiangqi Page Han');
    expect(
      await page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes('Xiangqi Page Han') && f.status === 'loaded'),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the English page's opening name in Chinese is drawn from the page's font", async () => {
    const settings = { lang: 'en', red: 'human', black: 'human' };
    const { page, context } = await openSite(browser!, `${server!.url}/index.html`, { settings });
    for (const move of ['h2e2', 'b7e7']) await clickMove(page, move);
    await page.waitForSelector('[data-testid="opening"]');
    await page.evaluate(() => document.fonts.ready);
    const seen = await drawnCjkText(page);
    expect(seen.map((d) => d.text).join(' ')).toContain('中炮对列炮');
    expect(undrawn(seen)).toEqual([]);
    await context.close();
  });
});
