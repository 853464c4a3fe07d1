// <xiangqi-board> in headless Chromium: drawing, labels, pointer/keyboard input, attributes, events,
// layout. One browser and one page for the file; each test mounts a fresh element.
import { mkdirSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { bestMoves } from '../../web/egtb/best-moves.ts';
import { loggedTables, logWorkerTables } from '../browser/worker-tables.ts';

/** The shipped network's size: what the page must fetch and hand to its searches. */
const SHIPPED_NETWORK_BYTES = statSync(new URL('../../nnue/xiangqi.nnue', import.meta.url)).size;

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Red to move mates with i7i9 (the chariot on a8 holds the eighth rank; kings on different files).
const MATE_IN_ONE = '4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1';

interface Logged {
  type: string;
  detail: Record<string, unknown>;
  bubbles: boolean;
  composed: boolean;
  cancelable: boolean;
}

let server: TestServer | undefined;
let browser: Browser | undefined;
let page: Page;
let ref: Engine;

beforeAll(async () => {
  [server, browser, ref] = await Promise.all([startServer(), launchChromium(), createEngine('wasm')]);
  page = await browser.newPage({ viewport: { width: 600, height: 700 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/test/board/fixture.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Replaces the test container's content, waits for the board's engine, clears the event log. */
async function mount(markup: string, boxStyle = 'width:450px'): Promise<void> {
  await page.evaluate(
    async ([markup, boxStyle]) => {
      const box = document.getElementById('box')!;
      box.setAttribute('style', boxStyle!);
      (window as unknown as { __events: unknown[] }).__events = [];
      box.innerHTML = markup!;
      const board = box.querySelector('xiangqi-board')!;
      await board.ready;
      await board.updateComplete;
    },
    [markup, boxStyle],
  );
}

const events = (type?: string): Promise<Logged[]> =>
  page.evaluate(
    (type) => (window as unknown as { __events: Logged[] }).__events.filter((e) => !type || e.type === type),
    type,
  );

const cell = (square: string, within = 'xiangqi-board') =>
  page.locator(`${within} [role="gridcell"][aria-label^="${square}"]`);

const boardFen = () => page.evaluate(() => document.querySelector('xiangqi-board')!.fen);

const labels = () =>
  page.evaluate(() =>
    [...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('[role="gridcell"]')].map((c) =>
      c.getAttribute('aria-label')!,
    ),
  );

function fenAfter(moves: string[], fen = START): string {
  ref.setPosition(fen, moves);
  return ref.fen();
}

async function center(square: string): Promise<[number, number]> {
  const box = (await cell(square).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

describe('drawing and labels', () => {
  test('90 labelled points, 32 named pieces, one grid with one tab stop', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const all = await labels();
    expect(all).toHaveLength(90);
    const names = all.map((l) => l.split(',')[0]);
    const expected = [];
    for (const f of 'abcdefghi') for (let r = 0; r <= 9; r++) expected.push(f + r);
    expect([...names].sort()).toEqual(expected.sort());
    expect(all.filter((l) => /, (red|black) /.test(l))).toHaveLength(32);
    expect(all).toContain('h2, red cannon');
    expect(all).toContain('e9, black king');
    expect(all).toContain('b0, red horse');
    expect(all).toContain('e4');
    const info = await page.evaluate(() => {
      const root = document.querySelector('xiangqi-board')!.shadowRoot!;
      return {
        grids: root.querySelectorAll('[role="grid"]').length,
        rows: root.querySelectorAll('[role="row"]').length,
        tabStops: root.querySelectorAll('[tabindex="0"]').length,
        pieces: root.querySelectorAll('svg .piece').length,
        red: root.querySelectorAll('svg .piece.red').length,
        // The river's characters are paths drawn from shipped outlines, whatever fonts this machine has.
        river: [...root.querySelectorAll<SVGPathElement>('path.river')].map((p) => p.dataset['glyph']).join(''),
      };
    });
    expect(info).toEqual({ grids: 1, rows: 10, tabStops: 1, pieces: 32, red: 16, river: '楚河漢界' });
    expect(await page.locator('xiangqi-board').getAttribute('fen')).toBe(START);
  });

  test('Chinese labels under lang="zh", and the glyph sets', async () => {
    await mount('<xiangqi-board lang="zh"></xiangqi-board>');
    const all = await labels();
    expect(all).toContain('h2，红炮');
    expect(all).toContain('e9，黑将');
    // Han characters are paths (data-glyph names them), the letters are text.
    const glyphs = async () =>
      page.evaluate(() =>
        [...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll<SVGElement>('.piece .glyph')]
          .map((t) => t.dataset['glyph'] ?? t.textContent)
          .join(''),
      );
    const paths = () =>
      page.evaluate(
        () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.piece path.glyph[d]').length,
      );
    expect(await glyphs()).toContain('帥');
    expect(await glyphs()).toContain('傌');
    expect(await paths()).toBe(32);
    await page.evaluate(() => document.querySelector('xiangqi-board')!.setAttribute('piece-set', 'simplified'));
    expect(await glyphs()).toContain('帅');
    expect(await glyphs()).not.toContain('傌');
    expect(new Set(await glyphs())).toEqual(new Set('帅仕相马车炮兵将士象卒'));
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.pieceSet = 'letters'));
    expect(new Set(await glyphs())).toEqual(new Set('KAEHRCP'));
    expect(await paths()).toBe(0);
  });
});

describe('moves by pointer and keyboard', () => {
  test('click a piece, then a point', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    await cell('h2').click();
    expect(await cell('h2').getAttribute('aria-label')).toBe('h2, red cannon, selected');
    expect(await cell('e2').getAttribute('aria-label')).toBe('e2, legal move');
    const dests = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.dest').length,
    );
    expect(dests).toBe(12); // h2 cannon: 5 up (incl. the h9 capture), 1 down, 6 sideways... as the engine says
    await cell('e2').click();
    const moves = await events('move');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toEqual({
      type: 'move',
      detail: { move: 'h2e2', from: 'h2', to: 'e2', piece: 'C', captured: null, fen: fenAfter(['h2e2']), by: 'user' },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    expect((await events('change')).map((e) => e.detail)).toEqual([{ fen: fenAfter(['h2e2']) }]);
    expect(await page.locator('xiangqi-board').getAttribute('fen')).toBe(fenAfter(['h2e2']));
    expect(await cell('e2').getAttribute('aria-label')).toBe('e2, red cannon');
    const live = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelector('[aria-live="polite"]')!.textContent,
    );
    expect(live).toContain('Red cannon h2 to e2');
    const last = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.last').length,
    );
    expect(last).toBe(2);
  });

  test('drag a piece', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const [x0, y0] = await center('b0');
    const [x1, y1] = await center('c2');
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
    const dragging = await page.evaluate(
      () => !!document.querySelector('xiangqi-board')!.shadowRoot!.querySelector('.piece.dragging'),
    );
    expect(dragging).toBe(true);
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['b0c2']);
    expect(await boardFen()).toBe(fenAfter(['b0c2']));
    const leftovers = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.dragging, .origin').length,
    );
    expect(leftovers).toBe(0);
  });

  test('a cancelled pointer leaves no ghost and no move', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const [x0, y0] = await center('b0');
    const [x1, y1] = await center('c2');
    const result = await page.evaluate(
      async ([x0, y0, x1, y1]) => {
        const board = document.querySelector('xiangqi-board')!;
        const grid = board.shadowRoot!.querySelector('[role="grid"]')!;
        const fire = (type: string, x: number, y: number) =>
          grid.dispatchEvent(
            new PointerEvent(type, {
              clientX: x,
              clientY: y,
              pointerId: 7,
              isPrimary: true,
              button: 0,
              pointerType: 'touch',
              bubbles: true,
            }),
          );
        fire('pointerdown', x0!, y0!);
        fire('pointermove', x1!, y1!);
        await board.updateComplete;
        const during = board.shadowRoot!.querySelectorAll('.piece.dragging').length;
        fire('pointercancel', x1!, y1!);
        await board.updateComplete;
        return { during, after: board.shadowRoot!.querySelectorAll('.dragging, .origin').length };
      },
      [x0, y0, x1, y1],
    );
    expect(result).toEqual({ during: 1, after: 0 });
    expect(await events('move')).toHaveLength(0);
    expect(await boardFen()).toBe(START);
  });

  test('keyboard: one tab stop, arrows, Enter to pick up and put down, Escape to cancel', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() =>
        document.querySelector('xiangqi-board')!.shadowRoot!.activeElement?.getAttribute('aria-label'),
      );
    expect(await focused()).toBe('e0, red king');
    for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(k);
    expect(await focused()).toBe('h2, red cannon');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('h2, red cannon, selected');
    await page.keyboard.press('Escape');
    expect(await focused()).toBe('h2, red cannon');
    await page.keyboard.press(' ');
    for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
    expect(await focused()).toBe('e2, legal move');
    await page.keyboard.press('Enter');
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['h2e2']);
    expect(await focused()).toBe('e2, red cannon');
    const tabStops = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('[tabindex="0"]').length,
    );
    expect(tabStops).toBe(1);
  });

  test('illegal moves are refused', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    // The chariot on a0 is blocked by its own soldier on a3.
    await cell('a0').click();
    await cell('a5').click();
    // Black may not move first.
    await cell('h7').click();
    await cell('e7').click();
    expect(await events('move')).toHaveLength(0);
    expect(await boardFen()).toBe(START);
    const ok = await page.evaluate(() => document.querySelector('xiangqi-board')!.play('a0a5'));
    expect(ok).toBe(false);
    const bad = await page.evaluate(() => document.querySelector('xiangqi-board')!.play('zz99'));
    expect(bad).toBe(false);
    const errors = await events('error');
    expect(errors).toHaveLength(2);
    expect(String(errors[0]!.detail['message'])).toMatch(/a0a5/);
    expect(errors[0]!.bubbles && errors[0]!.composed).toBe(true);
    expect(await boardFen()).toBe(START);
  });

  test('interactive limits who may move', async () => {
    await mount('<xiangqi-board interactive="black"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    expect(await events('move')).toHaveLength(0);
    expect(await cell('h2').evaluate((c) => getComputedStyle(c).touchAction)).toBe('auto');
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.interactive = 'both'));
    // Only points with a piece the user may move take touches; the rest still scroll the page.
    expect(await cell('h2').evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
    expect(await cell('e4').evaluate((c) => getComputedStyle(c).touchAction)).toBe('auto');
    expect(await cell('h7').evaluate((c) => getComputedStyle(c).touchAction)).toBe('auto');
  });
});

describe('attributes, methods and events', () => {
  test('fen attribute sets the position; a bad FEN fires error and keeps the last good one', async () => {
    const fen = fenAfter(['h2e2', 'h9g7']);
    await mount(`<xiangqi-board fen="${fen}"></xiangqi-board>`);
    expect(await boardFen()).toBe(fen);
    expect(await cell('g7').getAttribute('aria-label')).toBe('g7, black horse');
    await page.evaluate(() => document.querySelector('xiangqi-board')!.setAttribute('fen', 'not a fen at all'));
    await page.evaluate(() => document.querySelector('xiangqi-board')!.updateComplete);
    const errors = await events('error');
    expect(errors).toHaveLength(1);
    expect(String(errors[0]!.detail['message']).length).toBeGreaterThan(5);
    expect(await boardFen()).toBe(fen);
    expect(await page.locator('xiangqi-board').getAttribute('fen')).toBe(fen);
    expect(await cell('g7').getAttribute('aria-label')).toBe('g7, black horse');
    // An impossible (but well-formed) position is the engine's to reject.
    const twoKings = await page.evaluate(() =>
      document.querySelector('xiangqi-board')!.setPosition('4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1'),
    );
    expect(twoKings).toBe(false);
    expect(await boardFen()).toBe(fen);
    // A bad FEN given in the markup before the engine loads is reported too.
    await mount('<xiangqi-board fen="rnbakabnr/9/9 w"></xiangqi-board>');
    expect((await events('error')).length).toBe(1);
    expect(await boardFen()).toBe(START);
  });

  test('orientation puts Black at the bottom; flip() turns the board', async () => {
    await mount('<xiangqi-board orientation="black"></xiangqi-board>');
    const all = await labels();
    expect(all[0]).toBe('i0, red chariot');
    expect(all[89]).toBe('a9, black chariot');
    const [, redKingY] = await center('e0');
    const [, blackKingY] = await center('e9');
    expect(redKingY).toBeLessThan(blackKingY);
    // The pointer follows the orientation too.
    await cell('h2').click();
    await cell('e2').click();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['h2e2']);
    await page.evaluate(() => document.querySelector('xiangqi-board')!.flip());
    expect(await page.locator('xiangqi-board').getAttribute('orientation')).toBe('red');
    expect((await labels())[0]).toBe('a9, black chariot');
  });

  test('a cancelled move event keeps the position', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    await page.evaluate(() =>
      document.querySelector('xiangqi-board')!.addEventListener('move', (e) => e.preventDefault(), { once: true }),
    );
    const ok = await page.evaluate(() => document.querySelector('xiangqi-board')!.play('h2e2'));
    expect(ok).toBe(false);
    expect(await boardFen()).toBe(START);
    expect(await events('change')).toHaveLength(0);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.play('h2e2'))).toBe(true);
  });

  test('checkmate: check highlight, gameover event, announcement; no further moves', async () => {
    await mount(`<xiangqi-board fen="${MATE_IN_ONE}"></xiangqi-board>`);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.play('i7i9'))).toBe(true);
    const over = await events('gameover');
    expect(over.map((e) => e.detail)).toEqual([{ result: '1-0', reason: 'checkmate' }]);
    expect(over[0]!.bubbles && over[0]!.composed).toBe(true);
    const info = await page.evaluate(() => {
      const b = document.querySelector('xiangqi-board')!;
      const root = b.shadowRoot!;
      return {
        check: root.querySelectorAll('.check').length,
        live: root.querySelector('[aria-live]')!.textContent,
        status: b.status,
        legal: b.legalMoves().length,
      };
    });
    expect(info.check).toBe(1);
    expect(info.live).toMatch(/Checkmate\. Red wins\./);
    expect(info.status).toMatchObject({ over: true, result: '1-0', reason: 'checkmate', inCheck: true });
    expect(info.legal).toBe(0);
    await cell('e9').click();
    expect(await cell('e9').getAttribute('aria-label')).toBe('e9, black king');
  });

  test('undo and redo, legalMoves, setShapes', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const r = await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      const legal = b.legalMoves('b0').sort();
      b.play('h2e2');
      b.play('h9g7');
      const undone = b.undo();
      const afterUndo = b.fen;
      const redone = b.redo();
      b.setShapes([{ from: 'b2', to: 'e2', brush: 'blue' }, { from: 'e4' }, { from: 'x9' }]);
      await b.updateComplete;
      const root = b.shadowRoot!;
      const shapes = [
        root.querySelectorAll('[part~="arrow"]').length,
        root.querySelectorAll('[part~="circle"]').length,
      ];
      b.play('b0c2');
      await b.updateComplete;
      return {
        legal,
        undone,
        afterUndo,
        redone,
        shapes,
        shapesAfterMove: root.querySelectorAll('[part~="arrow"]').length,
      };
    });
    expect(r).toEqual({
      legal: ['b0a2', 'b0c2'],
      undone: 'h9g7',
      afterUndo: fenAfter(['h2e2']),
      redone: 'h9g7',
      shapes: [2, 1],
      shapesAfterMove: 0,
    });
  });

  test('computer="black" answers a move through its MoveProvider', async () => {
    await mount('<xiangqi-board computer="black"></xiangqi-board>');
    const asked = await page.evaluate(() => {
      const b = document.querySelector('xiangqi-board')!;
      const calls: unknown[] = ((window as unknown as { __calls: unknown[] }).__calls = []);
      b.moveProvider = {
        // A stand-in for the search worker: any legal move, after a short think.
        async bestMove(fen, moves, limits) {
          calls.push({ fen, moves: [...moves], limits });
          await new Promise((r) => setTimeout(r, 30));
          return b.legalMoves()[0]!;
        },
        stop() {},
      };
      return calls;
    });
    expect(asked).toEqual([]);
    await cell('h7').click(); // Black's pieces are the computer's
    expect(await cell('h7').getAttribute('aria-label')).toBe('h7, black cannon');
    await cell('h2').click();
    await cell('e2').click();
    await page.waitForFunction(() =>
      (window as unknown as { __events: Logged[] }).__events.some(
        (e) => e.type === 'move' && e.detail['by'] === 'computer',
      ),
    );
    const moves = await events('move');
    expect(moves.map((e) => e.detail['by'])).toEqual(['user', 'computer']);
    // Level 5 by default: the engine's skill 9 and half a second.
    expect(await page.evaluate(() => (window as unknown as { __calls: unknown[] }).__calls)).toEqual([
      { fen: START, moves: ['h2e2'], limits: { skill: 9, movetime: 500 } },
    ]);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.status!.turn)).toBe('red');
    // Undo takes back the computer's reply and the user's move: the user is to move again.
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.undo())).toBe('h2e2');
    expect(await boardFen()).toBe(START);
  });

  test('a search the board stops is no failure: no error, no notice, and the computer moves again once the board is back', async () => {
    type Calls = { __asked: number; __answer: () => void };
    await mount('<xiangqi-board computer="black"></xiangqi-board>');
    await page.evaluate(() => {
      const b = document.querySelector('xiangqi-board')!;
      const w = window as unknown as Calls;
      w.__asked = 0;
      let cancel: (() => void) | null = null;
      b.moveProvider = {
        // As the worker search does, a search that is stopped rejects; the test says when one answers.
        bestMove() {
          w.__asked++;
          return new Promise<string>((resolve, reject) => {
            w.__answer = () => resolve(b.legalMoves()[0]!);
            cancel = () => reject(new Error('the search was cancelled'));
          });
        },
        stop() {
          cancel?.();
        },
      };
    });
    const asked = () => page.evaluate(() => (window as unknown as Calls).__asked);
    const problem = () =>
      page.evaluate(() => document.querySelector('xiangqi-board')!.shadowRoot!.querySelector('[part~="problem"]'));
    // The page takes the computer off while it thinks.
    await page.evaluate(() => document.querySelector('xiangqi-board')!.play('h2e2'));
    await expect.poll(asked).toBe(1);
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.computer = 'none'));
    await page.waitForTimeout(100);
    expect(await asked()).toBe(1);
    expect(await events('error')).toEqual([]);
    expect(await problem()).toBeNull();
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.status!.turn)).toBe('black');
    // The computer back on, and the board moved elsewhere in the page while it thinks: it is
    // stopped by leaving and asked again on its return, and moves.
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.computer = 'black'));
    await expect.poll(asked).toBe(2);
    await page.evaluate(() => {
      const other = document.createElement('div');
      document.getElementById('box')!.append(other);
      other.append(document.querySelector('xiangqi-board')!);
    });
    await expect.poll(asked).toBe(3);
    await page.evaluate(() => (window as unknown as Calls).__answer());
    await page.waitForFunction(() => document.querySelector('xiangqi-board')!.status!.turn === 'red');
    expect(await events('error')).toEqual([]);
    expect(await problem()).toBeNull();
  });

  test("evaluation: the shipped network by default, given to the provider once; hand-written or the page's own on request", async () => {
    type Told = { __told: (number | null)[] };
    await mount('<xiangqi-board computer="black"></xiangqi-board>');
    await page.evaluate(() => {
      const b = document.querySelector('xiangqi-board')!;
      const told: (number | null)[] = ((window as unknown as Told).__told = []);
      b.moveProvider = {
        bestMove: () => Promise.resolve(b.legalMoves()[0]!),
        stop() {},
        setNetwork: (file) => told.push(file ? file.length : null),
      };
    });
    const told = () => page.evaluate(() => (window as unknown as Told).__told);
    // Fetched from the package's nnue/xiangqi.nnue (the dev server here, the built files in a page).
    await expect.poll(told).toEqual([SHIPPED_NETWORK_BYTES]);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.evaluation)).toBe('network');
    await cell('h2').click();
    await cell('e2').click();
    await page.waitForFunction(() => document.querySelector('xiangqi-board')!.status!.turn === 'red');
    expect(await told()).toEqual([SHIPPED_NETWORK_BYTES]);
    await page.evaluate(() => document.querySelector('xiangqi-board')!.setAttribute('evaluation', 'hand-written'));
    await expect.poll(told).toEqual([SHIPPED_NETWORK_BYTES, null]);
    await page.evaluate(() => {
      const b = document.querySelector('xiangqi-board')!;
      b.evalNetwork = new Uint8Array(16);
      b.evaluation = 'network';
    });
    await expect.poll(told).toEqual([SHIPPED_NETWORK_BYTES, null, 16]);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.getAttribute('evaluation'))).toBe(
      'network',
    );
  });

  test("rule: judges the repetitions on the board and in the computer's search; an unknown value warns and judges by computer", async () => {
    // Black's rook chases the red cannon with every move, one of them uncovering a check: a draw by
    // the computer rule, Black's loss by the Asian rules (Fairy-Stockfish's rule tests).
    const fen = '3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1';
    const cycle = ['d1d3', 'b1b3', 'd3d1', 'b3b1'];
    await mount('<xiangqi-board rule="asian"></xiangqi-board>');
    const status = () => page.evaluate(() => document.querySelector('xiangqi-board')!.status);
    const setRule = (rule: string) =>
      page.evaluate(async (rule) => {
        const b = document.querySelector('xiangqi-board')!;
        b.setAttribute('rule', rule);
        await b.updateComplete;
      }, rule);
    await page.evaluate(
      ([fen, moves]) => document.querySelector('xiangqi-board')!.setPosition(fen as string, moves as string[]),
      [fen, [...cycle, ...cycle]] as const,
    );
    expect(await status()).toMatchObject({ over: true, result: '1-0', reason: 'perpetual-chase' });
    await setRule('computer');
    expect(await status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'repetition' });
    const warnings: string[] = [];
    const listen = (m: { type(): string; text(): string }) => m.type() === 'warning' && warnings.push(m.text());
    page.on('console', listen);
    await setRule('asian');
    await setRule('fide');
    page.off('console', listen);
    expect(warnings).toEqual([
      '<xiangqi-board>: unknown rule "fide" (expected computer, asian, chinese, check-only); using computer',
    ]);
    expect(await status()).toMatchObject({ result: '1/2-1/2', reason: 'repetition' });
    // The computer's provider is told the rule before it searches.
    await setRule('chinese');
    await page.evaluate(
      ([fen, moves]) => {
        const b = document.querySelector('xiangqi-board')!;
        const told: string[] = ((window as unknown as { __rules: string[] }).__rules = []);
        b.moveProvider = {
          bestMove: () => Promise.resolve(b.legalMoves()[0]!),
          stop() {},
          setRule: (rule) => told.push(rule),
        };
        b.setPosition(fen, moves);
        b.computer = 'black';
      },
      [fen, cycle.slice(0, 1)] as const,
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __rules: string[] }).__rules))
      .toEqual(['chinese']);
  });

  test('threads: a reflected number that defaults to the cores less one', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const seen = await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      const expected = Math.max(1, Math.min(8, navigator.hardwareConcurrency - 1));
      const before = b.threads;
      b.setAttribute('threads', '3');
      await b.updateComplete;
      return { before, expected, property: b.threads, attribute: b.getAttribute('threads') };
    });
    expect(seen.before).toBe(seen.expected);
    expect(seen.property).toBe(3);
    expect(seen.attribute).toBe('3');
  });

  test('computer="black" with the built-in worker search answers with a legal move', async () => {
    await mount('<xiangqi-board computer="black" movetime="200"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    await page.waitForFunction(
      () =>
        (window as unknown as { __events: Logged[] }).__events.some(
          (e) => e.type === 'move' && e.detail['by'] === 'computer',
        ),
      undefined,
      { timeout: 10_000 },
    );
    const reply = (await events('move')).find((e) => e.detail['by'] === 'computer')!;
    ref.setPosition(START, ['h2e2']);
    expect(ref.legalMoves()).toContain(reply.detail['move']);
    expect(await boardFen()).toBe(fenAfter(['h2e2', reply.detail['move'] as string]));
  });
});

describe('tablebases', () => {
  test("with `tablebases`, the computer plays the endgame tables' fastest mate, even at depth 1", async () => {
    const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
    const tables = await Tablebases.load('wasm');
    tables.generate('KR-KAE');
    const moves = tables.moves(fen)!;
    const fastest = bestMoves(moves).map((m) => m.move);
    expect(moves[0]!.result).toBe('win');
    expect(fastest.length).toBeLessThan(moves.length);
    await mount(`<xiangqi-board computer="red" depth="1" tablebases fen="${fen}"></xiangqi-board>`);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.tablebases)).toBe(true);
    await page.waitForFunction(
      () => (window as unknown as { __events: Logged[] }).__events.some((e) => e.type === 'move'),
      undefined,
      { timeout: 20_000 },
    );
    const [played] = await events('move');
    expect(played!.detail['by']).toBe('computer');
    expect(fastest).toContain(played!.detail['move']);
  });

  test("a board moved in the page while its tables are consulted plays the tables' move once back", async () => {
    const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
    const tables = await Tablebases.load('wasm');
    tables.generate('KR-KAE');
    const fastest = bestMoves(tables.moves(fen)!).map((m) => m.move);
    await mount(`<xiangqi-board computer="red" depth="1" tablebases fen="${fen}"></xiangqi-board>`);
    // Taken out and put back at once, as frameworks move elements: the first tables' worker is closed
    // with the consultation pending.
    await page.evaluate(() => {
      const board = document.querySelector('xiangqi-board')!;
      const box = board.parentElement!;
      board.remove();
      box.append(board);
    });
    await page.waitForFunction(
      () => (window as unknown as { __events: Logged[] }).__events.some((e) => e.type === 'move'),
      undefined,
      { timeout: 20_000 },
    );
    const [played] = await events('move');
    expect(fastest).toContain(played!.detail['move']);
    expect(await events('error')).toEqual([]);
  });

  test("with `tablebases`, the computer's search probes the tables its captures reach, from one tables' worker", async () => {
    // The rook takes the horse, into a rook against two advisors: no table covers the position itself.
    const fen = '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1';
    // Workers made from now on log the tables they are given and the table hits their searches report.
    await page.evaluate(logWorkerTables, false);
    await mount(`<xiangqi-board computer="red" depth="5" tablebases fen="${fen}"></xiangqi-board>`);
    const moves = (n: number) =>
      page.waitForFunction(
        (n) => (window as unknown as { __events: Logged[] }).__events.filter((e) => e.type === 'move').length >= n,
        n,
        { timeout: 20_000 },
      );
    await moves(1);
    const searched = await loggedTables(page);
    // The search's mate starts with the capture; the king steps aside, and the computer's next move
    // is the table's, asked of the same worker that made the search's tables.
    expect((await events('move'))[0]!.detail['move']).toBe('a5a7');
    await page.evaluate(() => document.querySelector('xiangqi-board')!.play('e9e8'));
    await moves(3);
    const seen = await loggedTables(page);
    // Workers made by later tests are the page's own again.
    await page.evaluate(logWorkerTables, true);
    expect(searched.tables).toEqual(expect.arrayContaining(['KR-KAA', 'KR-KA', 'KR-K']));
    expect(searched.tbhits).toBeGreaterThan(0);
    expect(seen.tableWorkers).toBe(1);
    expect(await events('error')).toEqual([]);
  });
});

describe('options', () => {
  test('moves animate, except with animation-duration=0 or prefers-reduced-motion', async () => {
    const running = (move: string) =>
      page.evaluate((move) => {
        const b = document.querySelector('xiangqi-board')!;
        b.play(move);
        return b.updateComplete.then(
          () => b.shadowRoot!.getAnimations().filter((a) => a.playState === 'running').length,
        );
      }, move);
    await mount('<xiangqi-board animation-duration="300"></xiangqi-board>');
    expect(await running('h2e2')).toBe(1);
    // A position arriving mid-animation cancels it rather than leaving a piece half-way.
    await page.evaluate(() =>
      document
        .querySelector('xiangqi-board')!
        .setPosition('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'),
    );
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.shadowRoot!.getAnimations().length)).toBe(
      0,
    );
    await mount('<xiangqi-board animation-duration="0"></xiangqi-board>');
    expect(await running('h2e2')).toBe(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await mount('<xiangqi-board animation-duration="300"></xiangqi-board>');
    expect(await running('h2e2')).toBe(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  test('show-legal="false" hides destinations but keeps the rules', async () => {
    await mount('<xiangqi-board show-legal="false"></xiangqi-board>');
    await cell('h2').click();
    const dots = await page.evaluate(
      () => document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.dest').length,
    );
    expect(dots).toBe(0);
    expect(await cell('e2').getAttribute('aria-label')).toBe('e2');
    await cell('h3').click();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['h2h3']);
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.showLegal)).toBe(false);
  });

  test('backend="js" loads the JS build of the engine', async () => {
    await mount('<xiangqi-board backend="js"></xiangqi-board>');
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.engine!.backend)).toBe('js');
    await cell('h2').click();
    await cell('e2').click();
    expect(await boardFen()).toBe(fenAfter(['h2e2']));
    // Switching the backend keeps the game.
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.backend = 'wasm'));
    await page.waitForFunction(() => document.querySelector('xiangqi-board')!.engine!.backend === 'wasm');
    expect(await boardFen()).toBe(fenAfter(['h2e2']));
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.engine!.history())).toEqual(['h2e2']);
  });

  test('a page can share its own engine with the board', async () => {
    await mount('<xiangqi-board></xiangqi-board>');
    const r = await page.evaluate(`(async () => {
      const { createEngine } = await import('/web/engine/index.ts');
      const engine = await createEngine('wasm');
      engine.play('b0c2');
      const b = document.querySelector('xiangqi-board');
      b.engine = engine;
      const adopted = b.fen;
      engine.play('h9g7');
      b.sync();
      return { adopted, synced: b.fen, same: b.engine === engine };
    })()`);
    expect(r).toEqual({ adopted: fenAfter(['b0c2']), synced: fenAfter(['b0c2', 'h9g7']), same: true });
  });

  test('coordinates: ICCS letters and ranks, or WXF file numbers for both sides', async () => {
    const coords = () =>
      page.evaluate(() =>
        [...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('.coord')]
          .map((t) => t.textContent)
          .join(''),
      );
    await mount('<xiangqi-board coordinates="iccs"></xiangqi-board>');
    expect(await coords()).toBe('abcdefghi9876543210');
    await mount('<xiangqi-board coordinates="wxf" orientation="black" piece-set="letters"></xiangqi-board>');
    // Black at the bottom: Black's files 9..1 read left to right along the bottom, Red's 1..9 on top.
    expect(await coords()).toBe('918273645546372819');
    await mount('<xiangqi-board></xiangqi-board>');
    expect(await coords()).toBe('');
  });
});

describe('layout', () => {
  test('fills its container width with the board aspect ratio, and clicks follow a resize', async () => {
    await mount('<xiangqi-board></xiangqi-board>', 'width:450px');
    const size = () => page.locator('xiangqi-board').boundingBox();
    const a = (await size())!;
    expect(a.width).toBeCloseTo(450, 0);
    expect(a.height / a.width).toBeCloseTo(1020 / 920, 2);
    await page.evaluate(() => document.getElementById('box')!.setAttribute('style', 'width:280px'));
    const b = (await size())!;
    expect(b.width).toBeCloseTo(280, 0);
    await cell('h2').click();
    await cell('e2').click();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['h2e2']);
    await page.evaluate(() => document.getElementById('box')!.setAttribute('style', 'width:520px'));
    await cell('h9').click();
    await cell('g7').click();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['h2e2', 'h9g7']);
  });

  test('works in flex and grid parents and after being hidden', async () => {
    await mount(
      '<div style="display:flex;gap:8px"><xiangqi-board></xiangqi-board><div style="width:100px;flex:none">side</div></div>',
      'width:500px',
    );
    const flex = (await page.locator('xiangqi-board').boundingBox())!;
    expect(flex.width).toBeCloseTo(392, 0);
    expect(flex.height / flex.width).toBeCloseTo(1020 / 920, 2);
    await mount(
      '<div style="display:grid;grid-template-columns:1fr 1fr"><xiangqi-board></xiangqi-board><div></div></div>',
      'width:500px',
    );
    const grid = (await page.locator('xiangqi-board').boundingBox())!;
    expect(grid.width).toBeCloseTo(250, 0);
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.hidden = true));
    await page.evaluate(() => (document.querySelector('xiangqi-board')!.hidden = false));
    await cell('b0').click();
    await cell('c2').click();
    expect((await events('move')).map((e) => e.detail['move'])).toEqual(['b0c2']);
  });
});

describe('looks', () => {
  test('screenshots: written for review, sized like the board, and changed by flipping and by the dark scheme', async () => {
    mkdirSync('test-results', { recursive: true });
    /** The board's box as a PNG (also written to test-results/ for a person to look at). */
    const shot = async (name: string): Promise<Buffer> => {
      const png = await page.locator('#box').screenshot({ path: `test-results/${name}.png` });
      const box = (await page.locator('#box').boundingBox())!;
      // A PNG whose IHDR size is the box's: the whole board was captured, not an empty or clipped frame.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // (within a pixel: the box's size may be fractional).
      expect(Math.abs(png.readUInt32BE(16) - box.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(png.readUInt32BE(20) - box.height)).toBeLessThanOrEqual(1);
      expect(box.height).toBeGreaterThan(box.width); // 10 ranks by 9 files, never collapsed
      return png;
    };
    await mount('<xiangqi-board coordinates="wxf" animation-duration="0"></xiangqi-board>', 'width:520px');
    await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) b.play(m);
      b.setShapes([
        { from: 'b2', to: 'b9', brush: 'green' },
        { from: 'e6', brush: 'red' },
      ]);
      await b.updateComplete;
    });
    await cell('e2').click();
    await shot('board');
    // The same position three ways: each change must show in the picture.
    await mount(
      `<xiangqi-board coordinates="iccs" piece-set="letters" animation-duration="0" fen="${MATE_IN_ONE}"></xiangqi-board>`,
      'width:420px;background:#202124',
    );
    const light = await shot('board-light');
    await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      b.orientation = 'black';
      await b.updateComplete;
    });
    const flipped = await shot('board-flipped');
    expect(flipped.equals(light), 'flipping the board did not change the picture').toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      const dark = await shot('board-dark-before');
      expect(dark.equals(flipped), 'the dark colour scheme did not change the picture').toBe(false);
      await page.evaluate(async () => {
        const b = document.querySelector('xiangqi-board')!;
        b.play('i7i9');
        await b.updateComplete;
      });
      const mated = await shot('board-dark');
      expect(mated.equals(dark), 'the mating move did not change the picture').toBe(false);
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
