// Perft against the published counts in bench/public-suite.ts, exact equality, on every
// build. Depths with more than MAX_LEAVES leaves belong in bench/.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../web/engine/index.ts';
import { engineFor, loadPerftData, sorted } from './helpers.ts';
import type { BuildName } from './helpers.ts';

const MAX_LEAVES = 5_000_000;
/** The bounds-checked debug build is slower; it runs the shallower depths only. */
const MAX_LEAVES_DEBUG = 1_000_000;

const data = loadPerftData();

function cases(limit: number): [string, number, number][] {
  const list: [string, number, number][] = [];
  for (const { fen, perft } of data) {
    for (const [depth, leaves] of Object.entries(perft)) {
      if (leaves <= limit) list.push([fen, Number(depth), leaves]);
    }
  }
  return list;
}

it('the published data is there and has shallow depths for every position', () => {
  expect(data.length).toBeGreaterThanOrEqual(10);
  for (const { perft } of data) expect(Math.min(...Object.values(perft))).toBeLessThanOrEqual(MAX_LEAVES);
  expect(cases(MAX_LEAVES).length).toBeGreaterThanOrEqual(40);
});

const runs: [BuildName, number][] = [
  ['wasm', MAX_LEAVES],
  ['js', MAX_LEAVES],
  ['debug', MAX_LEAVES_DEBUG],
];

describe.each(runs)('perft on the %s build', (build, limit) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  it.each(cases(limit))('%s depth %i = %i', (fen, depth, leaves) => {
    engine.setPosition(fen);
    expect(engine.perft(depth)).toBe(leaves);
    // Counting must not disturb the position.
    expect(engine.fen()).toBe(fen);
  });

  it('perft(1) is the number of legal moves and perft(0) is 1', () => {
    for (const { fen } of data) {
      engine.setPosition(fen);
      expect(engine.perft(1)).toBe(engine.legalMoves().length);
      expect(engine.perft(0)).toBe(1);
    }
  });
});

describe.each(['wasm', 'js'] as const)('divide on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  it.each(data.map(({ fen, perft }) => [fen, perft] as const))('%s: divide sums to perft', (fen, perft) => {
    engine.setPosition(fen);
    const depth = perft['3'] !== undefined ? 3 : 2;
    const divide = engine.divide(depth);
    expect(sorted([...divide.keys()])).toEqual(sorted(engine.legalMoves()));
    const total = [...divide.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBe(engine.perft(depth));
    if (perft[String(depth)] !== undefined) expect(total).toBe(perft[String(depth)]);
    // Each entry is the perft one ply down after that move.
    const [move, count] = [...divide.entries()][0]!;
    engine.play(move);
    expect(engine.perft(depth - 1)).toBe(count);
    engine.undo();
    expect(engine.fen()).toBe(fen);
  });

  it('divide(1) gives 1 for every legal move', () => {
    engine.setPosition(data[0]!.fen);
    const divide = engine.divide(1);
    expect(sorted([...divide.keys()])).toEqual(sorted(engine.legalMoves()));
    for (const count of divide.values()) expect(count).toBe(1);
  });
});
