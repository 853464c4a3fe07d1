// The game page: resigning and draw offers, and the clocks (increment, reload, a hidden page, imports,
// flag falls). Common fixture and reads: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { open, ready, quick, clickMove, tab, cursor, status, waitForMoves } from './app-fixture.ts';

describe('resign and draw', () => {
  // Black (the computer) has an extra chariot: it is better and refuses a draw.
  const BLACK_AHEAD = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1';

  test('resigning against the computer ends the game, survives a reload, and undo takes it back', async () => {
    const { page } = await open({ storage: quick() });
    await clickMove(page, 'h2e2');
    await waitForMoves(page, 2);
    await page.click('[data-action="resign"]');
    const banner = page.locator('[data-testid="banner"]');
    expect(await banner.innerText()).toContain('Black wins');
    expect(await banner.innerText()).toContain('by resignation');
    expect(await page.locator('[data-action="resign"]').isDisabled()).toBe(true);
    // The game is over for the board too: no piece may be picked up (the board's own engine sees no end).
    const interactive = () => page.locator('xiangqi-board').getAttribute('interactive');
    expect(await interactive()).toBe('none');
    await page.reload();
    await ready(page);
    expect(await status(page)).toContain('by resignation');
    expect(await interactive()).toBe('none');
    await page.click('[data-action="undo"]');
    expect(await status(page)).toContain('Red to move');
    expect(await interactive()).toBe('red');
  });

  test('the computer accepts a draw when it is not better, and declines when it is', async () => {
    const even = await open({ storage: quick() });
    await even.page.click('[data-action="draw"]');
    await expect.poll(() => status(even.page), { timeout: 10_000 }).toContain('by agreement');
    expect(await status(even.page)).toContain('Draw');
    const ahead = await open({ storage: { ...quick(), game: { startFen: BLACK_AHEAD, moves: [], cursor: 0 } } });
    await ahead.page.click('[data-action="draw"]');
    await expect
      .poll(() => ahead.page.locator('[data-testid="toast"]').innerText(), { timeout: 10_000 })
      .toContain('declines the draw');
    expect(await status(ahead.page)).toContain('Red to move');
  });

  test('a hint and a draw offer wait for each other instead of cancelling each other', async () => {
    const { page, errors } = await open({ storage: quick() });
    const draw = page.locator('[data-action="draw"]');
    const hint = page.locator('[data-action="hint"]');
    await hint.click();
    expect(await draw.isDisabled()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="toast"]').innerText(), { timeout: 10_000 }).toMatch(/^Hint: /);
    expect(await draw.isDisabled()).toBe(false);
    expect(await hint.isDisabled()).toBe(false);
    // The H key asks for a hint even while the button is off: the offer still gets its answer.
    await draw.click();
    expect(await hint.isDisabled()).toBe(true);
    await page.keyboard.press('h');
    await expect.poll(() => status(page), { timeout: 10_000 }).toContain('by agreement');
    expect(errors).toEqual([]);
  });

  test('two players: the other side accepts an offer', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await clickMove(page, 'h2e2');
    await page.click('[data-action="draw"]');
    const toast = page.locator('[data-testid="toast"]');
    expect(await toast.innerText()).toContain('Black offers a draw.');
    await toast.locator('button:has-text("Accept")').click();
    expect(await status(page)).toContain('by agreement');
  });
});

describe('clocks', () => {
  type ClockWin = { xiangqi: { clock: { main: Record<string, number>; spent: number } | null } };
  const clockText = (page: Page, side: string) => page.locator(`.clock[data-side="${side}"] .clock-time`).innerText();

  test("base + increment: the side to move's clock runs, a move adds the increment, the computer answers on its clock", async () => {
    const { page, errors } = await open({ storage: quick() });
    expect(await page.locator('[data-testid="clocks"]').count()).toBe(0);
    await tab(page, 'game');
    await page.selectOption('[data-testid="time-control"]', '3+2');
    expect(await page.locator('.clock.running').getAttribute('data-side')).toBe('red');
    await expect.poll(() => clockText(page, 'red'), { timeout: 5000 }).toBe('2:59');
    expect(await clockText(page, 'black')).toBe('3:00');
    expect(await page.locator('.clock[data-side="red"]').getAttribute('aria-label')).toMatch(/^Red: 2:5\d$/);
    await clickMove(page, 'h2e2');
    // Red's increment is added; the computer (Black) thinks on its own clock and answers.
    expect(await clockText(page, 'red')).toMatch(/^3:0[01]$/);
    await expect.poll(() => cursor(page), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('.clock.running').getAttribute('data-side')).toBe('red');
    expect(errors).toEqual([]);
  });

  test('a reload keeps the clocks where they stood', async () => {
    const { page } = await open({ storage: quick({ black: 'human', timeControl: '3+2' }) });
    await expect.poll(() => clockText(page, 'red'), { timeout: 5000 }).toBe('2:58');
    await page.reload();
    await ready(page);
    expect(await clockText(page, 'red')).toMatch(/^2:5[5-8]$/);
  });

  test('against the computer the clocks stop while the page is hidden; with two players they run on', async () => {
    const hide = (page: Page, hidden: boolean) =>
      page.evaluate((hidden) => {
        Object.defineProperty(document, 'visibilityState', {
          value: hidden ? 'hidden' : 'visible',
          configurable: true,
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const running = (page: Page) => page.locator('.clock.running').count();
    const vs = await open({ storage: quick({ timeControl: '3+2' }) });
    expect(await running(vs.page)).toBe(1);
    await hide(vs.page, true);
    expect(await running(vs.page)).toBe(0);
    await hide(vs.page, false);
    expect(await running(vs.page)).toBe(1);
    const two = await open({ storage: quick({ black: 'human', timeControl: '3+2' }) });
    await hide(two.page, true);
    expect(await running(two.page)).toBe(1);
  });

  test('an imported game starts on fresh clocks, not on the time the last game left', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human', timeControl: '3+2' }) });
    await page.evaluate(() => {
      (window as unknown as ClockWin).xiangqi.clock!.main['red'] = 30_000;
    });
    await expect.poll(() => clockText(page, 'red')).toMatch(/^0:[23]\d$/);
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', '1. h2e2 h9g7 *');
    await page.click('[data-action="do-import"]');
    await expect.poll(() => cursor(page)).toBe(2);
    expect(await clockText(page, 'red')).toMatch(/^(3:00|2:59)$/);
    expect(await clockText(page, 'black')).toBe('3:00');
    expect(await status(page)).not.toContain('on time');
    expect(errors).toEqual([]);
  });

  test('a flag fall loses; against a side with nothing to mate it is a draw', async () => {
    const { page } = await open({ storage: { ...quick({ black: 'human', timeControl: '5m/20s' }) } });
    expect(await page.locator('.clock.running').getAttribute('data-side')).toBe('red');
    // Byoyomi once the base time is gone.
    await page.evaluate(() => {
      (window as unknown as ClockWin).xiangqi.clock!.main['red'] = 0;
    });
    await expect.poll(() => page.locator('.clock[data-side="red"] .clock-byo').count()).toBe(1);
    await clickMove(page, 'h2e2');
    // Black's base time gone and most of its period spent on this move: it flags in byoyomi.
    await page.evaluate(() => {
      const clock = (window as unknown as ClockWin).xiangqi.clock!;
      clock.main['black'] = 0;
      clock.spent = 19_700;
    });
    await expect.poll(() => status(page), { timeout: 5000 }).toContain('Red wins');
    expect(await status(page)).toContain('on time');

    const bare = await open({
      storage: {
        ...quick({ black: 'human', timeControl: '3+2' }),
        game: { startFen: '3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1', moves: [], cursor: 0 },
      },
    });
    await bare.page.evaluate(() => {
      (window as unknown as ClockWin).xiangqi.clock!.main['red'] = 300;
    });
    await expect.poll(() => status(bare.page), { timeout: 5000 }).toContain('Draw');
    expect(await status(bare.page)).toContain('cannot mate');
  });
});
