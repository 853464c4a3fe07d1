// The puzzle miner's judge (tune/puzzle-find.ts) on positions whose answer is known: each theme it
// claims to find, it finds, from the position alone.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { findPuzzle } from '../../tune/puzzle-find.ts';

const SETTINGS = { quickDepth: 4, verifyDepth: 10 };

describe("the puzzle miner's judge", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine('wasm');
    engine.setHashSize(16);
    engine.setNetwork(new Uint8Array(readFileSync(new URL('../../nnue/xiangqi.nnue', import.meta.url))));
  });

  test('a decisive material gain with one way to it is a material puzzle', () => {
    // Red's horse takes the rook on h6 (g4h6); every other move leaves Red worse off.
    const fen = '4kn3/4a4/4ba3/p6r1/9/2B3N2/P7P/4B4/9/3AKAC2 w - - 0 1';
    engine.setPosition(fen);
    const puzzle = findPuzzle(engine, SETTINGS);
    expect(puzzle?.theme).toBe('material');
    expect(puzzle?.moves[0]).toBe('g4h6');
    expect(engine.fen()).toBe(fen); // the engine is left where it was found
  }, 60_000);

  test('a position with two ways to win the same piece is no puzzle', () => {
    // The black rook on a2 can be taken by the cannon b2 or the horse b0.
    engine.setPosition('1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/rC5C1/9/RNBAKABNR w - - 0 1');
    expect(findPuzzle(engine, SETTINGS)).toBeNull();
  }, 60_000);
});
