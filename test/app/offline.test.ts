// The installable, offline game page (issue 29), on the production build served by `vite preview` with
// its cross-origin isolation headers: the web app manifest; after the first visit the service worker
// has cached everything a game needs; with the server gone and the browser offline a reload renders
// the page, still cross-origin isolated (two search threads), a move gets the computer's reply and the
// analysis runs; a new version installs in the background, is offered and never reloads the page by
// itself, and taking it keeps the game, the settings and the clocks.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { boardReady } from './page-fixture.ts';
import {
  SITE,
  clickMove,
  moveList,
  openSite,
  requireSite,
  serveSite,
  serviceWorkerControls,
  type SiteServer,
} from './site-fixture.ts';

let browser: Browser | undefined;
beforeAll(async () => {
  requireSite();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const AGAINST_COMPUTER = {
  settings: { lang: 'en', notation: 'ICCS', level: 1, red: 'human', black: 'computer', threads: 2, analysis: false },
};

/** Every file of the built site a game needs: all but the benchmark pages, source maps and the worker itself. */
function siteFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  // The API reference (api/, written after the site's build) is for developers online, not the game offline.
  return out.filter((f) => !/(^|\/)bench|\.map$|^sw\.js$|^workbox-[\w-]+\.js$|^api\//.test(f)).sort();
}

/** The URLs (relative to the site) in the service worker's precache, and one cached response's headers. */
async function precached(page: Page): Promise<{ files: string[]; indexHeaders: Record<string, string> }> {
  return page.evaluate(async () => {
    const files: string[] = [];
    let indexHeaders: Record<string, string> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        const path = url.pathname.replace(/^\//, '');
        files.push(path);
        if (path === 'index.html') {
          const response = (await cache.match(request))!;
          indexHeaders = Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
        }
      }
    }
    return { files: files.sort(), indexHeaders };
  });
}

async function waitForPlies(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll('.move-list ol .mv:not(.empty)').length >= k, n, {
    timeout: 30_000,
  });
}

describe('the installable app', () => {
  let server: SiteServer | undefined;
  beforeAll(async () => {
    server = await serveSite();
  });
  afterAll(async () => {
    await server?.close();
  });

  test('the page links a web app manifest with the seal as its icons', async () => {
    const { page, context } = await openSite(browser!, `${server!.url}/index.html`, AGAINST_COMPUTER);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('./manifest.webmanifest');
    const manifest = JSON.parse(readFileSync(join(SITE, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: '象棋', display: 'standalone', start_url: './' });
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    // Each icon is served, and the PNGs are the size they say.
    for (const icon of manifest.icons) {
      const response = await page.request.get(`${server!.url}/${icon.src}`);
      expect(response.status(), icon.src).toBe(200);
      if (icon.type === 'image/png') {
        const png = await response.body();
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
      }
    }
    await context.close();
  });

  test('offline after the first visit: the page loads isolated, the computer answers and the analysis runs', async () => {
    const { page, context, errors } = await openSite(browser!, `${server!.url}/index.html`, AGAINST_COMPUTER);
    await serviceWorkerControls(page);
    const cached = await precached(page);
    expect(cached.files).toEqual(expect.arrayContaining(siteFiles(SITE)));
    expect(cached.indexHeaders['cross-origin-opener-policy']).toBe('same-origin');
    expect(cached.indexHeaders['cross-origin-embedder-policy']).toBe('credentialless');
    await clickMove(page, 'h2e2');
    await waitForPlies(page, 2);
    const before = await moveList(page);

    // No server, no network.
    await server!.close();
    await context.setOffline(true);
    await page.reload();
    await boardReady(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // Really offline: a page the worker does not keep cannot be had.
    expect(
      await page.evaluate(() =>
        fetch('./bench.html').then(
          () => 'fetched',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect(await moveList(page)).toEqual(before);
    // Two threads allowed: the page has no "not cross-origin isolated" note in its settings.
    await page.click('[role="tab"]:has-text("Settings")');
    expect(await page.locator('[data-setting="threads"]').inputValue()).toBe('2');
    expect(await page.locator('.settings .note').count()).toBe(0);
    await page.click('[role="tab"]:has-text("Moves")');
    await clickMove(page, 'h0g2');
    await waitForPlies(page, 4);
    await page.click('[data-testid="analysis-toggle"]');
    await page.waitForFunction(
      () => /^\d+\/\d+$/.test(document.querySelector('[data-testid="depth"]')?.textContent ?? ''),
      undefined,
      {
        timeout: 30_000,
      },
    );
    expect(await page.locator('[data-testid="pv"]').innerText()).toMatch(/[a-i]\d[a-i]\d/);
    // The one resource that may fail is the page the test asked for offline on purpose.
    expect(errors.filter((e) => !e.includes('/bench.html)'))).toEqual([]);
    await context.close();
  });
});

describe('a new version', () => {
  let dir: string;
  let server: SiteServer | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xiangqi-site-'));
    cpSync(SITE, dir, { recursive: true });
    server = await serveSite(dir);
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The next version: index.html changes, and the service worker with its precache revision. */
  function publishNextVersion(): void {
    const index = readFileSync(join(dir, 'index.html'), 'utf8').replace(
      '</head>',
      '<meta name="x-test-version" content="2" /></head>',
    );
    writeFileSync(join(dir, 'index.html'), index);
    const revision = createHash('md5').update(index).digest('hex');
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    const next = sw.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
    expect(next).not.toBe(sw);
    writeFileSync(join(dir, 'sw.js'), next);
  }

  test('installs in the background, is offered, never reloads by itself; taking it keeps game, settings and clocks', async () => {
    const storage = {
      settings: { ...AGAINST_COMPUTER.settings, black: 'human', timeControl: '5+3', orientation: 'black' },
    };
    const { page, context, errors } = await openSite(browser!, `${server!.url}/index.html`, storage);
    await serviceWorkerControls(page);
    for (const move of ['h2e2', 'h9g7', 'h0g2']) await clickMove(page, move);
    await waitForPlies(page, 3);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    publishNextVersion();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const offer = page.locator('[data-action="update"]');
    await offer.waitFor({ timeout: 30_000 });
    // Offered, not forced: the page and its game are as they were.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.locator('meta[name="x-test-version"]').count()).toBe(0);
    const moves = await moveList(page);
    const clocks = await page.locator('[data-testid="clocks"] .clock-time').allInnerTexts();
    expect(clocks).toHaveLength(2);

    await Promise.all([page.waitForEvent('load'), offer.click()]);
    await boardReady(page);
    expect(await page.locator('meta[name="x-test-version"]').count()).toBe(1);
    expect(await page.locator('[data-action="update"]').count()).toBe(0);
    expect(await moveList(page)).toEqual(moves);
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
    // Black at the bottom: Red's clock first. Red's stands where it was; Black's (to move) ran on only
    // while a page was open.
    const after = await page.locator('[data-testid="clocks"] .clock-time').allInnerTexts();
    const seconds = (t: string) => t.split(':').reduce((s, part) => s * 60 + Number(part), 0);
    expect(after[0]).toBe(clocks[0]);
    expect(seconds(clocks[1]!) - seconds(after[1]!)).toBeGreaterThanOrEqual(0);
    expect(seconds(clocks[1]!) - seconds(after[1]!)).toBeLessThan(20);
    // It ran: 5 minutes plus the 3 s increment of Black's one move, less at least the 1.5 s waited.
    expect(seconds(after[1]!)).toBeLessThanOrEqual(5 * 60 + 3 - 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
