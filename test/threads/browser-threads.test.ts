// Multi-core search in Chromium: SearchWorker with `threads: 2` on a cross-origin isolated page
// (the COOP/COEP headers `npm start` sends) runs a main and a helper worker on one shared memory;
// without the headers it searches with one worker and says so. Generous timing; bench/ measures.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { createEngine, START_FEN, type Engine } from '../../web/engine/index.ts';
import { everyReplyLoses } from '../search/solver.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'credentialless' };

interface Served {
  server: ViteDevServer;
  url: string;
}

async function serve(headers: Record<string, string>): Promise<Served> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    cacheDir: 'node_modules/.vite-browser-tests',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null, headers },
  });
  await server.listen();
  const address = server.httpServer!.address();
  if (!address || typeof address === 'string') throw new Error('Vite did not report a port');
  return { server, url: `http://127.0.0.1:${address.port}/test/threads/fixture.html` };
}

let browser: Browser | undefined;
let isolated: Served | undefined;
let plain: Served | undefined;
let checker: Engine;
beforeAll(async () => {
  [browser, isolated, plain, checker] = await Promise.all([
    launchChromium(),
    serve(ISOLATION),
    serve({}),
    createEngine('wasm'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await isolated?.server.close();
  await plain?.server.close();
});

async function open(url: string): Promise<Page> {
  const page = await browser!.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { fixtureReady?: boolean }).fixtureReady === true);
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const SearchWorker = w['SearchWorker'] as new (...args: unknown[]) => unknown;
    w['sw'] = new SearchWorker('wasm', undefined, { threads: 2 });
  });
  return page;
}

type Run = { bestMove: string | null; score: unknown; threads: number[]; ms: number };
function search(page: Page, fen: string, limits: object, stopAfterMs = 0): Promise<Run> {
  return page.evaluate(
    async ({ fen, limits, stopAfterMs }) => {
      const sw = (
        window as unknown as {
          sw: {
            search(
              f: string,
              m: string[],
              l: object,
              i: (x: { threads?: number }) => void,
            ): Promise<{ bestMove: string | null; score: unknown }>;
            stop(): void;
          };
        }
      ).sw;
      const threads: number[] = [];
      const running = sw.search(fen, [], limits, (info) => threads.push(info.threads ?? -1));
      let stoppedAt = performance.now();
      if (stopAfterMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, stopAfterMs));
        stoppedAt = performance.now();
        sw.stop();
      }
      const result = await running;
      return { bestMove: result.bestMove, score: result.score, threads, ms: performance.now() - stoppedAt };
    },
    { fen, limits, stopAfterMs },
  );
}

function threadsReady(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { sw: { threadsReady: number } }).sw.threadsReady);
}

const MATE_IN_3 = '6N2/3k5/9/1n7/9/9/9/5R3/9/5K3 w - - 0 1';

describe('SearchWorker with 2 threads in Chromium', () => {
  test('on an isolated page: two workers, a forced win found, stop is quick, a crashed helper is replaced', async () => {
    const page = await open(isolated!.url);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    expect(await threadsReady(page)).toBe(0); // workers start with the first search
    const win = await search(page, MATE_IN_3, { depth: 8 });
    expect(win.score).toEqual({ mate: 3 });
    expect(new Set(win.threads)).toEqual(new Set([2]));
    checker.setPosition(MATE_IN_3);
    checker.play(win.bestMove!);
    expect(everyReplyLoses(checker, 2)).toBe(true);

    // The helper loads after the main worker; a page can wait for it.
    await page.waitForFunction(
      () => (window as unknown as { sw: { threadsReady: number } }).sw.threadsReady === 2,
      undefined,
      { timeout: 10_000 },
    );

    const stopped = await search(page, START_FEN, { infinite: true }, 400);
    expect(stopped.ms).toBeLessThan(500);
    checker.setPosition(START_FEN);
    expect(checker.legalMoves()).toContain(stopped.bestMove);

    // A crash (the worker's error event) drops the helper; the next search starts another.
    const replaced = await page.evaluate(async () => {
      const sw = (
        window as unknown as { sw: { workers: (Worker | null)[]; search(...a: unknown[]): Promise<unknown> } }
      ).sw;
      const before = sw.workers[1]!;
      before.dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' }));
      const dropped = sw.workers[1] === null && (sw as unknown as { threadsReady: number }).threadsReady === 1;
      await sw.search('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', [], { depth: 4 });
      return { dropped, fresh: sw.workers[1] !== null && sw.workers[1] !== before };
    });
    expect(replaced).toEqual({ dropped: true, fresh: true });
    await page.close();
  });

  test('a change of threads during a search lets it finish; the next search has the new count', async () => {
    const page = await open(isolated!.url);
    const seen = await page.evaluate(async (fen) => {
      type Info = { threads?: number };
      const sw = (
        window as unknown as {
          sw: {
            search(f: string, m: string[], l: object, i?: (x: Info) => void): Promise<{ bestMove: string | null }>;
            setThreads(n: number): void;
            threadsReady: number;
          };
        }
      ).sw;
      await sw.search(fen, [], { depth: 3 }); // both workers started
      const running = sw.search(fen, [], { movetime: 600 });
      await new Promise((resolve) => setTimeout(resolve, 150));
      sw.setThreads(1);
      const outcome = await running.then(
        (r) => `answered ${r.bestMove ?? 'none'}`,
        (e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      const infos: Info[] = [];
      await sw.search(fen, [], { depth: 3 }, (i) => infos.push(i));
      return { outcome, after: sw.threadsReady, threads: [...new Set(infos.map((i) => i.threads ?? 1))] };
    }, START_FEN);
    expect(seen.outcome).toMatch(/^answered [a-i]\d[a-i]\d$/);
    expect(seen.after).toBe(1);
    expect(seen.threads).toEqual([1]);
    await page.close();
  });

  test('on a page without the headers: one worker, no error, and the info says so', async () => {
    const page = await open(plain!.url);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
    const run = await search(page, MATE_IN_3, { depth: 8 });
    expect(run.score).toEqual({ mate: 3 });
    expect(new Set(run.threads)).toEqual(new Set([1]));
    expect(await threadsReady(page)).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { sw: { threadsNote: string | null } }).sw.threadsNote),
    ).toMatch(/not cross-origin isolated/);
    await page.close();
  });
});
