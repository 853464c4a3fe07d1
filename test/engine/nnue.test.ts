// The network evaluation in the engine (assembly/nnue.ts) against the TypeScript reference of the
// file format (web/engine/nnue-file.ts): the same centipawns along random games, whether the
// accumulators were brought forward move by move, walked back after undo, or recomputed from a new
// position; the same on the SIMD wasm build, the JS build and the bounds-checked debug build; and the
// same search tree on all of them.
import { describe, expect, test } from 'vitest';
import { encodeNetwork, NetworkFileError, referenceEvaluate } from '../../web/engine/nnue-file.ts';
import { randomNetwork } from '../../bench/lib/random-network.ts';
import { BUILDS, engineFor, loadPerftData, Random, START_FEN } from './helpers.ts';

const NETWORK = randomNetwork(32, 7);
const FILE = encodeNetwork(NETWORK);

describe.each(BUILDS)('%s build', (build) => {
  test('evaluates as the reference along random games, through undo and new positions', async () => {
    const engine = await engineFor(build);
    const hand = engine.staticEval();
    engine.setNetwork(FILE);
    expect(engine.networkSize()).toBe(32);
    const random = new Random(11);
    let checked = 0;
    for (const fen of [START_FEN, ...loadPerftData().map((p) => p.fen)]) {
      engine.setPosition(fen);
      for (let ply = 0; ply < 40; ply++) {
        const expected = referenceEvaluate(NETWORK, engine.board(), engine.turn() === 'black');
        expect(engine.staticEval(), `${engine.fen()} after ${engine.history().join(' ')}`).toBe(expected);
        checked++;
        const moves = engine.legalMoves();
        if (moves.length === 0) break;
        // Now and then step back two plies, so the accumulators of an abandoned line are not reused.
        if (ply > 4 && random.chance(0.2)) {
          engine.undo();
          engine.undo();
          continue;
        }
        engine.play(random.pick(moves));
      }
    }
    expect(checked).toBeGreaterThan(300);
    engine.setPosition(START_FEN);
    engine.setNetwork(null);
    expect(engine.networkSize()).toBe(0);
    expect(engine.staticEval()).toBe(hand);
  });

  test('a game longer than the accumulator ring is evaluated from the pieces', async () => {
    const engine = await engineFor(build);
    engine.setNetwork(FILE);
    const back = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    const moves = Array.from({ length: 36 }, () => back)
      .flat()
      .slice(0, 130);
    engine.setPosition(START_FEN, moves.slice(0, 2));
    engine.staticEval();
    for (const move of moves.slice(2)) engine.play(move);
    expect(engine.staticEval()).toBe(referenceEvaluate(NETWORK, engine.board(), engine.turn() === 'black'));
  });
});

describe('all builds', () => {
  test('search the same tree with the network', async () => {
    const results = await Promise.all(
      BUILDS.map(async (build) => {
        const engine = await engineFor(build);
        engine.setNetwork(FILE);
        engine.setPosition('r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1');
        const result = engine.search({ depth: 5 });
        return { nodes: result.nodes, move: result.bestMove };
      }),
    );
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  test('a bad file is refused with the offset, and the evaluation in use stays', async () => {
    const engine = await engineFor('wasm');
    engine.setNetwork(FILE);
    const before = engine.staticEval();
    const truncated = FILE.slice(0, FILE.length - 2);
    expect(() => engine.setNetwork(truncated)).toThrow(NetworkFileError);
    const wrongMagic = FILE.slice();
    wrongMagic[0] = 0x41;
    expect(() => engine.setNetwork(wrongMagic)).toThrow(/byte 0/);
    expect(() => engine.setNetwork(encodeNetwork(randomNetwork(264, 1)))).toThrow(/264 hidden units/);
    expect(engine.networkSize()).toBe(32);
    expect(engine.staticEval()).toBe(before);
  });

  test('the largest network the engine holds (256) evaluates as the reference', async () => {
    const big = randomNetwork(256, 3);
    for (const build of ['wasm', 'js'] as const) {
      const engine = await engineFor(build);
      engine.setNetwork(encodeNetwork(big));
      engine.setPosition(START_FEN, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
      expect(engine.staticEval()).toBe(referenceEvaluate(big, engine.board(), engine.turn() === 'black'));
    }
  });
});
