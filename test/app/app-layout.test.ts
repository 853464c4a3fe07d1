// The game page: a crashed worker and a crashed analysis worker, the layout at desktop and phone
// sizes, and screenshots. Common fixture and reads: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { open, quick, clickMove, moveList, cursor, waitForMoves, START } from './app-fixture.ts';

describe('engine trouble', () => {
  test('a crashed worker is reported, replaced, and the computer still moves', async () => {
    const { page } = await open({ storage: quick({ level: 8, book: false }) }); // 2 s per move: time to crash it (no book move)
    await clickMove(page, 'h2e2');
    await expect.poll(() => page.locator('.thinking').count(), { timeout: 10_000 }).toBe(1);
    await page.evaluate(() =>
      (window as unknown as { xiangqi: { player: { simulateCrash(): void } } }).xiangqi.player.simulateCrash(),
    );
    await expect
      .poll(() => page.locator('[data-testid="toast"]').innerText(), { timeout: 10_000 })
      .toContain('The engine stopped unexpectedly');
    await waitForMoves(page, 2, 20_000);
    expect(await moveList(page)).toHaveLength(2);
  });
});

describe('engine trouble in analysis', () => {
  test('a crashed analysis worker is replaced and the analysis goes on', async () => {
    const { page } = await open({ storage: quick({ black: 'human', analysis: true }) });
    await expect.poll(() => page.locator('[data-testid="depth"]').innerText(), { timeout: 10_000 }).toMatch(/^\d+/);
    type Win = {
      xiangqi: { analysis: { simulateCrash(): void; currentWorker: unknown; state: { depth: number } } };
      old: unknown;
    };
    await page.evaluate(() => {
      const w = window as unknown as Win;
      w.old = w.xiangqi.analysis.currentWorker;
      w.xiangqi.analysis.simulateCrash();
    });
    // A fresh worker takes over and the panel climbs again.
    await page.waitForFunction(
      () => {
        const w = window as unknown as Win;
        return (
          w.xiangqi.analysis.currentWorker !== w.old &&
          w.xiangqi.analysis.currentWorker !== null &&
          w.xiangqi.analysis.state.depth > 0
        );
      },
      null,
      { timeout: 10_000 },
    );
    await expect.poll(() => page.locator('.analysis .error').count(), { timeout: 10_000 }).toBe(0);
    await clickMove(page, 'h2e2');
    await expect.poll(() => page.locator('[data-testid="pv"]').innerText(), { timeout: 10_000 }).toMatch(/^1… [A-Z]/);
  });
});

describe('layout', () => {
  const inView = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.top >= 0 &&
          r.bottom <= window.innerHeight + 1 &&
          r.left >= 0 &&
          r.right <= window.innerWidth + 1
        );
      });

  test('1280x800: the board, the move list and the analysis are seen together; tabs work by keyboard', async () => {
    const { page } = await open({
      storage: {
        ...quick({ black: 'human', analysis: true }),
        game: { startFen: START, moves: ['h2e2', 'h9g7', 'h0g2'], cursor: 3 },
      },
    });
    for (const selector of ['xiangqi-board', '.move-list', '.analysis [data-testid="score"]', '[data-action="hint"]']) {
      expect(await inView(page, selector), selector).toBe(true);
    }
    await page.locator('[role="tab"][data-tab="moves"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-tab')).toBe('game');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-game');
    expect(await page.locator('[role="tabpanel"] [data-group="mode"]').count()).toBe(1);
    await page.keyboard.press('End');
    expect(await page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-tab')).toBe('settings');
    // The arrow keys went to the tabs, not to the moves.
    expect(await cursor(page)).toBe(3);
    // The selected Start chip reads like any selected move (it was grey on near-black).
    await page.click('[role="tab"][data-tab="moves"]');
    await page.click('.move-list .mv.start');
    const [start, move] = await Promise.all(
      ['.move-list .mv.start', '.move-list [data-ply="1"]'].map((sel) =>
        page.locator(sel).evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.color, s.backgroundColor];
        }),
      ),
    );
    await page.click('.move-list [data-ply="1"]');
    const selected = await page.locator('.move-list [data-ply="1"]').evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor];
    });
    expect(start).toEqual([selected[0], selected[1]]);
    expect(move![1]).not.toBe(selected[1]);
  });

  test('390 px phone: a move strip under the board, and the board stays in view while the page scrolls', async () => {
    const { page } = await open({
      width: 390,
      height: 844,
      storage: {
        ...quick({ black: 'human', analysis: true }),
        game: { startFen: START, moves: ['h2e2', 'h9g7', 'h0g2'], cursor: 3 },
      },
    });
    expect(await page.locator('.move-strip .mv:not(.start)').allTextContents()).toEqual(['C2.5', 'H8+7', 'H2+3']);
    await page.click('.move-strip [data-ply="1"]');
    expect(await cursor(page)).toBe(1);
    await page.locator('.analysis').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(await inView(page, 'xiangqi-board')).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('looks', () => {
  test('screenshots of a game in progress, desktop, 360 and 390 px phones', async () => {
    const game = {
      startFen: START,
      moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b2c2', 'h7i7', 'c3c4', 'c6c5', 'b0a2', 'c9e7'],
      cursor: 12,
    };
    // The three sizes side by side: each mostly waits for its page and its analysis.
    const sizes = [
      ['app', 1280, 800],
      ['app-phone', 360, 740],
      ['app-phone-390', 390, 844],
    ] as const;
    const shots = await Promise.all(
      sizes.map(async ([name, width, height]) => {
        const { page, errors } = await open({
          width,
          height,
          storage: { ...quick({ black: 'human', analysis: true, notation: 'chinese' }), game },
        });
        await expect.poll(() => page.locator('[data-testid="depth"]').innerText(), { timeout: 10_000 }).toMatch(/^\d+/);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        return { name, overflow, errors };
      }),
    );
    expect(shots).toEqual(sizes.map(([name]) => ({ name, overflow: expect.any(Number) as number, errors: [] })));
    for (const { overflow } of shots) expect(overflow).toBeLessThanOrEqual(0);
  });
});
