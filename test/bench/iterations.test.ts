// Reading a search's completed iterations from its info lines (bench/scaling.ts's source).
import { expect, test } from 'vitest';
import { iterations } from '../../bench/lib/iterations.ts';

test('the last full line of each depth, bounds and other MultiPV lines left out, ranks translated for Fairy-Stockfish', () => {
  const lines = [
    'info depth 1 seldepth 1 score cp 20 nodes 40 nps 40000 time 1 pv h3e3 h10g8',
    'info depth 2 seldepth 3 score cp 10 lowerbound nodes 90 pv b3e3',
    'info depth 2 seldepth 3 multipv 1 score cp 12 nodes 120 pv h3e3',
    'info depth 2 seldepth 3 multipv 2 score cp 5 nodes 125 pv b3e3',
    'info string ok',
    'bestmove h3e3',
  ];
  expect(iterations(lines, true)).toEqual([
    { depth: 1, nodes: 40, move: 'h2e2' },
    { depth: 2, nodes: 120, move: 'h2e2' },
  ]);
  expect(iterations(['info depth 3 score cp 0 nodes 7 pv c3c4'], false)).toEqual([
    { depth: 3, nodes: 7, move: 'c3c4' },
  ]);
});
