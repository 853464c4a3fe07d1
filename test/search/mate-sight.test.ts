// Mates the search must not hide (issue 70): a mate whose last move leaves the bare king no move
// (stalemate loses in Xiangqi) though the search reduced that quiet move into quiescence, and the
// shortest mate where a longer one was found first (the iterations go on; the quiet moves that
// mate sooner are not pruned). Both from the mate suite (bench/mates.txt), both
// builds, the shipped network.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';

const NETWORK = readFileSync(new URL('../../nnue/xiangqi.nnue', import.meta.url));

// From the suite (game 2026-12-04-22-16-42-self#189@210): Black mates in 2 with the quiet d6i6;
// after the king's reply, i6i1 (the horse on h1 a screen) takes its last square, and Red, not in
// check, has no move.
const STALEMATE_IN_TWO = '9/3ka4/9/3c5/9/9/9/9/4K2n1/9 b - - 0 1';
// From the suite (game 2026-12-06-21-04-18-uci-...#22@70): Black mates in 3 with h0h1; a mate in
// 4 with the same move is found first.
const MATE_IN_THREE = 'C1bnk4/4a1c2/9/4p3p/2p6/4C4/P3P4/5Ap2/5K3/1NBA3rc b - - 0 1';
// From the suite (game 2026-12-03-10-27-35-uci#13@93): Red mates in 3 (c6c7, c6d6 or g6f8); with a
// mate in 4 in hand, shallow pruning used to cut the quiet moves that mate sooner.
const QUIET_SHORTER = '3a1a3/6C2/3k5/p1P3N2/3N4p/9/c3P3c/4B4/4A4/2BAK4 w - - 0 1';

const engines: Partial<Record<'wasm' | 'js', Engine>> = {};
beforeAll(async () => {
  for (const backend of ['wasm', 'js'] as const) {
    const engine = await createEngine(backend);
    engine.setNetwork(NETWORK);
    engines[backend] = engine;
  }
});

describe.each(['wasm', 'js'] as const)('mate sight on the %s build', (backend) => {
  const search = (fen: string, depth: number) => {
    const engine = engines[backend]!;
    engine.clearHash();
    engine.setPosition(fen);
    return engine.search({ depth });
  };

  test('a stalemate reached through a reduced quiet move is a mate', () => {
    const result = search(STALEMATE_IN_TWO, 6);
    expect(result.score).toEqual({ mate: 2 });
    expect(result.bestMove).toBe('d6i6');
  });

  test('a mate found is not final until the depth is well past it: the shorter one is found', () => {
    const result = search(MATE_IN_THREE, 12);
    expect(result.score).toEqual({ mate: 3 });
    expect(result.bestMove).toBe('h0h1');
    expect(result.depth).toBe(12);
  });

  test('with a mate in hand, quiet moves that mate sooner are not pruned', () => {
    const result = search(QUIET_SHORTER, 8);
    expect(result.score).toEqual({ mate: 3 });
    expect(['c6c7', 'c6d6', 'g6f8']).toContain(result.bestMove);
  });
});
