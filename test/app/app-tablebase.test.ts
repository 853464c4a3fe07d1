// The game page's analysis with the endgame tables: in a position they cover, the tables are made
// in their worker and the analysis card says who wins and in how many moves, with every legal move's
// own verdict; a move's button plays it and the verdict follows the game; the tables are kept in
// IndexedDB for the next visit.
import { expect, test } from 'vitest';
import { newContext, open, quick, moveList, tab } from './app-fixture.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { bestMoves } from '../../web/egtb/best-moves.ts';
import { loggedTables, logWorkerTables } from '../browser/worker-tables.ts';

test('a rook against advisor and elephant: "Red wins: mate in N", each move rated, and a move played', async () => {
  const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
  const tables = await Tablebases.load('wasm');
  tables.generate('KR-KAE');
  const probe = tables.probe(fen)!;
  const best = tables.moves(fen)![0]!;
  const n = (probe.plies! + 1) / 2;
  const { page, errors } = await open({
    storage: {
      ...quick({ black: 'human', analysis: true, notation: 'ICCS' }),
      game: { startFen: fen, moves: [], cursor: 0 },
    },
  });
  const verdict = page.locator('[data-testid="tablebase-verdict"]');
  await expect.poll(() => verdict.count(), { timeout: 20_000 }).toBe(1);
  expect(await verdict.innerText()).toBe(`Red wins: mate in ${n}`);
  const moves = page.locator('[data-testid="tablebase"] .tb-moves li');
  expect(await moves.count()).toBe(tables.moves(fen)!.length);
  expect(await moves.first().innerText()).toBe(`${best.move} mate in ${n}`);
  await moves.first().locator('button').click();
  expect(await moveList(page)).toEqual([best.move]);
  // Black to move now, still lost: one move fewer to the mate.
  await expect.poll(() => verdict.innerText(), { timeout: 20_000 }).toBe(`Red wins: mate in ${n - 1}`);
  // The tables made are kept in IndexedDB, the smaller ones too, and read back on the next visit.
  const kept = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('xiangqi-wasm-egtb');
        opening.onerror = () => reject(opening.error ?? new Error('no database'));
        opening.onsuccess = () => {
          const keys = opening.result.transaction('tables').objectStore('tables').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error ?? new Error('no keys'));
        };
      }),
  );
  expect(kept).toEqual(expect.arrayContaining(['KR-KAE', 'KR-KA', 'KR-KE', 'KR-K', 'K-KAE']));
  await page.reload();
  await expect.poll(() => verdict.count(), { timeout: 20_000 }).toBe(1);
  expect(await verdict.innerText()).toBe(`Red wins: mate in ${n - 1}`);
  expect(errors).toEqual([]);
}, 60_000);

test("the computer at full strength plays the tables' fastest mate where they cover the position, without a search", async () => {
  const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
  const tables = await Tablebases.load('wasm');
  tables.generate('KR-KAE');
  const moves = tables.moves(fen)!;
  const fastest = bestMoves(moves).map((m) => m.move);
  expect(moves[0]!.result).toBe('win');
  expect(fastest.length).toBeLessThan(moves.length);
  // Counts the searches the page asks of its engine workers.
  const context = await newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(() => {
    const counted = window as unknown as { __searches: number; Worker: typeof Worker };
    counted.__searches = 0;
    counted.Worker = class extends Worker {
      override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]): void {
        if ((message as { type?: string } | null)?.type === 'search') counted.__searches++;
        if (Array.isArray(options)) super.postMessage(message, options);
        else super.postMessage(message, options);
      }
    };
  });
  const { page, errors } = await open({
    context,
    storage: {
      ...quick({ red: 'computer', black: 'human', level: 10, notation: 'ICCS' }),
      game: { startFen: fen, moves: [], cursor: 0 },
    },
  });
  await expect.poll(() => moveList(page), { timeout: 20_000 }).toHaveLength(1);
  expect(fastest).toContain((await moveList(page))[0]);
  expect(await page.evaluate(() => (window as unknown as { __searches: number }).__searches)).toBe(0);
  expect(errors).toEqual([]);
}, 60_000);

// The rook takes the horse, into a rook against two advisors: won from every position.
const ROOK_TAKES_HORSE = '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1';

test.each([
  ['the computer', { red: 'computer', black: 'human', level: 10, analysis: false }, []],
  ['the analysis', { red: 'human', black: 'human', analysis: true }, []],
  ['the review', { red: 'human', black: 'human', analysis: false }, ['a5a7']],
  ['"Analyse all"', { red: 'human', black: 'human', analysis: false }, []],
] as const)(
  "%s's search probes the tables its captures reach, where the position itself has none",
  async (who, players, moves) => {
    // What the page's engine workers are given and what their searches report.
    const context = await newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript(logWorkerTables);
    const { page, errors } = await open({
      context,
      storage: {
        ...quick({ ...players, notation: 'ICCS' }),
        game: { startFen: ROOK_TAKES_HORSE, moves, cursor: moves.length },
      },
    });
    if (who === 'the review') {
      await tab(page, 'review');
      await page.click('[data-action="review"]');
    }
    if (who === '"Analyse all"') {
      await page.click('[data-action="import"]');
      const pgn = `[FEN "${ROOK_TAKES_HORSE}"]\n[Format "ICCS"]\n\n1. A5-A7 *\n`;
      await page.fill('[data-testid="import-text"]', `${pgn}\n${pgn}`);
      await page.click('[data-action="do-import"]');
      await page.click('[data-action="analyse-all"]');
    }
    // The tables may come over more than one round (each within a budget): the analysis and the
    // review ask again, and the analysis starts again with what came.
    await expect
      .poll(async () => (await loggedTables(page)).tables, { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['KR-KAA', 'KR-KA', 'KR-K']));
    await expect.poll(async () => (await loggedTables(page)).tbhits, { timeout: 20_000 }).toBeGreaterThan(0);
    // The analysis says its score came through the tables.
    if (players.analysis) await expect.poll(() => page.locator('[data-testid="score-tables"]').count()).toBe(1);
    expect(errors).toEqual([]);
  },
  60_000,
);
