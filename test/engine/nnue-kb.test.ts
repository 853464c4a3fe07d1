// The king-bucketed network (file version 2, web/engine/nnue-kb.ts) in the engine (assembly/nnue.ts)
// against its TypeScript reference: the same centipawns along random games with the kings walking
// their palaces (every bucket, mirrored and not), through undo, new positions and a game longer
// than the accumulator ring; on the SIMD wasm build, the JS build and the bounds-checked debug
// build; the same search tree on all of them; the inputs and the file's own checks.
import { describe, expect, test } from 'vitest';
import {
  decodeKingBucketNetwork,
  encodeKingBucketNetwork,
  featureIndexKB,
  kbFileLength,
  KB_INPUTS,
  KB_QA,
  KB_QB,
  kingBucket,
  outputBucket,
  referenceEvaluateKB,
} from '../../web/engine/nnue-kb.ts';
import { readNetwork } from '../../web/engine/network-file.ts';
import { NetworkFileError } from '../../web/engine/nnue-file.ts';
import { randomKingBucketNetwork } from '../../bench/lib/random-network.ts';
import { BUILDS, engineFor, loadPerftData, Random, START_FEN } from './helpers.ts';

const NETWORK = randomKingBucketNetwork(32, 7, 5);
const FILE = encodeKingBucketNetwork(NETWORK);

describe('the inputs', () => {
  test('six buckets over the nine palace points, the right-hand file read mirrored', () => {
    const palace = [3, 4, 5, 12, 13, 14, 21, 22, 23];
    expect(palace.map((p) => kingBucket(p))).toEqual([
      { bucket: 0, mirror: false },
      { bucket: 1, mirror: false },
      { bucket: 0, mirror: true },
      { bucket: 2, mirror: false },
      { bucket: 3, mirror: false },
      { bucket: 2, mirror: true },
      { bucket: 4, mirror: false },
      { bucket: 5, mirror: false },
      { bucket: 4, mirror: true },
    ]);
    expect(kingBucket(0).bucket).toBe(-1);
  });

  test('a position and its left-right mirror activate the same inputs when the kings stand on files d and f', () => {
    // Red king d0 (bucket 0), its mirror on f0 reads the board mirrored: the same inputs.
    const red = featureIndexKB(0, 3, 0, 4, 10); // a red rook on b1
    const mirrored = featureIndexKB(0, 5, 0, 4, 16); // on h1 with the king on f0
    expect(mirrored).toBe(red);
    // Black's view flips the ranks: Black's king e9 is its own e0 (bucket 1).
    expect(featureIndexKB(1, 85, 1, 0, 85)).toBe(1 * 1260 + 0 * 90 + 4);
    expect(featureIndexKB(1, 85, 0, 4, 0)).toBe(1 * 1260 + 11 * 90 + 81);
    for (let f = 0; f < 7560; f += 997) expect(f).toBeLessThan(KB_INPUTS);
  });

  test('output buckets spread the 0-12 rooks, horses and cannons over the buckets', () => {
    expect(Array.from({ length: 13 }, (_, heavy) => outputBucket(heavy, 7))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
    ]);
    expect(outputBucket(12, 1)).toBe(0);
  });
});

describe('the file', () => {
  test('reads back what it wrote; readNetwork tells the versions apart', () => {
    expect(FILE.length).toBe(kbFileLength(32, 7));
    expect(decodeKingBucketNetwork(FILE)).toEqual(NETWORK);
    expect(readNetwork(FILE)).toEqual(NETWORK);
  });

  test('a broken file is refused with the byte where it goes wrong', () => {
    expect(() => readNetwork(FILE.slice(0, FILE.length - 1))).toThrow(/ends early.*at byte/);
    const buckets = FILE.slice();
    buckets[9] = 17;
    expect(() => readNetwork(buckets)).toThrow(/17 output buckets.*at byte 9/);
    const version = FILE.slice();
    version[4] = 3;
    expect(() => readNetwork(version)).toThrow(NetworkFileError);
    for (const [at, shift] of [
      [10, 5],
      [10, 9],
      [11, 5],
      [11, 9],
    ] as const) {
      const scale = FILE.slice();
      scale[at] = shift;
      expect(() => readNetwork(scale)).toThrow(
        new RegExp(`scale 2\\^${shift}: Q${at === 10 ? 'A' : 'B'} .*at byte ${at}`),
      );
    }
  });

  test("names its scales by their log2: 0 for the first files' 64, the power for a finer one", () => {
    expect([FILE[10], FILE[11]]).toEqual([0, 0]);
    expect([NETWORK.qa, NETWORK.qb]).toEqual([KB_QA, KB_QB]);
    for (const [qa, qb, bytes] of [
      [128, 64, [7, 0]],
      [256, 256, [8, 8]],
      [64, 128, [0, 7]],
    ] as const) {
      const fine = randomKingBucketNetwork(32, 7, 5, qa, qb);
      const file = encodeKingBucketNetwork(fine);
      expect([file[10], file[11]]).toEqual(bytes);
      expect(readNetwork(file)).toEqual(fine);
    }
    expect(() => encodeKingBucketNetwork({ ...NETWORK, qa: 96 })).toThrow(/QA 96/);
    expect(() => encodeKingBucketNetwork({ ...NETWORK, qb: 512 })).toThrow(/QB 512/);
  });
});

describe.each(BUILDS)('%s build', (build) => {
  test('evaluates as the reference along random games, kings walking, through undo and new positions', async () => {
    const engine = await engineFor(build);
    engine.setNetwork(FILE);
    expect(engine.networkSize()).toBe(32);
    const random = new Random(23);
    let checked = 0;
    let kingMoves = 0;
    const fens = [START_FEN, ...loadPerftData().map((p) => p.fen), '3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1'];
    for (const fen of fens) {
      engine.setPosition(fen);
      for (let ply = 0; ply < 40; ply++) {
        const expected = referenceEvaluateKB(NETWORK, engine.board(), engine.turn() === 'black');
        expect(engine.staticEval(), `${engine.fen()} after ${engine.history().join(' ')}`).toBe(expected);
        checked++;
        const moves = engine.legalMoves();
        if (moves.length === 0) break;
        if (ply > 4 && random.chance(0.2)) {
          engine.undo();
          engine.undo();
          continue;
        }
        // King moves are what version 2 handles apart: play them often.
        const kingFrom = engine.board().indexOf(engine.turn() === 'red' ? 'K' : 'k');
        const kingSquare = `${'abcdefghi'[kingFrom % 9]}${Math.floor(kingFrom / 9)}`;
        const kings = moves.filter((m) => m.startsWith(kingSquare));
        const move = kings.length && random.chance(0.4) ? random.pick(kings) : random.pick(moves);
        if (move.startsWith(kingSquare)) kingMoves++;
        engine.play(move);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(kingMoves).toBeGreaterThan(40);
  });

  test('a new network of the same size starts afresh: nothing made with the old one lingers', async () => {
    const engine = await engineFor(build);
    const other = randomKingBucketNetwork(32, 7, 6);
    // Kings walking (a pawn between them on e4), evaluated with the first network, then the second.
    const walk = ['e0f0', 'd9d8', 'f0f1', 'd8e8', 'f1e1', 'e8e9', 'e1d1', 'e9f9', 'd1d0', 'f9f8'];
    for (const [file, network] of [
      [FILE, NETWORK],
      [encodeKingBucketNetwork(other), other],
    ] as const) {
      engine.setNetwork(file);
      engine.setPosition('3k5/9/9/9/9/4p4/9/9/9/4K4 w - - 0 1');
      for (const move of walk) {
        engine.play(move);
        expect(engine.staticEval(), engine.history().join(' ')).toBe(
          referenceEvaluateKB(network, engine.board(), engine.turn() === 'black'),
        );
      }
    }
  });

  test('several moves at once, a king move among them, and a game longer than the ring', async () => {
    const engine = await engineFor(build);
    engine.setNetwork(FILE);
    // Evaluated only at the end: the accumulators are brought forward over six moves, two of them the kings'.
    engine.setPosition('3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1');
    engine.staticEval();
    for (const move of ['e0f0', 'd9d8', 'e1d2', 'e8f9', 'f0f1', 'd8e8']) engine.play(move);
    expect(engine.staticEval()).toBe(referenceEvaluateKB(NETWORK, engine.board(), engine.turn() === 'black'));
    const back = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    const moves = Array.from({ length: 36 }, () => back)
      .flat()
      .slice(0, 130);
    engine.setPosition(START_FEN, moves.slice(0, 2));
    engine.staticEval();
    for (const move of moves.slice(2)) engine.play(move);
    expect(engine.staticEval()).toBe(referenceEvaluateKB(NETWORK, engine.board(), engine.turn() === 'black'));
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

  test('finer scales (QA and QB 128 or 256) evaluate as the reference', async () => {
    for (const [qa, qb] of [
      [128, 64],
      [64, 256],
      [256, 256],
    ] as const) {
      const fine = randomKingBucketNetwork(32, 7, 9, qa, qb);
      const file = encodeKingBucketNetwork(fine);
      for (const build of BUILDS) {
        const engine = await engineFor(build);
        engine.setNetwork(file);
        const random = new Random(qa + qb);
        engine.setPosition(START_FEN);
        for (let ply = 0; ply < 30; ply++) {
          const expected = referenceEvaluateKB(fine, engine.board(), engine.turn() === 'black');
          expect(engine.staticEval(), `QA ${qa}, QB ${qb}, ${build}: ${engine.history().join(' ')}`).toBe(expected);
          const moves = engine.legalMoves();
          if (moves.length === 0) break;
          engine.play(random.pick(moves));
        }
      }
    }
  });

  test('the largest network the engine holds (256 wide, 16 output buckets) evaluates as the reference', async () => {
    const big = randomKingBucketNetwork(256, 16, 3);
    const file = encodeKingBucketNetwork(big);
    for (const build of ['wasm', 'js'] as const) {
      const engine = await engineFor(build);
      engine.setNetwork(file);
      engine.setPosition(START_FEN, ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'e0e1']);
      expect(engine.staticEval()).toBe(referenceEvaluateKB(big, engine.board(), engine.turn() === 'black'));
      engine.setNetwork(null);
      expect(engine.networkSize()).toBe(0);
    }
  });
});
