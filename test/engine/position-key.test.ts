// The position's hash key: the transposition table and the repetition rules tell positions apart by
// it, so it must depend on the pieces and the side to move alone, agree in every build, and use all
// of its 64 bits. Its two 32-bit words were once drawn one after the other from a generator that is
// linear over GF(2) (xorshift32), which made the high word of every key the same linear function of
// its low word: the table's check on the high word then told nothing apart, and a probe met another
// position's entry about once in 4,000 probes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../web/engine/index.ts';
import { BUILDS, engineFor, Random, START_FEN } from './helpers.ts';
import type { BuildName } from './helpers.ts';

/** The rank over GF(2) of a set of 64-bit words: how many of their bits are independent. */
function rankOverGf2(words: readonly bigint[]): number {
  const basis = new Map<number, bigint>(); // leading bit -> basis word with that leading bit
  for (let word of words) {
    while (word !== 0n) {
      const lead = word.toString(2).length - 1;
      const known = basis.get(lead);
      if (known === undefined) {
        basis.set(lead, word);
        break;
      }
      word ^= known;
    }
  }
  return basis.size;
}

/** The keys and FENs of the positions of a random game from the start (its first `plies` moves). */
function randomWalk(engine: Engine, seed: number, plies: number): { key: string; fen: string }[] {
  const random = new Random(seed);
  engine.setPosition(START_FEN);
  const seen = [{ key: engine.positionKey(), fen: engine.fen() }];
  for (let ply = 0; ply < plies; ply++) {
    const moves = engine.legalMoves();
    if (moves.length === 0) break;
    engine.play(random.pick(moves));
    seen.push({ key: engine.positionKey(), fen: engine.fen() });
  }
  return seen;
}

describe.each(BUILDS)('position key, %s build', (build: BuildName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  it('is 16 hex digits, the same after the moves as when the position is set from its FEN', () => {
    for (let seed = 1; seed <= 4; seed++) {
      for (const { key, fen } of randomWalk(engine, seed, 60)) {
        expect(key).toMatch(/^[0-9a-f]{16}$/);
        engine.setPosition(fen);
        expect(engine.positionKey(), fen).toBe(key);
      }
    }
  });

  it('is the same for the same position reached in another move order, and differs with the side to move', () => {
    engine.setPosition(START_FEN);
    for (const move of ['h2e2', 'h9g7', 'h0g2', 'b9c7']) engine.play(move);
    const one = engine.positionKey();
    engine.setPosition(START_FEN);
    for (const move of ['h2e2', 'b9c7', 'h0g2', 'h9g7']) engine.play(move);
    expect(engine.positionKey()).toBe(one);
    // A rook's two steps against one: the same pieces with the other side to move.
    engine.setPosition(START_FEN);
    for (const move of ['a0a1', 'a9a8', 'a1a2']) engine.play(move);
    const [board, side] = engine.fen().split(' ');
    const blackToMove = engine.positionKey();
    engine.setPosition(START_FEN);
    for (const move of ['a0a2', 'a9a8']) engine.play(move);
    expect(engine.fen().split(' ').slice(0, 2)).toEqual([board, side === 'b' ? 'w' : 'b']);
    expect(engine.positionKey()).not.toBe(blackToMove);
  });

  it('uses all 64 bits: the keys of positions span 64 dimensions over GF(2), not 32', () => {
    const keys = new Set<string>();
    for (let seed = 11; seed <= 14; seed++) for (const { key } of randomWalk(engine, seed, 40)) keys.add(key);
    const words = [...keys].map((key) => BigInt(`0x${key}`));
    expect(words.length).toBeGreaterThan(100);
    expect(rankOverGf2(words)).toBe(64);
  });
});

describe('position key, builds', () => {
  it('is the same in the wasm and the JS build', async () => {
    const [wasm, js] = await Promise.all([engineFor('wasm'), engineFor('js')]);
    expect(randomWalk(wasm, 21, 80)).toEqual(randomWalk(js, 21, 80));
  });
});
