// Premoves on <xiangqi-board> in headless Chromium: made with the real mouse while the computer (a
// MoveProvider the test answers by hand) or the page is to move, shown, played at once when legal,
// dropped when not, cancelled by a click, a right click, a key or a change of position.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

interface Logged {
  type: string;
  detail: Record<string, unknown>;
  bubbles: boolean;
  composed: boolean;
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
  await page.evaluate(() => {
    const w = window as unknown as { __log: unknown[] };
    w.__log = [];
    for (const type of ['move', 'premovechange']) {
      document.addEventListener(type, (e) => {
        const ce = e as CustomEvent<unknown>;
        w.__log.push({ type, detail: ce.detail, bubbles: ce.bubbles, composed: ce.composed });
      });
    }
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function fenAfter(moves: string[], fen = START): string {
  ref.setPosition(fen, moves);
  return ref.fen();
}

/**
 * Mounts a board whose computer (if any) is a MoveProvider that waits for the test: `reply(move)`
 * answers the pending search. `asked` counts searches.
 */
async function mount(markup: string): Promise<void> {
  await page.evaluate(async (markup) => {
    const w = window as unknown as { __log: unknown[]; __asked: number; __reply: ((m: string) => void) | null };
    w.__log = [];
    w.__asked = 0;
    w.__reply = null;
    const box = document.getElementById('box')!;
    box.innerHTML = markup;
    const board = box.querySelector('xiangqi-board')!;
    board.moveProvider = {
      bestMove: () => {
        w.__asked++;
        return new Promise<string>((resolve) => (w.__reply = resolve));
      },
      stop() {},
    };
    await board.ready;
    await board.updateComplete;
  }, markup);
}

const log = (type?: string): Promise<Logged[]> =>
  page.evaluate(
    (type) => (window as unknown as { __log: Logged[] }).__log.filter((e) => !type || e.type === type),
    type,
  );
const premoves = async () => (await log('premovechange')).map((e) => e.detail);
const moves = async () => (await log('move')).map((e) => `${String(e.detail['by'])}:${String(e.detail['move'])}`);
const cell = (square: string) => page.locator(`xiangqi-board [role="gridcell"][aria-label^="${square}"]`);
const fen = () => page.evaluate(() => document.querySelector('xiangqi-board')!.fen);
const pending = () => page.evaluate(() => document.querySelector('xiangqi-board')!.pendingPremove);
const marked = () =>
  page.evaluate(async () => {
    const b = document.querySelector('xiangqi-board')!;
    await b.updateComplete;
    return [...b.shadowRoot!.querySelectorAll('[part~="premove"]')].length;
  });

/** Answers the computer's search with `move` and lets the board play it (and any premove after it). */
async function reply(move: string): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __reply: unknown }).__reply !== null);
  await page.evaluate(async (move) => {
    const w = window as unknown as { __reply: ((m: string) => void) | null };
    const r = w.__reply!;
    w.__reply = null;
    r(move);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await document.querySelector('xiangqi-board')!.updateComplete;
  }, move);
}

describe('premove against the computer', () => {
  test('made while the computer thinks, shown, and played at once after its reply', async () => {
    await mount('<xiangqi-board computer="black" premove animation-duration="0"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    // The computer is thinking: a move for Red now is a premove, checked only by the horse's pattern.
    await cell('b0').click();
    expect(await cell('b0').getAttribute('aria-label')).toBe('b0, red horse, selected');
    await cell('c2').click();
    expect(await pending()).toBe('b0c2');
    expect(await marked()).toBe(2);
    expect(await fen()).toBe(fenAfter(['h2e2']));
    const [set] = await log('premovechange');
    expect(set).toEqual({
      type: 'premovechange',
      detail: { move: 'b0c2', reason: 'set' },
      bubbles: true,
      composed: true,
    });
    await reply('h9g7');
    expect(await moves()).toEqual(['user:h2e2', 'computer:h9g7', 'user:b0c2']);
    expect(await fen()).toBe(fenAfter(['h2e2', 'h9g7', 'b0c2']));
    expect(await premoves()).toEqual([
      { move: 'b0c2', reason: 'set' },
      { move: null, reason: 'played' },
    ]);
    expect(await pending()).toBe(null);
    expect(await marked()).toBe(0);
    // And the computer is asked again, for its reply to the premove.
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(2);
  });

  test('a premove that is not legal when its turn comes is dropped', async () => {
    await mount('<xiangqi-board computer="black" premove animation-duration="0"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    // Premove the horse, then the computer's cannon takes it (b7 over the b2 cannon to b0).
    await cell('b0').click();
    await cell('c2').click();
    await reply('b7b0');
    expect(await moves()).toEqual(['user:h2e2', 'computer:b7b0']);
    expect(await premoves()).toEqual([
      { move: 'b0c2', reason: 'set' },
      { move: null, reason: 'illegal' },
    ]);
    expect(await fen()).toBe(fenAfter(['h2e2', 'b7b0']));
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.status!.turn)).toBe('red');
  });

  test('a premove can be dragged, and is cancelled by a click elsewhere, a right click, Escape or undo', async () => {
    await mount('<xiangqi-board computer="black" premove animation-duration="0"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    const dragPremove = async (from: string, to: string) => {
      const a = (await cell(from).boundingBox())!;
      const b = (await cell(to).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
      await page.mouse.up();
    };
    await dragPremove('b0', 'c2');
    expect(await pending()).toBe('b0c2');
    await cell('e5').click();
    expect(await pending()).toBe(null);
    await dragPremove('a0', 'a1');
    expect(await pending()).toBe('a0a1');
    await page.mouse.click(
      ...(await (async () => {
        const b = (await cell('e5').boundingBox())!;
        return [b.x + b.width / 2, b.y + b.height / 2] as [number, number];
      })()),
      { button: 'right' },
    );
    expect(await pending()).toBe(null);
    await dragPremove('a0', 'a1');
    await cell('a0').focus();
    await page.keyboard.press('Escape');
    expect(await pending()).toBe(null);
    await dragPremove('a0', 'a1');
    await page.evaluate(() => document.querySelector('xiangqi-board')!.undo());
    expect(await pending()).toBe(null);
    expect((await premoves()).map((p) => p.reason)).toEqual([
      'set',
      'cancelled',
      'set',
      'cancelled',
      'set',
      'cancelled',
      'set',
      'cancelled',
    ]);
    expect(await marked()).toBe(0);
    expect(await fen()).toBe(START);
  });

  test('without the premove attribute, nothing can be picked up while the computer thinks', async () => {
    await mount('<xiangqi-board computer="black" animation-duration="0"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    await cell('b0').click();
    await cell('c2').click();
    expect(await cell('b0').getAttribute('aria-label')).toBe('b0, red horse');
    expect(await pending()).toBe(null);
    expect(await premoves()).toEqual([]);
    // Turning premove off drops a waiting one.
    await page.evaluate(() => document.querySelector('xiangqi-board')!.setAttribute('premove', ''));
    await cell('b0').click();
    await cell('c2').click();
    expect(await pending()).toBe('b0c2');
    await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      b.premove = false;
      await b.updateComplete;
    });
    expect(await pending()).toBe(null);
    await reply('h9g7');
    expect(await moves()).toEqual(['user:h2e2', 'computer:h9g7']);
  });
});

describe('premove when the page plays the other side', () => {
  test('interactive="red": the page\'s play() for Black makes the premove\'s turn', async () => {
    await mount('<xiangqi-board interactive="red" premove animation-duration="0"></xiangqi-board>');
    await cell('h2').click();
    await cell('e2').click();
    await cell('h0').click();
    await cell('g2').click();
    expect(await pending()).toBe('h0g2');
    await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      b.play('h9g7');
      await new Promise((r) => setTimeout(r, 0));
      await b.updateComplete;
    });
    expect(await moves()).toEqual(['user:h2e2', 'user:h9g7', 'user:h0g2']);
    expect(await fen()).toBe(fenAfter(['h2e2', 'h9g7', 'h0g2']));
    // With both sides the user's there is never a premove: every move is a move.
    await mount('<xiangqi-board premove animation-duration="0"></xiangqi-board>');
    await cell('h7').click();
    expect(await cell('h7').getAttribute('aria-label')).toBe('h7, black cannon');
  });
});
