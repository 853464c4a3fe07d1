// "Analyse all" cancelled while its workers wait for the endgame tables: no search starts after it
// (the pool's workers are disposed by then, and a search would start a Web Worker nobody ends).
import { expect, test } from 'vitest';
import { BatchAnalysis } from '../../web/app/batch-analysis.ts';
import type { SearchWorker } from '../../web/engine/search-worker.ts';
import type { TablebaseWorker } from '../../web/egtb/tablebase-worker.ts';

// The rook takes the horse, into a rook against two advisors: the tables are asked for before each search.
const ROOK_TAKES_HORSE = '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1';

test('a cancel while the tables are being made leaves no search behind', async () => {
  const searched: string[] = [];
  const worker = {
    heldTables: [],
    clearHash: () => {},
    useTables: () => {},
    search: (fen: string) => {
      searched.push(fen);
      return Promise.resolve({ bestMove: 'a5a7', score: { cp: 900 }, pv: ['a5a7'] });
    },
  };
  const dropped: unknown[] = [];
  const batch = new BatchAnalysis(
    () => {},
    () => worker as unknown as SearchWorker,
    (w) => dropped.push(w),
    10,
    1,
  );
  // Tables that come only when the test says so, after the cancel.
  let tablesCome = () => {};
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const tables = {
    reachable: () =>
      new Promise<[]>((answer) => {
        tablesCome = () => answer([]);
        asked();
      }),
  };
  batch.useTables(tables as unknown as TablebaseWorker);
  const run = batch.run([{ fen: ROOK_TAKES_HORSE, moves: ['a5a7'], first: 'red' }], () => {});
  await wasAsked;
  batch.cancel();
  tablesCome();
  await run;
  expect(dropped).toEqual([worker]);
  expect(searched).toEqual([]);
});
