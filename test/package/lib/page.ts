// Pages of the test apps in Chromium, shared by the files under test/package/.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens `url` in a new page of `browser`, collecting page errors, console errors and failed requests. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  return { page, problems };
}

/** Plays h2e2 for red on the page's board and waits for the computer (black) to answer. */
export async function computerAnswers(page: Page): Promise<void> {
  const board = page.locator('xiangqi-board');
  await page.waitForFunction(() => customElements.get('xiangqi-board') !== undefined);
  await page.evaluate(() => document.querySelector('xiangqi-board')!.ready);
  await board.locator('[aria-label^="h2"]').click();
  await board.locator('[aria-label^="e2"]').click();
  // Black's answer, or the board's notice that the computer could not move.
  await page.waitForFunction(
    () => {
      const el = document.querySelector('xiangqi-board')!;
      return / w /.test(el.fen) || el.shadowRoot!.querySelector('.problem') !== null;
    },
    null,
    { timeout: 20_000 },
  );
  expect((await board.locator('.problem').count()) && (await board.locator('.problem').textContent())).toBe(0);
  expect(await board.getAttribute('fen')).not.toMatch(
    /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR/,
  );
}
