// Search workers that crash, hang or fail to load, in Chromium: SearchWorker must notice, reject the
// search with a clear error, start a fresh worker for the next one, and never deliver the answer of
// a search it gave up on into a newer search. Both of its stop mechanisms are covered: shared memory
// (the page is cross-origin isolated) and terminating the worker (canStopInPlace switched off).
// The endgame tables' worker the same: a crash rejects what it had not answered, and the next
// request starts another. Then the same at the board: a crashed worker must not end the computer's game.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import type { TestServer } from '../browser/server.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { startIsolatedServer } from './lib/isolated-server.ts';
import { START_FEN } from '../../bench/lib/soak.ts';

const ENDGAME = '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1';

type Outcome = { ok?: string | null; error?: string; ms: number };
type W = { hx: Hx };
interface Hx {
  SearchWorker: typeof import('../../web/engine/search-worker.ts').SearchWorker;
  factory(kinds: string[], of?: 'search' | 'tables'): { create: () => Worker; made: { count: number } };
  Tablebases: typeof import('../../web/egtb/tablebases.ts').Tablebases;
  TablebaseWorker: typeof import('../../web/egtb/tablebase-worker.ts').TablebaseWorker;
  sleep(ms: number): Promise<void>;
  outcome(p: Promise<unknown>): Promise<Outcome>;
}

let server: TestServer | undefined;
let browser: Browser | undefined;
let page: Page;
let reference: Engine;

beforeAll(async () => {
  [server, browser, reference] = await Promise.all([startIsolatedServer(), launchChromium(), createEngine('wasm')]);
  page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/test/hardening/fixtures/workers.html`);
  await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const legalIn = (fen: string, move: string | null | undefined): boolean => {
  reference.setPosition(fen);
  return typeof move === 'string' && reference.legalMoves().includes(move);
};

/** Runs `body` in the page (playwright sends its source) with SearchWorker's stop mechanism chosen. */
async function inPage<T, A>(inPlace: boolean, body: (arg: A) => Promise<T>, arg: A): Promise<T> {
  await page.evaluate((inPlace) => {
    const hx = (window as unknown as W).hx;
    Object.defineProperty(hx.SearchWorker, 'canStopInPlace', {
      configurable: true,
      get: () => inPlace && globalThis.crossOriginIsolated,
    });
  }, inPlace);
  return page.evaluate(body as (arg: unknown) => Promise<T>, arg as unknown);
}

/**
 * In the page: a SearchWorker whose first worker has `fault` searches `fen` for `movetime` ms, then
 * searches again for 150 ms (on a fresh worker); both outcomes and how many workers were made.
 */
function faultThenNext(inPlace: boolean, fault: string, fen: string, movetime: number) {
  return inPage(
    inPlace,
    async ({ fault, fen, movetime }) => {
      const hx = (window as unknown as W).hx;
      const { create, made } = hx.factory([fault]);
      const worker = new hx.SearchWorker('wasm', create);
      const first = await hx.outcome(worker.search(fen, [], { movetime }));
      const second = await hx.outcome(worker.search(fen, [], { movetime: 150 }));
      worker.dispose();
      return { first, second, workers: made.count };
    },
    { fault, fen, movetime },
  );
}

test('the page is cross-origin isolated, so stop and cancel work in place', async () => {
  expect(await page.evaluate(() => (window as unknown as { hx: Hx }).hx.SearchWorker.canStopInPlace)).toBe(true);
});

test("the endgame tables' worker crashes: what it had not answered rejects with why, and the next request works", async () => {
  const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
  const result = await page.evaluate(async (fen) => {
    const hx = (window as unknown as W).hx;
    const { create, made } = hx.factory(['tables-crash'], 'tables');
    const tables = new hx.TablebaseWorker(create);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      );
    // A consultation and a search's request, both out when the worker dies.
    const [consult, reachable] = await Promise.all([
      failure(tables.consult(fen)),
      failure(tables.reachable('3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1', [], 250)),
    ]);
    const report = await tables.consult(fen);
    tables.dispose();
    return { consult, reachable, material: report?.probe.material, result: report?.probe.result, workers: made.count };
  }, fen);
  expect(result.consult).toMatch(/endgame tables' worker crashed: .*simulated tables crash/);
  expect(result.reachable).toBe(result.consult);
  expect(result).toMatchObject({ material: 'KR-KAE', result: 'win', workers: 2 });
});

describe.each([true, false])('SearchWorker, stopping in place: %s', (inPlace) => {
  test('endgame tables given before a crash are given to the fresh worker, whose search probes them', async () => {
    // The rook takes the horse, into a rook against two advisors: mate in 7 with the tables.
    const fen = '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1';
    const result = await inPage(
      inPlace,
      async (fen) => {
        const hx = (window as unknown as W).hx;
        const tables = await hx.Tablebases.load('wasm');
        tables.generate('KR-KAA');
        const { create, made } = hx.factory(['crash']);
        const worker = new hx.SearchWorker('wasm', create);
        worker.useTables(tables.held().map((material) => ({ material, values: tables.values(material) })));
        const first = await hx.outcome(worker.search(fen, [], { movetime: 2000 }));
        let tbhits = 0;
        const second = await worker.search(fen, [], { depth: 5 }, (info) => (tbhits = info.tbhits ?? tbhits));
        worker.dispose();
        return { first, second: { move: second.bestMove, score: second.score }, tbhits, workers: made.count };
      },
      fen,
    );
    expect(result.first.error).toMatch(/crash/);
    expect(result.workers).toBe(2);
    expect(result.tbhits).toBeGreaterThan(0);
    expect(result.second).toEqual({ move: 'a5a7', score: { mate: 7 } });
  });

  test('a worker that crashes mid-search: rejected as a crash, partial lines not taken as a result; the next search works', async () => {
    const result = await faultThenNext(inPlace, 'crash', START_FEN, 2000);
    expect(result.first.error).toMatch(/crash/);
    expect(result.first.ms).toBeLessThan(1500); // noticed at once, not by the hang watchdog
    expect(legalIn(START_FEN, result.second.ok), JSON.stringify(result)).toBe(true);
    expect(result.workers).toBe(2);
  });

  test('a worker that crashes twice: its second error is not taken for a crash of the next worker', async () => {
    const result = await faultThenNext(inPlace, 'crash-twice', START_FEN, 2000);
    expect(result.first.error).toMatch(/crash/);
    expect(legalIn(START_FEN, result.second.ok)).toBe(true);
    expect(result.workers).toBe(2);
  });

  test('a worker whose engine fails to load: rejected at once with the reason; the next search works', async () => {
    const result = await faultThenNext(inPlace, 'load-fail', START_FEN, 2000);
    expect(result.first.error).toMatch(/failed to load/);
    expect(result.first.ms).toBeLessThan(1500);
    expect(legalIn(START_FEN, result.second.ok), JSON.stringify(result)).toBe(true);
  });

  test('the late answer to a cancelled search never resolves the newer search', async () => {
    // The echo worker answers each search with its FEN after `movetime` ms and ignores stops: A's
    // answer arrives while B is running. B must get B's answer and only B's lines.
    const result = await inPage(
      inPlace,
      async () => {
        const hx = (window as unknown as W).hx;
        const { create, made } = hx.factory(['echo', 'echo']);
        const worker = new hx.SearchWorker('wasm', create);
        const linesB: string[] = [];
        const a = hx.outcome(worker.search('A', [], { movetime: 150 }));
        await hx.sleep(40);
        const b = hx.outcome(worker.search('B', [], { movetime: 400 }, (info) => linesB.push(info.pv[0]!)));
        const out = { a: await a, b: await b, linesB, workers: made.count };
        worker.dispose();
        return out;
      },
      null,
    );
    expect(result.a.error).toMatch(/cancel/);
    expect(result.b.ok).toBe('B');
    expect(result.linesB).toEqual(['B']);
    expect(result.workers).toBe(inPlace ? 1 : 2); // in place the worker is kept; otherwise replaced
  });

  test('with the real engine: a search replaced by one on another position answers for the new position', async () => {
    const result = await inPage(
      inPlace,
      async (fens: string[]) => {
        const hx = (window as unknown as W).hx;
        const { create } = hx.factory([]);
        const worker = new hx.SearchWorker('wasm', create);
        const firstLines: string[] = [];
        const secondLines: string[] = [];
        const first = hx.outcome(worker.search(fens[0]!, [], { infinite: true }, (i) => firstLines.push(i.pv[0]!)));
        await hx.sleep(300);
        const second = hx.outcome(worker.search(fens[1]!, [], { depth: 4 }, (i) => secondLines.push(i.pv[0]!)));
        const out = { first: await first, second: await second, firstLines, secondLines };
        worker.dispose();
        return out;
      },
      [START_FEN, ENDGAME],
    );
    expect(result.first.error).toMatch(/cancel/);
    expect(legalIn(ENDGAME, result.second.ok), JSON.stringify(result)).toBe(true);
    expect(result.secondLines.length).toBeGreaterThan(0);
    expect(
      result.secondLines.every((m) => legalIn(ENDGAME, m)),
      JSON.stringify(result.secondLines),
    ).toBe(true);
  });
});

describe('SearchWorker and a worker that never answers', () => {
  test('a worker that never answers a timed search: rejected by the watchdog; the next search works', async () => {
    const result = await faultThenNext(true, 'silent', ENDGAME, 100);
    expect(result.first.error).toMatch(/did not answer/);
    expect(result.first.ms).toBeGreaterThanOrEqual(100);
    expect(result.first.ms).toBeLessThan(6000);
    expect(legalIn(ENDGAME, result.second.ok), JSON.stringify(result)).toBe(true);
  });

  test('a worker that never answers is noticed even when the search has no time limit (depth)', async () => {
    // Depth and node searches get no watchdog: a worker that never even said "ready" leaves the
    // search pending for ever, and the board's computer (depth attribute) waits for ever.
    const result = await inPage(
      true,
      async (fen: string) => {
        const hx = (window as unknown as W).hx;
        const { create } = hx.factory(['silent']);
        const worker = new hx.SearchWorker('wasm', create);
        const search = hx.outcome(worker.search(fen, [], { depth: 2 }));
        const verdict = await Promise.race([
          search,
          hx.sleep(6000).then(() => ({ error: 'still pending after 6 s', ms: 6000 })),
        ]);
        worker.dispose();
        return verdict;
      },
      ENDGAME,
    );
    expect(result.error ?? '').not.toBe('still pending after 6 s');
    expect(result.error).toMatch(/answer|crash|respond/);
  });
});

describe("the board's computer after a worker fault", () => {
  // The board's own worker provider, with every Worker the page makes recorded so one can be made
  // to fail from outside: an error event is what a crash looks like to the page.
  async function boardPage(): Promise<Page> {
    const p = await browser!.newPage();
    await p.addInitScript(() => {
      const Real = window.Worker;
      const made: Worker[] = ((window as unknown as { __workers: Worker[] }).__workers = []);
      window.Worker = class extends Real {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          made.push(this);
        }
      };
    });
    await p.goto(`${server!.url}/test/hardening/fixtures/board.html`);
    await p.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded === true);
    return p;
  }

  const computerMoves = (p: Page) =>
    p.evaluate(
      () =>
        (window as unknown as { __events: { type: string; detail: { by?: string } }[] }).__events.filter(
          (e) => e.type === 'move' && e.detail.by === 'computer',
        ).length,
    );

  test('a crash while the computer thinks is reported, and the computer still moves', async () => {
    const p = await boardPage();
    try {
      await p.evaluate(async () => {
        // Level 10: full strength, so the search uses its whole movetime (weaker levels stop at a depth).
        document.getElementById('box')!.innerHTML =
          '<xiangqi-board computer="black" level="10" movetime="1500"></xiangqi-board>';
        const board = document.querySelector('xiangqi-board')!;
        await board.ready;
        board.play('h2e2');
      });
      await p.waitForFunction(() => (window as unknown as { __workers: Worker[] }).__workers.length > 0);
      await p.waitForTimeout(300);
      await p.evaluate(() => {
        const w = (window as unknown as { __workers: Worker[] }).__workers;
        w[w.length - 1]!.dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' }));
      });
      await p.waitForFunction(
        () => (window as unknown as { __events: { type: string }[] }).__events.some((e) => e.type === 'error'),
        undefined,
        { timeout: 3000 },
      );
      const moved = await p
        .waitForFunction(
          () =>
            (window as unknown as { __events: { type: string; detail: { by?: string } }[] }).__events.some(
              (e) => e.type === 'move' && e.detail.by === 'computer',
            ),
          undefined,
          { timeout: 6000 },
        )
        .then(
          () => true,
          () => false,
        );
      expect(moved, 'the computer never moved after its worker crashed: the game is stuck').toBe(true);
      expect(await computerMoves(p)).toBe(1);
    } finally {
      await p.close();
    }
  });

  test('a computer move that arrives after the position changed is not played', async () => {
    const p = await boardPage();
    try {
      const state = await p.evaluate(async (endgame) => {
        document.getElementById('box')!.innerHTML = '<xiangqi-board computer="black"></xiangqi-board>';
        const board = document.querySelector('xiangqi-board')!;
        await board.ready;
        let release: (move: string) => void = () => {};
        board.moveProvider = {
          bestMove: () => new Promise<string>((resolve) => (release = resolve)),
          stop() {},
        };
        board.play('h2e2');
        await new Promise((r) => setTimeout(r, 50));
        // The page moves on (a new game from another position, Red to move) before the answer.
        board.setPosition(endgame);
        release('h9g7'); // legal in the old position only
        await new Promise((r) => setTimeout(r, 100));
        await board.updateComplete;
        return { fen: board.fen, moves: board.engine!.history() };
      }, ENDGAME);
      expect(state).toEqual({ fen: ENDGAME, moves: [] });
      expect(await computerMoves(p)).toBe(0);
    } finally {
      await p.close();
    }
  });
});
