// Sharing a game (issue 29), on the production build served by `vite preview`: a copied link opened in a
// new page shows the same position and move list (variations too); a broken link says why and the page
// opens as usual.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../bench/lib/chromium.ts';
import { boardFen, clickMove, openSite, serveSite, type SiteServer } from './site-fixture.ts';

let browser: Browser;
let server: SiteServer;
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
    const { page, context, errors } = await openSite(browser, `${server.url}/index.html`, TWO_PLAYERS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
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
    expect(url).toMatch(new RegExp(`^${server.url}/index.html#game=[\\w-]+&path=\\w+&ply=3$`));
    await page.click('[data-action="export"]');
    await expect.poll(() => page.locator('[data-testid="export-link"]').inputValue()).toBe(url);

    const other = await openSite(browser, url, { settings: { lang: 'en', notation: 'ICCS' } });
    await expect.poll(() => toast(other.page).innerText()).toContain('Game opened from the link');
    expect(await boardFen(other.page)).toBe(fen);
    expect(await listText(other.page)).toBe(list);
    // The fragment is taken off the address: a reload shows the game as the page saved it.
    expect(other.page.url()).toBe(`${server.url}/index.html`);
    await other.page.reload();
    await other.page.waitForFunction(() => !!document.querySelector('.move-list [data-ply="4"]'));
    expect(await boardFen(other.page)).toBe(fen);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await context.close();
    await other.context.close();
  });

  test('a broken link says why, and the page opens its own game as usual', async () => {
    const { page, context } = await openSite(browser, `${server.url}/index.html#game=AbCd_-x&ply=2`, TWO_PLAYERS);
    await expect.poll(() => toast(page).innerText()).toMatch(/could not be opened: the game in the link is damaged/);
    expect(await page.locator('[data-testid="toast"]').getAttribute('class')).toContain('error');
    await clickMove(page, 'h2e2');
    await page.waitForSelector('.move-list [data-ply="1"]');
    await context.close();
  });
});
