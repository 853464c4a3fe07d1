// <xiangqi-board> attributes under fuzzed values, in Chromium: setting any value must never throw or
// leave an uncaught error; a bad `fen` fires `error` and keeps the position (and the attribute shows
// the kept FEN again); other attributes never change the position; the board keeps drawing 90 points
// and its pieces; no value ever turns into markup. Both engine builds (backend="wasm" and "js").
// Also: the limits the computer derives from level/movetime/depth are always usable numbers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer, type TestServer } from '../browser/server.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { searchLimits } from '../../web/board/computer.ts';
import { garbage, mutate } from './lib/mutate.ts';
import { Random } from '../../bench/lib/random.ts';
import { START_FEN } from '../../bench/lib/soak.ts';

const MARKUP = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  '<svg onload="window.__pwned=1">',
];
const VALUES: Record<string, string[]> = {
  orientation: ['red', 'black', 'RED', 'blue', ''],
  interactive: ['both', 'red', 'black', 'none', 'all', ''],
  'piece-set': ['traditional', 'simplified', 'letters', 'blank', 'blank-mono', 'emoji', ''],
  premove: ['', 'premove', 'false', 'yes'],
  coordinates: ['none', 'iccs', 'wxf', 'ICCS', 'true', ''],
  level: ['1', '5', '10', '0', '11', '-3', '2.5', 'NaN', '1e400', 'five', ''],
  movetime: ['100', '0', '-1', '1e400', '3e9', 'NaN', '0x10', ''],
  depth: ['1', '4', '0', '-2', '1e400', '99', 'deep', ''],
  backend: ['wasm', 'js', 'WASM', 'native', ''],
  threads: ['1', '2', '8', '0', '-1', '64', '1.5', 'NaN', '1e400', ''],
  evaluation: ['network', 'hand-written', 'nnue', 'NETWORK', ''],
};
const ATTRIBUTES = Object.keys(VALUES);

let server: TestServer | undefined;
let browser: Browser | undefined;
let page: Page;
let reference: Engine;

beforeAll(async () => {
  [server, browser, reference] = await Promise.all([startServer(), launchChromium(), createEngine('wasm')]);
  page = await browser.newPage();
  await page.goto(`${server.url}/test/hardening/fixtures/board.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function mount(markup: string): Promise<void> {
  await page.evaluate(async (markup) => {
    const w = window as unknown as { __events: unknown[]; __uncaught: unknown[] };
    w.__events = [];
    w.__uncaught = [];
    document.getElementById('box')!.innerHTML = markup;
    const board = document.querySelector('xiangqi-board')!;
    await board.ready;
    await board.updateComplete;
  }, markup);
}

interface Step {
  attr: string;
  value: string;
}
interface Seen {
  threw: string | null;
  fen: string;
  attribute: string | null;
  errors: number;
  cells: number;
  pieces: number;
  injected: number;
}

/** Applies the steps one by one in the page; reports what the board looked like after each. */
function applySteps(steps: Step[]): Promise<Seen[]> {
  return page.evaluate(async (steps) => {
    const board = document.querySelector('xiangqi-board')!;
    const w = window as unknown as { __events: { type: string }[] };
    const seen = [];
    for (const { attr, value } of steps) {
      const before = w.__events.filter((e) => e.type === 'error').length;
      let threw: string | null = null;
      try {
        board.setAttribute(attr, value);
        await board.updateComplete;
        // A backend switch loads another engine; wait for it so the next step sees a settled board.
        if (attr === 'backend') await new Promise((r) => setTimeout(r, 30));
        await board.updateComplete;
      } catch (error) {
        threw = String(error);
      }
      const root = board.shadowRoot!;
      seen.push({
        threw,
        fen: board.fen,
        attribute: board.getAttribute('fen'),
        errors: w.__events.filter((e) => e.type === 'error').length - before,
        cells: root.querySelectorAll('[role="gridcell"]').length,
        pieces: root.querySelectorAll('.piece:not(.ghost)').length,
        injected:
          document.querySelectorAll('img, script:not([type]), iframe').length +
          root.querySelectorAll('img, script, iframe, foreignObject').length,
      });
    }
    return seen;
  }, steps);
}

const pieceCount = (fen: string) => (fen.split(' ')[0]!.match(/[a-zA-Z]/g) ?? []).length;

/** What the engine makes of a FEN: its own FEN for it, or null when it refuses it. */
function judged(fen: string): string | null {
  try {
    reference.setPosition(fen);
    return reference.fen();
  } catch {
    return null;
  }
}

describe.each(['wasm', 'js'] as const)('fuzzed attributes on a %s board', (backend) => {
  test('300 attribute values: never a throw, a bad fen refused with an error event, nothing else moves a piece', async () => {
    await mount(`<xiangqi-board backend="${backend}"></xiangqi-board>`);
    const random = new Random(backend === 'wasm' ? 0xe1e : 0xe1f);
    const fens = [
      START_FEN,
      '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1',
      'rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w',
    ];
    const steps: Step[] = [];
    for (let i = 0; i < 300; i++) {
      if (random.chance(0.45)) {
        const roll = random.below(10);
        const value =
          roll < 6
            ? mutate(random.pick(fens), random)
            : roll < 8
              ? random.pick(fens)
              : roll < 9
                ? random.pick(MARKUP)
                : garbage(random);
        steps.push({ attr: 'fen', value });
      } else {
        const attr = random.pick(ATTRIBUTES.filter((a) => a !== 'backend' || random.chance(0.2)));
        const roll = random.below(10);
        const value =
          roll < 6
            ? random.pick(VALUES[attr]!)
            : roll < 8
              ? mutate(random.pick(VALUES[attr]!), random)
              : roll < 9
                ? random.pick(MARKUP)
                : garbage(random);
        steps.push({ attr, value });
      }
    }
    // Keep the run on this build: a fuzzed backend value is followed by the real one again.
    const run = steps.flatMap((s) => (s.attr === 'backend' ? [s, { attr: 'backend', value: backend }] : [s]));
    const seen: Seen[] = [];
    for (let i = 0; i < run.length; i += 60) seen.push(...(await applySteps(run.slice(i, i + 60))));
    let fen = START_FEN;
    let refused = 0;
    for (const [i, { attr, value }] of run.entries()) {
      const s = seen[i]!;
      const context = `step ${i}: ${attr}=${JSON.stringify(value.slice(0, 120))}`;
      expect(s.threw, context).toBeNull();
      expect([s.cells, s.injected], context).toEqual([90, 0]);
      if (attr === 'fen' && value !== fen) {
        // The element treats an empty fen as "no fen": the start position (not an input error).
        const accepted = value === '' ? START_FEN : judged(value);
        if (accepted === null) {
          refused++;
          expect(s.errors, `${context}: no error event`).toBeGreaterThan(0);
        } else {
          expect(s.errors, context).toBe(0);
          fen = accepted;
        }
      } else if (attr !== 'backend') {
        expect(s.errors, context).toBe(0);
      }
      expect(s.fen, context).toBe(fen);
      expect(s.attribute, `${context}: the fen attribute must show the kept position`).toBe(fen);
      expect(s.pieces, context).toBe(pieceCount(fen));
    }
    expect(refused).toBeGreaterThan(40);
    const uncaught = await page.evaluate(() => ({
      uncaught: (window as unknown as { __uncaught: string[] }).__uncaught,
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
    }));
    expect(uncaught).toEqual({ uncaught: [], pwned: 0 });
  });
});

describe('attribute values the engine understands are understood before it loads', () => {
  test('a fen with H/E letters given in the markup is the position once ready, without an error', async () => {
    // The engine reads H and E as horse and elephant (docs/rules.md, Conventions); the board draws the placement itself
    // until the engine has loaded, and must not refuse what the engine would take.
    const fen = 'rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1';
    await mount(`<xiangqi-board fen="${fen}"></xiangqi-board>`);
    const state = await page.evaluate(() => ({
      fen: document.querySelector('xiangqi-board')!.fen,
      errors: (window as unknown as { __events: { type: string; detail: unknown }[] }).__events
        .filter((e) => e.type === 'error')
        .map((e) => e.detail),
    }));
    expect(state).toEqual({ fen: START_FEN, errors: [] });
  });
});

describe('computer limits from attribute values', () => {
  // Lit turns these attributes into numbers with Number(value): NaN, Infinity, 1e400 and 3e9 all
  // arrive. Whatever arrives, the search must get a limit a worker and a timer can honour: an
  // infinite depth means a search that never ends (and no watchdog for depth searches), and a
  // movetime past 2^31-1 ms overflows setTimeout, so the hang watchdog fires at once.
  test('any level/movetime/depth gives finite limits: skill 0-20, depth 1-128, movetime 1 ms to 2^31-1 ms', () => {
    const numbers = ['5', '', 'NaN', '1e400', '-1e400', '3e9', '-5', '0', '2.5', '0x10', '99', '1e-9'].map(Number);
    const problems: string[] = [];
    for (const level of numbers) {
      for (const movetime of [undefined, ...numbers]) {
        for (const depth of [undefined, ...numbers]) {
          const limits = searchLimits(level, movetime, depth);
          const ok =
            Number.isInteger(limits.skill) &&
            limits.skill! >= 0 &&
            limits.skill! <= 20 &&
            (limits.depth === undefined ||
              (Number.isInteger(limits.depth) && limits.depth >= 1 && limits.depth <= 128)) &&
            (limits.movetime === undefined ||
              (Number.isInteger(limits.movetime) && limits.movetime >= 1 && limits.movetime <= 2 ** 31 - 1)) &&
            (limits.depth !== undefined || limits.movetime !== undefined);
          if (!ok)
            problems.push(
              `level ${level}, movetime ${movetime}, depth ${depth} -> ${JSON.stringify(limits, (_k, v: unknown) => (typeof v === 'number' ? String(v) : v))}`,
            );
        }
      }
    }
    expect(problems.slice(0, 6), `${problems.length} combinations give unusable limits`).toEqual([]);
  });

  test.each([
    ['movetime="3e9"', 'movetime="3e9"'],
    // At level 10 the engine's own skill cap is off, so only the depth limits the search.
    ['depth="1e400" at level 10', 'depth="1e400" level="10"'],
  ])('computer="black" %s still answers the user within 8 s', async (_name, attrs) => {
    await mount(
      `<xiangqi-board computer="black" ${attrs.includes('level') ? '' : 'level="1" '}${attrs}></xiangqi-board>`,
    );
    await page.evaluate(() => document.querySelector('xiangqi-board')!.play('h2e2'));
    // Settles on the first computer move or error event; a correct board gives the move.
    const outcome = await page
      .waitForFunction(
        () => {
          const events = (
            window as unknown as { __events: { type: string; detail: { by?: string; message?: string } }[] }
          ).__events;
          const done = events.find((e) => (e.type === 'move' && e.detail.by === 'computer') || e.type === 'error');
          return done ? (done.type === 'move' ? 'moved' : `error: ${done.detail.message}`) : false;
        },
        undefined,
        { timeout: 8000 },
      )
      .then(
        (h) => h.jsonValue(),
        () => 'no move and no error within 8 s',
      );
    await page.evaluate(() => {
      document.getElementById('box')!.innerHTML = '';
    });
    expect(outcome).toBe('moved');
  });
});
