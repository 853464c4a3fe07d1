// Searching only some root moves (SearchLimits.searchmoves; UCI `go searchmoves`, UCCI `banmoves`):
// the best move, the score and every line come from the moves given, on both builds alike, and the
// next search is not limited.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, IllegalMoveError, START_FEN, type Engine, type SearchInfo } from '../../web/engine/index.ts';

// Red mates with i7i9 and only with it (the chariot on a8 holds the eighth rank; Black's pawn has a
// move, so a8f8 does not stalemate).
const MATE_IN_ONE = '4k4/R8/8R/2p6/9/9/9/9/9/3K5 w - - 0 1';

const engines: Partial<Record<'wasm' | 'js', Engine>> = {};
beforeAll(async () => {
  engines.wasm = await createEngine('wasm');
  engines.js = await createEngine('js');
});

describe.each(['wasm', 'js'] as const)('searchmoves on the %s build', (backend) => {
  const engine = () => engines[backend]!;

  test('the best move and every line come from the moves given', () => {
    const e = engine();
    e.setPosition(START_FEN);
    e.clearHash();
    const infos: SearchInfo[] = [];
    const given = ['a0a1', 'i0i1', 'a3a4'];
    const result = e.search({ depth: 5, multipv: 4, searchmoves: given }, (info) => infos.push(info));
    expect(given).toContain(result.bestMove);
    // Four lines asked, three moves given: three lines a depth, each from a move given.
    const last = infos.filter((i) => i.depth === 5);
    expect(last.map((i) => i.pv[0]).sort()).toEqual([...given].sort());
    expect(infos.every((i) => given.includes(i.pv[0]!))).toBe(true);
  });

  test('a mate left out is not found; the next search, without a limit, finds it', () => {
    const e = engine();
    e.setPosition(MATE_IN_ONE);
    e.clearHash();
    const limited = e.search({ depth: 4, searchmoves: ['a8a9', 'd0d1'] });
    expect(['a8a9', 'd0d1']).toContain(limited.bestMove);
    expect(limited.score).not.toEqual({ mate: 1 });
    const free = e.search({ depth: 4 });
    expect(free.bestMove).toBe('i7i9');
    expect(free.score).toEqual({ mate: 1 });
  });

  test('a move that is not legal is refused by name, and the position is kept', () => {
    const e = engine();
    e.setPosition(START_FEN);
    expect(() => e.search({ depth: 2, searchmoves: ['h2e2', 'a0a5'] })).toThrow(IllegalMoveError);
    expect(() => e.search({ depth: 2, searchmoves: ['h2e2', 'a0a5'] })).toThrow(/"a0a5" is not a legal move/);
    expect(e.fen()).toBe(START_FEN);
    expect(e.search({ depth: 3 }).bestMove).not.toBeNull();
  });
});

test('both builds agree move for move under a limited root', () => {
  const results = (['wasm', 'js'] as const).map((backend) => {
    const e = engines[backend]!;
    e.setPosition(START_FEN, ['h2e2', 'h9g7']);
    e.clearHash();
    return e.search({ depth: 6, searchmoves: ['h0g2', 'b0c2', 'b2b6'] });
  });
  expect(results[1]!.bestMove).toBe(results[0]!.bestMove);
  expect(results[1]!.nodes).toBe(results[0]!.nodes);
  expect(results[1]!.pv).toEqual(results[0]!.pv);
});
