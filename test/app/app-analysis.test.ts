// The game page: notation and language, analysis with its depth, score, line and arrows, MultiPV
// lines, and the folded analysis on a phone. Common fixture and reads: app-fixture.ts.
import { describe, expect, test } from 'vitest';
import { open, quick, cell, clickMove, tab, moveList, cursor, status, START } from './app-fixture.ts';

describe('notation, language, analysis', () => {
  test('switching notation rewrites the list; switching language rewrites the page', async () => {
    const { page } = await open({ storage: quick({ black: 'human' }) });
    await clickMove(page, 'h2e2');
    await clickMove(page, 'h9g7');
    expect(await moveList(page)).toEqual(['C2.5', 'H8+7']);
    await page.click('[data-group="notation"] label:has-text("ICCS")');
    expect(await moveList(page)).toEqual(['h2e2', 'h9g7']);
    await page.click('[data-group="notation"] label:has-text("Chinese")');
    expect(await moveList(page)).toEqual(['炮二平五', '马8进7']);
    await page.click('.chip.lang');
    expect(await page.locator('h1').innerText()).toBe('象棋');
    expect(await page.locator('[data-action="undo"]').innerText()).toBe('悔棋');
    expect(await status(page)).toContain('红方走棋');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    // The board's own labels follow the page's language.
    expect(await cell(page, 'e0').getAttribute('aria-label')).toMatch(/帅|帥/);
    await page.click('[data-group="notation"] label:has-text("WXF")');
    expect(await moveList(page)).toEqual(['C2.5', 'H8+7']);
  });

  test('中文 switches the notation to Chinese unless one was chosen; two players put Red at the bottom', async () => {
    const { page } = await open({
      storage: {
        settings: { lang: 'en', notation: 'WXF', black: 'human' },
        game: { startFen: START, moves: ['h2e2'], cursor: 1 },
      },
    });
    expect(await moveList(page)).toEqual(['C2.5']);
    await page.click('.chip.lang');
    expect(await moveList(page)).toEqual(['炮二平五']);
    await page.click('.chip.lang');
    expect(await moveList(page)).toEqual(['C2.5']);
    await page.click('[data-group="notation"] label:has-text("ICCS")');
    await page.click('.chip.lang');
    expect(await moveList(page)).toEqual(['h2e2']);
    await tab(page, 'game');
    await page.click('[data-group="mode"] label:has-text("执黑")');
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('black');
    await page.click('[data-group="mode"] label:has-text("双人")');
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('red');
  });

  test('the English page needs no CJK font: the seal and the 中文 button are drawn; a toast leaves the buttons free', async () => {
    const { page } = await open({ storage: quick() });
    const cjk = /[\u2e80-\u9fff]/;
    expect(await page.locator('.seal').innerText()).toBe('');
    expect(await page.locator('.seal svg').count()).toBe(1);
    // The button's name is 中文 (for screen readers and search); what is seen is the drawing.
    const drawn = await page.locator('.chip.lang').evaluate((b) => {
      const copy = b.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.sr-only').forEach((e) => e.remove());
      return { text: copy.textContent, svg: copy.querySelectorAll('svg').length };
    });
    expect(drawn.text).not.toMatch(cjk);
    expect(drawn.svg).toBe(1);
    expect(await page.getByRole('button', { name: '中文' }).count()).toBe(1);
    expect(await page.locator('#move-box').getAttribute('placeholder')).not.toMatch(cjk);
    await page.click('[data-action="hint"]');
    const toast = page.locator('[data-testid="toast"]');
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(1);
    const [t, c] = await Promise.all([toast.boundingBox(), page.locator('.controls').boundingBox()]);
    expect(t!.y + t!.height <= c!.y || t!.y >= c!.y + c!.height).toBe(true);
  });

  test('analysis shows depth, a score for Red, the line in the chosen notation, and arrows', async () => {
    const { page, errors } = await open({ storage: quick({ black: 'human' }) });
    await page.click('[data-testid="analysis-toggle"]');
    await expect
      .poll(() => page.locator('[data-testid="depth"]').innerText(), { timeout: 10_000 })
      .toMatch(/^\d+\/\d+$/);
    await expect.poll(() => page.locator('[data-testid="pv"]').innerText(), { timeout: 10_000 }).toMatch(/^1\. [A-Z]/);
    expect(await page.locator('[data-testid="score"]').innerText()).toMatch(/^([+−]?\d+\.\d\d|#-?\d+)$/);
    expect(await page.locator('.eval-bar').count()).toBe(1);
    await expect
      .poll(
        () => page.locator('xiangqi-board').evaluate((b) => (b as unknown as { shapes: unknown[] }).shapes.length),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    // A new position: the old line is dropped at once, and the new one starts with Black's move.
    await clickMove(page, 'h2e2');
    await expect.poll(() => page.locator('[data-testid="pv"]').innerText(), { timeout: 10_000 }).toMatch(/^1… [A-Z]/);
    await page.click('[data-testid="analysis-toggle"]');
    expect(await page.locator('.eval-bar').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('analysis lines', () => {
  test("MultiPV 1-5 with score and depth; a line's move plays the line into the tree; arrows: best move, whole line on hover", async () => {
    const { page, errors } = await open({
      storage: {
        ...quick({ black: 'human', analysis: true, lines: 3 }),
        game: { startFen: START, moves: ['h2e2'], cursor: 1 },
      },
    });
    const lines = page.locator('[data-testid="pv-line"]');
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('[data-testid="lines"]').inputValue()).toBe('3');
    for (const text of await lines.allInnerTexts()) expect(text).toMatch(/^([+−]?\d+\.\d\d|#-?\d+)\s+d\d+\s+1… [A-Z]/);
    // Without pointing at a line: the best move only, strong.
    const shapes = () =>
      page.locator('xiangqi-board').evaluate((b) => (b as unknown as { shapes: { brush: string }[] }).shapes);
    await expect.poll(async () => (await shapes()).length, { timeout: 10_000 }).toBe(1);
    expect((await shapes())[0]!.brush).toBe('blue');
    await page.locator('[data-testid="pv-line"]').nth(1).hover();
    await expect.poll(async () => (await shapes()).length).toBeGreaterThan(1);
    const drawn = await shapes();
    expect(drawn[0]!.brush).toMatch(/^(red|blue)$/);
    expect(drawn[1]!.brush).toMatch(/^rgba\(/);
    // The second line's second move: two moves played, the first a Black reply the game did not have.
    // Read and clicked in one turn of the page, so the line cannot change in between.
    const [m1, m2] = await page.evaluate(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>('[data-testid="pv-line"]:nth-child(2) .pv-move');
      const texts = [buttons[0]!.textContent.trim(), buttons[1]!.textContent.trim()];
      buttons[1]!.click();
      return texts;
    });
    expect(await cursor(page)).toBe(3);
    expect(await moveList(page)).toEqual(['C2.5', m1, m2]);
    // Fewer lines on request.
    await page.selectOption('[data-testid="lines"]', '1');
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(1);
    expect(errors).toEqual([]);
  });

  test('on a phone the analysis folds to its best line', async () => {
    const { page } = await open({
      width: 390,
      height: 844,
      storage: quick({ black: 'human', analysis: true, lines: 2 }),
    });
    await expect.poll(() => page.locator('[data-testid="pv-line"]').count(), { timeout: 15_000 }).toBe(2);
    const toggle = page.locator('.collapse-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.analysis .stats').isVisible()).toBe(false);
    expect(await page.locator('[data-testid="pv-line"]').nth(1).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.analysis .stats').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="pv-line"]').nth(1).isVisible()).toBe(true);
  });
});
