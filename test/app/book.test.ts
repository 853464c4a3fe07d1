// The opening book on the page in headless Chromium: the computer plays its first moves from the book
// (book/xiangqi.book), the move list marks them "book" (and the player's own book moves), the analysis
// says the move shown came from the book and lists the book's moves here, and the move list names the
// opening; with the setting off the computer searches instead.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFixture } from './page-fixture.ts';

const fixture = pageFixture();
const open = (settings: Record<string, unknown>) =>
  fixture.open({ lang: 'en', notation: 'WXF', level: 1, ...settings });

/** Counts the computer player's searches (the book's moves need none). */
const countSearches = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      searches: number;
      xiangqi: { player: { move(...a: unknown[]): Promise<unknown> } };
    };
    w.searches = 0;
    const player = w.xiangqi.player;
    const search = player.move.bind(player);
    player.move = (...a: unknown[]) => {
      w.searches++;
      return search(...a);
    };
  });
const searches = (page: Page) => page.evaluate(() => (window as unknown as { searches: number }).searches);

const moves = (page: Page) => page.locator('.move-list ol .mv:not(.empty):not(.var-move)');
const playTyped = (page: Page, move: string) =>
  page.evaluate(
    (m) => (window as unknown as { xiangqi: { playTyped(m: string): boolean } }).xiangqi.playTyped(m),
    move,
  );

describe('the opening book on the page', () => {
  test('the computer’s first move comes from the book and is marked "book"; the analysis and the opening name say so', async () => {
    const { page, errors } = await open({ red: 'computer', black: 'human', analysis: true });
    // The book (built by the engine's own play) opens with a cannon, central or to the river, on either wing.
    await expect.poll(() => moves(page).count(), { timeout: 10_000 }).toBe(1);
    const first = moves(page).first();
    expect(['C2.5', 'C8.5', 'C2+2', 'C8+2']).toContain((await first.textContent())!.trim());
    expect(await first.getAttribute('class')).toMatch(/\bbook\b/);
    expect(await first.getAttribute('data-book')).toBe('book');
    // The mark is drawn by CSS, not part of the move's text.
    expect(await first.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"book"');
    await expect.poll(() => page.locator('[data-testid="book-last"]').count()).toBe(1);
    expect(await page.locator('[data-testid="book-last"]').innerText()).toBe('Book move');
    // The book's answers for Black are offered in the analysis.
    expect(await page.locator('[data-testid="book-line"] .pv-move').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="opening"]').innerText()).toMatch(/^Opening \w.* \(\p{Script=Han}+\)$/u);
    // The player's answer played from the analysis' book moves is marked too.
    await page.locator('[data-testid="book-line"] .pv-move').first().click();
    await expect.poll(() => moves(page).count(), { timeout: 10_000 }).toBe(3);
    expect(await moves(page).nth(1).getAttribute('class')).toMatch(/\bbook\b/);
    expect(errors).toEqual([]);
  });

  test('in Chinese the mark is 谱 and the opening has its Chinese name', async () => {
    const { page } = await open({ lang: 'zh', red: 'human', black: 'computer', notation: 'chinese' });
    await countSearches(page);
    expect(await playTyped(page, 'h2e2')).toBe(true);
    await expect.poll(() => moves(page).count(), { timeout: 10_000 }).toBe(2);
    // 炮二平五 is the book's own move, and the computer answers from the book: 炮2平5 or 马2进3.
    expect(await moves(page).first().getAttribute('data-book')).toBe('谱');
    expect(await moves(page).nth(1).getAttribute('data-book')).toBe('谱');
    const reply = await moves(page).nth(1).textContent();
    expect(['炮2平5', '马2进3']).toContain(reply);
    expect(await page.locator('[data-testid="opening"]').innerText()).toBe(
      reply === '炮2平5' ? '开局 中炮对列炮' : '开局 中炮',
    );
    expect(await searches(page)).toBe(0);
  });

  test('with the book off (a setting), the computer searches', async () => {
    const { page, errors } = await open({ red: 'human', black: 'computer' });
    await page.click('[role="tab"][data-tab="settings"]');
    const box = page.locator('[data-setting="book"]');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    expect(
      await page.evaluate(
        () => (JSON.parse(localStorage.getItem('xiangqi-wasm.settings')!) as { book?: unknown }).book,
      ),
    ).toBe(false);
    await page.click('[role="tab"][data-tab="moves"]');
    await countSearches(page);
    expect(await playTyped(page, 'h2e2')).toBe(true);
    await expect.poll(() => moves(page).count(), { timeout: 60_000 }).toBe(2);
    expect(await searches(page)).toBe(1);
    expect(errors).toEqual([]);
  });
});
