// Hand-drawn shapes on <xiangqi-board> in headless Chromium, driven by the real mouse (right button,
// modifier keys held on the keyboard): arrows, circles, colours, toggling, clearing, the event and
// the property, and the context menu that must not open.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import type { TestServer } from '../browser/server.ts';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

interface ShapesEvent {
  shapes: { from: string; to?: string; brush?: string }[];
  fen: string;
  bubbles: boolean;
  composed: boolean;
}

let server: TestServer | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 600, height: 700 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/test/board/fixture.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
  await page.evaluate(() => {
    const w = window as unknown as { __shapes: unknown[]; __menus: boolean[] };
    w.__shapes = [];
    w.__menus = [];
    document.addEventListener('shapeschange', (e) =>
      w.__shapes.push({ ...e.detail, bubbles: e.bubbles, composed: e.composed }),
    );
    // Seen after the board's own listener (the event bubbles out of its shadow root to here).
    document.addEventListener('contextmenu', (e) => w.__menus.push(e.defaultPrevented));
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function mount(markup = '<xiangqi-board></xiangqi-board>'): Promise<void> {
  await page.evaluate(async (markup) => {
    const w = window as unknown as { __shapes: unknown[]; __menus: boolean[] };
    w.__shapes = [];
    w.__menus = [];
    const box = document.getElementById('box')!;
    box.innerHTML = markup;
    const board = box.querySelector('xiangqi-board')!;
    await board.ready;
    await board.updateComplete;
  }, markup);
}

const shapeEvents = (): Promise<ShapesEvent[]> =>
  page.evaluate(() => (window as unknown as { __shapes: ShapesEvent[] }).__shapes);
const drawn = () => page.evaluate(() => document.querySelector('xiangqi-board')!.drawnShapes);

async function center(square: string): Promise<[number, number]> {
  const box = (await page.locator(`xiangqi-board [role="gridcell"][aria-label^="${square}"]`).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** Right-button drag from one point to another (a right click when they are the same), keys held. */
async function draw(from: string, to = from, keys: string[] = []): Promise<void> {
  const [x0, y0] = await center(from);
  const [x1, y1] = await center(to);
  for (const k of keys) await page.keyboard.down(k);
  await page.mouse.move(x0, y0);
  await page.mouse.down({ button: 'right' });
  if (to !== from) await page.mouse.move(x1, y1, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  for (const k of keys.reverse()) await page.keyboard.up(k);
  await page.evaluate(() => document.querySelector('xiangqi-board')!.updateComplete);
}

const parts = () =>
  page.evaluate(() =>
    [...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('[part~="arrow"]')].map((e) =>
      e.getAttribute('part')!.replace(/\s+/g, ' ').trim(),
    ),
  );

describe('drawing shapes with the right button', () => {
  test('a right drag draws an arrow, a right click a circle; the event and the property say so', async () => {
    await mount();
    await draw('h2', 'e2');
    expect(await drawn()).toEqual([{ from: 'h2', to: 'e2', brush: 'green' }]);
    const [first] = await shapeEvents();
    expect(first).toEqual({
      shapes: [{ from: 'h2', to: 'e2', brush: 'green' }],
      fen: START,
      bubbles: true,
      composed: true,
    });
    await draw('e4');
    expect(await drawn()).toEqual([
      { from: 'h2', to: 'e2', brush: 'green' },
      { from: 'e4', brush: 'green' },
    ]);
    expect(await parts()).toEqual(['arrow drawn', 'arrow drawn circle']);
    // Nothing was moved or selected by the right button, and no context menu opened.
    expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.fen)).toBe(START);
    const menus = await page.evaluate(() => (window as unknown as { __menus: boolean[] }).__menus);
    expect(menus.length).toBeGreaterThan(0);
    expect(menus.every((prevented) => prevented)).toBe(true);
  });

  test('while the button is held the shape is shown faintly, and follows the pointer', async () => {
    await mount();
    const [x0, y0] = await center('b0');
    const [x1, y1] = await center('c2');
    await page.mouse.move(x0, y0);
    await page.mouse.down({ button: 'right' });
    const pending = () =>
      page.evaluate(async () => {
        const b = document.querySelector('xiangqi-board')!;
        await b.updateComplete;
        return [...b.shadowRoot!.querySelectorAll('[part~="pending"]')].map((e) => e.getAttribute('part')!.trim());
      });
    expect(await pending()).toEqual(['arrow drawn pending circle']);
    await page.mouse.move(x1, y1, { steps: 4 });
    expect(await pending()).toEqual(['arrow drawn pending']);
    await page.mouse.up({ button: 'right' });
    expect(await pending()).toEqual([]);
    expect(await drawn()).toEqual([{ from: 'b0', to: 'c2', brush: 'green' }]);
  });

  test('modifier keys choose the colour; the same shape again recolours it or takes it away', async () => {
    await mount();
    await draw('e4', 'e4', ['Shift']);
    await draw('a0', 'a2', ['Alt']);
    await draw('b0', 'c2', ['Alt', 'Shift']);
    await draw('h2', 'h6', ['Control']);
    await draw('i0', 'i1', ['Meta']);
    expect(await drawn()).toEqual([
      { from: 'e4', brush: 'red' },
      { from: 'a0', to: 'a2', brush: 'blue' },
      { from: 'b0', to: 'c2', brush: 'yellow' },
      { from: 'h2', to: 'h6', brush: 'red' },
      { from: 'i0', to: 'i1', brush: 'blue' },
    ]);
    // The colours drawn are the brushes' (red is not green).
    const colours = await page.evaluate(() =>
      [...document.querySelector('xiangqi-board')!.shadowRoot!.querySelectorAll('[part~="drawn"]')].map((e) =>
        e.getAttribute('stroke'),
      ),
    );
    expect(new Set(colours).size).toBe(3);
    // Same points, other colour: recoloured in place. Same points, same colour: removed.
    await draw('e4');
    expect((await drawn())[0]).toEqual({ from: 'e4', brush: 'green' });
    await draw('e4');
    await draw('a0', 'a2', ['Alt']);
    expect(await drawn()).toEqual([
      { from: 'b0', to: 'c2', brush: 'yellow' },
      { from: 'h2', to: 'h6', brush: 'red' },
      { from: 'i0', to: 'i1', brush: 'blue' },
    ]);
    // An arrow the other way round is another arrow.
    await draw('c2', 'b0', ['Alt', 'Shift']);
    expect(await drawn()).toHaveLength(4);
    expect((await shapeEvents()).length).toBe(9);
  });

  test('a left click clears the drawing and still picks up a piece; a right click drops the selection', async () => {
    await mount();
    await draw('h2', 'e2');
    await draw('e4');
    await page.locator('xiangqi-board [role="gridcell"][aria-label^="h2"]').click();
    expect(await drawn()).toEqual([]);
    expect((await shapeEvents()).at(-1)!.shapes).toEqual([]);
    expect(await page.locator('xiangqi-board [role="gridcell"][aria-label^="h2"]').getAttribute('aria-label')).toBe(
      'h2, red cannon, selected',
    );
    await draw('e7');
    expect(await page.locator('xiangqi-board [role="gridcell"][aria-label^="h2"]').getAttribute('aria-label')).toBe(
      'h2, red cannon',
    );
    // A left click with nothing drawn fires nothing.
    const before = (await shapeEvents()).length;
    await page.locator('xiangqi-board [role="gridcell"][aria-label^="e4"]').click();
    await page.locator('xiangqi-board [role="gridcell"][aria-label^="e4"]').click();
    expect((await shapeEvents()).length).toBe(before + 1);
  });

  test("the page's shapes stay apart from the user's; a position change clears both without an event", async () => {
    await mount();
    await page.evaluate(() =>
      document.querySelector('xiangqi-board')!.setShapes([{ from: 'b2', to: 'b9', brush: 'blue' }]),
    );
    await draw('h2', 'e2');
    const r = await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      await b.updateComplete;
      return { shapes: b.shapes, drawn: b.drawnShapes };
    });
    expect(r).toEqual({
      shapes: [{ from: 'b2', to: 'b9', brush: 'blue' }],
      drawn: [{ from: 'h2', to: 'e2', brush: 'green' }],
    });
    expect(await parts()).toEqual(['arrow drawn', 'arrow']);
    const events = (await shapeEvents()).length;
    await page.evaluate(() => document.querySelector('xiangqi-board')!.play('h2e2'));
    expect(await drawn()).toEqual([]);
    expect(await parts()).toEqual([]);
    expect((await shapeEvents()).length).toBe(events);
    // A page restoring the shapes stored for this position (bad entries are skipped, not fatal).
    await page.evaluate(async () => {
      const b = document.querySelector('xiangqi-board')!;
      b.drawnShapes = [{ from: 'e2', to: 'e6', brush: 'red' }, { from: 'zz' }, null as never];
      await b.updateComplete;
    });
    expect(await parts()).toEqual(['arrow drawn']);
    // Drawing over restored shapes works from them.
    await draw('e2', 'e6', ['Shift']);
    expect(await drawn()).toEqual([]);
  });

  test('drawing follows the orientation', async () => {
    await mount('<xiangqi-board orientation="black"></xiangqi-board>');
    await draw('h7', 'e7');
    expect(await drawn()).toEqual([{ from: 'h7', to: 'e7', brush: 'green' }]);
  });
});
