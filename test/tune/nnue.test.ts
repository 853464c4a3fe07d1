// The network evaluation's file and reference arithmetic (web/engine/nnue-file.ts), which the
// engine's implementation is tested against, and the trainer (tune/nnue-*.ts): a short run on a
// synthetic file must learn, write a file that reads back, agree with the integer pass, and be
// deterministic. Expected values are worked out here from the definition, not from the code.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeNetwork,
  encodeNetwork,
  featureIndex,
  NetworkFileError,
  networkFileLength,
  outputToCentipawns,
  referenceEvaluate,
  referenceOutput,
  type QuantisedNetwork,
} from '../../web/engine/nnue-file.ts';
import type { PieceLetter } from '../../web/engine/types.ts';
import { readNetworkDataset } from '../../tune/nnue-data.ts';
import {
  Adam,
  B2_CLIP,
  backward,
  createScratch,
  forward,
  initialNetwork,
  networkViews,
  quantise,
  W1_CLIP,
  W2_CLIP,
  type FloatNetwork,
} from '../../tune/nnue-model.ts';
import { parseNnueArgs, runNnueTraining } from '../../tune/nnue-run.ts';
import { encodeRecord, RECORD_BYTES } from '../../tune/records.ts';
import { Random } from '../engine/helpers.ts';

type Board = (PieceLetter | null)[];

function randomNetwork(hidden: number, random: Random, w1Limit = 816): QuantisedNetwork {
  const fill = (n: number, limit: number) => Int16Array.from({ length: n }, () => random.below(2 * limit + 1) - limit);
  return {
    hidden,
    w1: fill(1260 * hidden, w1Limit),
    b1: fill(hidden, 300),
    w2: fill(2 * hidden, 2048),
    b2: random.below(200_001) - 100_000,
  };
}

/** A position with both kings in their palaces and a random handful of other pieces anywhere. */
function randomBoard(random: Random): Board {
  const board: Board = new Array<PieceLetter | null>(90).fill(null);
  board[random.pick([3, 4, 5, 12, 13, 14, 21, 22, 23])] = 'K';
  board[random.pick([66, 67, 68, 75, 76, 77, 84, 85, 86])] = 'k';
  const others: PieceLetter[] = ['A', 'A', 'B', 'B', 'N', 'N', 'R', 'R', 'C', 'C', 'P', 'P', 'P', 'P', 'P'];
  for (const piece of [...others, ...others.map((p) => p.toLowerCase() as PieceLetter)]) {
    if (!random.chance(0.5)) continue;
    let square = random.below(90);
    while (board[square] !== null) square = random.below(90);
    board[square] = piece;
  }
  return board;
}

const swapCase = (p: PieceLetter): PieceLetter =>
  (p === p.toUpperCase() ? p.toLowerCase() : p.toUpperCase()) as PieceLetter;
/** Colours swapped and ranks flipped (files kept): the other side's view of the same position. */
const colourFlip = (board: Board): Board =>
  board.map((_, sq) => {
    const p = board[(9 - Math.floor(sq / 9)) * 9 + (sq % 9)];
    return p ? swapCase(p) : null;
  });
/** Files a <-> i. */
const mirror = (board: Board): Board => board.map((_, sq) => board[sq - (sq % 9) + 8 - (sq % 9)]!);

describe('network file', () => {
  it('keeps every weight through encoding, at the documented size', () => {
    const net = randomNetwork(16, new Random(1));
    net.w1[0] = -32768;
    net.w1[1] = 32767;
    net.b2 = -2_000_000_000;
    const bytes = encodeNetwork(net);
    expect(bytes.length).toBe(networkFileLength(16));
    expect(networkFileLength(128)).toBe(323_340);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('XQNN');
    expect([bytes[4], bytes[5], bytes[6], bytes[7]]).toEqual([1, 0, 16, 0]);
    // Feature-major, little-endian: W1[0][0] = -32768 is 00 80, then W1[0][1] = 32767 is ff 7f.
    expect([...bytes.subarray(8, 12)]).toEqual([0x00, 0x80, 0xff, 0x7f]);
    expect(decodeNetwork(bytes)).toEqual(net);
    // A view into a larger, unaligned buffer reads the same.
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect(decodeNetwork(padded.subarray(3))).toEqual(net);
  });

  it('refuses a malformed file, saying what is wrong and at which byte', () => {
    const good = encodeNetwork(randomNetwork(8, new Random(2)));
    const withHeader = (change: (view: DataView) => void): Uint8Array => {
      const copy = good.slice();
      change(new DataView(copy.buffer));
      return copy;
    };
    const cases: [Uint8Array, number, RegExp][] = [
      [good.subarray(0, 5), 5, /header/],
      [withHeader((v) => v.setUint8(0, 'Y'.charCodeAt(0))), 0, /XQNN/],
      [withHeader((v) => v.setUint16(4, 2, true)), 4, /version 2/],
      [withHeader((v) => v.setUint16(6, 12, true)), 6, /hidden size 12/],
      [withHeader((v) => v.setUint16(6, 0, true)), 6, /hidden size 0/],
      [withHeader((v) => v.setUint16(6, 1032, true)), 6, /hidden size 1032/],
      [withHeader((v) => v.setUint16(6, 16, true)), good.length, /ends early/],
      [good.subarray(0, good.length - 1), good.length - 1, /ends early/],
      [new Uint8Array([...good, 0]), good.length, /1 bytes after/],
    ];
    for (const [bytes, offset, message] of cases) {
      let error: unknown;
      try {
        decodeNetwork(bytes);
      } catch (e) {
        error = e;
      }
      expect(error, String(message)).toBeInstanceOf(NetworkFileError);
      expect((error as NetworkFileError).offset, String(message)).toBe(offset);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`at byte ${offset}`);
    }
  });
});

describe('network inputs', () => {
  it("index a piece as its perspective sees it, own pieces first, Black's view with the ranks flipped", () => {
    // Red king (type 0) on e0 (rank 0, file 4: point 4).
    expect(featureIndex(0, 0, 0, 4)).toBe(4);
    expect(featureIndex(1, 0, 0, 4)).toBe((1 * 7 + 0) * 90 + 9 * 9 + 4); // 715: other's king on e9
    // Black rook (type 4) on a9 (point 81).
    expect(featureIndex(1, 1, 4, 81)).toBe(360); // own rook on a0
    expect(featureIndex(0, 1, 4, 81)).toBe((1 * 7 + 4) * 90 + 81); // 1071
    // Red pawn (type 6) on i6 (rank 6, file 8: point 62).
    expect(featureIndex(0, 0, 6, 62)).toBe(6 * 90 + 62); // 602
    expect(featureIndex(1, 0, 6, 62)).toBe((7 + 6) * 90 + 3 * 9 + 8); // 1205
  });

  it('give each perspective every input 0..1259 exactly once', () => {
    for (const p of [0, 1]) {
      const seen = new Set<number>();
      for (let c = 0; c < 2; c++)
        for (let t = 0; t < 7; t++) for (let sq = 0; sq < 90; sq++) seen.add(featureIndex(p, c, t, sq));
      expect(seen.size).toBe(1260);
      expect(Math.min(...seen)).toBe(0);
      expect(Math.max(...seen)).toBe(1259);
    }
  });
});

describe('the reference integer pass', () => {
  it('scales the output to centipawns truncating toward zero', () => {
    // cp = outq * 400 / 16320.
    expect(outputToCentipawns(16_320)).toBe(400);
    expect(outputToCentipawns(40)).toBe(0); // 16,000 / 16,320
    expect(outputToCentipawns(41)).toBe(1); // 16,400 / 16,320
    expect(outputToCentipawns(-40)).toBe(0);
    expect(Object.is(outputToCentipawns(-40), -0)).toBe(false);
    expect(outputToCentipawns(-41)).toBe(-1);
    expect(outputToCentipawns(-16_361)).toBe(-401); // -6,544,400 / 16,320 = -401.0
    expect(outputToCentipawns(2_147_483_647)).toBe(52_634_403); // 858,993,458,800 / 16,320 = 52,634,403.11
    expect(outputToCentipawns(-2_147_483_648)).toBe(-52_634_403);
  });

  it('gives the hand-computed score of a two-king position', () => {
    const hidden = 8;
    const net: QuantisedNetwork = {
      hidden,
      w1: new Int16Array(1260 * hidden),
      b1: new Int16Array(hidden),
      w2: new Int16Array(2 * hidden),
      b2: -1000,
    };
    net.b1[0] = 10;
    net.b1[1] = -5;
    net.w1.set([100, 20], 4 * hidden); // own king on e0 (for Red: its king on e0; for Black: its king on e9)
    net.w1.set([-50, 400], 715 * hidden); // the other side's king on e9 of that side's view
    net.w1.set([7, 0], 85 * hidden); // own king on e9 of the perspective's view (Black's king on e0)
    net.w2.set([3, 5], 0); // side to move's half
    net.w2.set([-2, 1], hidden);
    const board: Board = new Array<PieceLetter | null>(90).fill(null);
    board[4] = 'K'; // e0
    board[85] = 'k'; // e9
    // Red: own king on e0 (input 4) and Black's king on e9 (other, rank 9 of Red's view: input 630 + 85 = 715).
    // acc_red = [10 + 100 - 50, -5 + 20 + 400] = [60, 415] -> h = [60, 255].
    // Black: own king on e9 seen as e0 (input 4), Red's king on e0 seen as e9 (input 715): the same.
    expect(referenceOutput(net, board, false)).toBe(-1000 + 60 * 3 + 255 * 5 + 60 * -2 + 255 * 1); // 590
    expect(referenceEvaluate(net, board, false)).toBe(14); // 590 * 400 / 16320 = 14.46
    // Black's king on e0, Red's on e1: Black sees its own king on e9 (input 85), Red sees it as the
    // other's king on e0 (input 630 + 4); Red's king is input 13 for Red and 630 + 76 (e8) for Black.
    // Only row 85 is not zero.
    board[85] = null;
    board[4] = 'k';
    board[13] = 'K';
    // acc_red = [10, -5] -> h = [10, 0]; acc_black = [10 + 7, -5] -> h = [17, 0].
    expect(referenceOutput(net, board, true)).toBe(-1000 + 17 * 3 + 10 * -2);
    expect(referenceOutput(net, board, false)).toBe(-1000 + 10 * 3 + 17 * -2);
    expect(referenceEvaluate(net, board, true)).toBe(-23); // -969 * 400 / 16320 = -23.75
  });

  it("wraps the accumulators as int16 and the output as int32, as the engine's integer sums do", () => {
    const hidden = 8;
    const net: QuantisedNetwork = {
      hidden,
      w1: new Int16Array(1260 * hidden),
      b1: new Int16Array(hidden),
      w2: new Int16Array(2 * hidden),
      b2: 0,
    };
    const board: Board = new Array<PieceLetter | null>(90).fill(null);
    board[4] = 'K';
    net.b1[0] = 32_000;
    net.w1[4 * hidden] = 1000; // 33,000 wraps to -32,536: clamped to 0
    net.w2[0] = 7;
    expect(referenceOutput(net, board, false)).toBe(0);
    net.w1[4 * hidden] = -31_900; // 100
    expect(referenceOutput(net, board, false)).toBe(700);
    net.b2 = 2_147_483_647 - 699;
    expect(referenceOutput(net, board, false)).toBe(-2_147_483_648);
  });

  it('scores a position and its colour-and-rank flip with the other side to move the same', () => {
    const random = new Random(3);
    const net = randomNetwork(32, random);
    const scores = new Set<number>();
    for (let n = 0; n < 50; n++) {
      const board = randomBoard(random);
      const black = random.chance(0.5);
      const cp = referenceEvaluate(net, board, black);
      scores.add(cp);
      expect(referenceEvaluate(net, colourFlip(board), !black)).toBe(cp);
    }
    expect(scores.size).toBeGreaterThan(40);
  });

  it('scores a position and its left-right mirror the same when W1 is symmetric (and not otherwise)', () => {
    const random = new Random(4);
    const net = randomNetwork(16, random);
    const boards = Array.from({ length: 30 }, () => randomBoard(random));
    expect(
      boards.some((board) => referenceEvaluate(net, mirror(board), false) !== referenceEvaluate(net, board, false)),
    ).toBe(true);
    for (let f = 0; f < 1260; f++) {
      const point = f % 90;
      const mirrored = f - (point % 9) + 8 - (point % 9);
      net.w1.copyWithin(f * 16, mirrored * 16, mirrored * 16 + 16);
    }
    for (const board of boards) {
      expect(referenceEvaluate(net, mirror(board), true)).toBe(referenceEvaluate(net, board, true));
      // With colours swapped as well as files and ranks (the board turned round): the same.
      expect(referenceEvaluate(net, mirror(colourFlip(board)), false)).toBe(referenceEvaluate(net, board, true));
    }
  });

  it('refuses a board that is not 90 points or holds an unknown letter', () => {
    const net = randomNetwork(8, new Random(5));
    expect(() => referenceEvaluate(net, [], false)).toThrow(/90 points/);
    const board: Board = new Array<PieceLetter | null>(90).fill(null);
    board[3] = 'X' as PieceLetter;
    expect(() => referenceEvaluate(net, board, false)).toThrow(/"X"/);
  });
});

/** The float network written straight from the definition, per position, for the trainer to be checked against. */
function floatScore(net: FloatNetwork, board: Board, blackToMove: boolean): number {
  const h = net.hidden;
  const acc = [Array.from(net.b1), Array.from(net.b1)];
  board.forEach((piece, sq) => {
    if (!piece) return;
    const colour = piece === piece.toUpperCase() ? 0 : 1;
    const type = 'KABNRCP'.indexOf(piece.toUpperCase());
    for (const p of [0, 1]) {
      const row = featureIndex(p, colour, type, sq);
      const own = p === (blackToMove ? 1 : 0) ? 0 : 1;
      for (let j = 0; j < h; j++) acc[own]![j]! += net.w1[row * h + j]!;
    }
  });
  let out = net.b2[0]!;
  for (let k = 0; k < 2 * h; k++) out += net.w2[k]! * Math.min(1, Math.max(0, acc[k < h ? 0 : 1]![k % h]!));
  return out * 400;
}

describe('the float network', () => {
  it("has the gradient of its output by finite differences, for the side to move's inputs and the other's, mirrored or not", () => {
    const random = new Random(8);
    const next = () => random.next();
    const net = initialNetwork(8, next);
    // Spread the accumulators over the clamp's range, its flat parts included.
    for (let i = 0; i < net.w1.length; i++) net.w1[i] = (next() - 0.5) * 0.6;
    const board = randomBoard(random);
    const codes = Uint16Array.from(
      board.flatMap((p, sq) =>
        p ? [featureIndex(0, p === p.toUpperCase() ? 0 : 1, 'KABNRCP'.indexOf(p.toUpperCase()), sq)] : [],
      ),
    );
    for (const [black, mirrored] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      const work = createScratch(8);
      const grad = networkViews(8);
      forward(net, work, codes, 0, codes.length, black, mirrored);
      backward(net, work, grad, 1);
      let checked = 0;
      for (let i = 0; i < net.params.length; i++) {
        // Every parameter of the rows in play, and a sample of the rest (whose gradient is 0).
        if (grad.params[i] === 0 && i % 97 !== 0) continue;
        const keep = net.params[i]!;
        const eps = 1e-3;
        net.params[i] = keep + eps;
        const up = forward(net, work, codes, 0, codes.length, black, mirrored);
        net.params[i] = keep - eps;
        const down = forward(net, work, codes, 0, codes.length, black, mirrored);
        net.params[i] = keep;
        // The output is piecewise linear in each parameter: skip the few steps that cross a clamp's corner.
        const slope = (up - down) / (2 * eps);
        if (Math.abs(slope - grad.params[i]!) > 1e-3) {
          net.params[i] = keep + 2 * eps;
          const further = forward(net, work, codes, 0, codes.length, black, mirrored);
          net.params[i] = keep;
          if (Math.abs(further - up - (up - down) / 2) > 1e-5) continue;
        }
        expect(slope, `parameter ${i}`).toBeCloseTo(grad.params[i]!, 2);
        checked++;
      }
      expect(checked).toBeGreaterThan(200);
    }
  });
});

describe("the float network's clips", () => {
  it('hold every weight where no integer sum of a real position can wrap', () => {
    const net = networkViews(8);
    const adam = new Adam(net, 10);
    for (const sign of [1, -1]) {
      const grad = new Float32Array(net.params.length).fill(sign);
      for (let step = 0; step < 30; step++) adam.update(grad, 1);
      const q = quantise(net);
      const largest = (a: Int16Array): number => a.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
      const w1 = largest(q.w1);
      const w2 = largest(q.w2);
      expect([w1, largest(q.b1), w2, Math.abs(q.b2)]).toEqual([
        Math.round(W1_CLIP * 255),
        Math.round(W1_CLIP * 255),
        W2_CLIP * 64,
        B2_CLIP * 255 * 64,
      ]);
      // At most 32 pieces and the bias in an int16 accumulator; 2H units (H up to 1,024) of at most 255 * w2 in the int32 output.
      expect(33 * w1).toBeLessThanOrEqual(32_767);
      expect(2 * 1024 * 255 * w2 + Math.abs(q.b2)).toBeLessThan(2 ** 31);
    }
  });
});

describe('the network trainer', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'xiangqi-nnue-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // 2,000 synthetic positions scored by material for the side to move: a target a network can learn.
  const VALUES: Record<string, number> = { K: 0, A: 150, B: 150, N: 350, R: 800, C: 400, P: 120 };
  const random = new Random(6);
  const positions = Array.from({ length: 2000 }, () => {
    const board = randomBoard(random);
    const blackToMove = random.chance(0.5);
    const red = board.reduce(
      (sum, p) => sum + (p ? (p === p.toUpperCase() ? 1 : -1) * VALUES[p.toUpperCase()]! : 0),
      0,
    );
    const score = Math.max(-3000, Math.min(3000, (blackToMove ? -red : red) + random.below(41) - 20));
    return { board, blackToMove, result: red > 300 ? 1 : red < -300 ? 0 : 0.5, score };
  });
  const data = join(scratch, 'synthetic.bin');
  const file = new Uint8Array(positions.length * RECORD_BYTES);
  positions.forEach((position, i) => encodeRecord(position, file, i * RECORD_BYTES));
  writeFileSync(data, file);
  const args = (out: string, seed = 1): string[] => [
    '--data',
    data,
    '--hidden',
    '32',
    '--epochs',
    '6',
    '--batch',
    '64',
    '--lr',
    '0.003',
    '--seed',
    String(seed),
    '--out',
    join(scratch, out),
  ];

  it('reads records into the inputs the reference uses', () => {
    const set = readNetworkDataset(file);
    expect(set.count).toBe(2000);
    for (const i of [0, 1, 999]) {
      const codes = Array.from(set.codes.subarray(set.offsets[i], set.offsets[i + 1]));
      const expected = positions[i]!.board.flatMap((p, sq) =>
        p ? [featureIndex(0, p === p.toUpperCase() ? 0 : 1, 'KABNRCP'.indexOf(p.toUpperCase()), sq)] : [],
      );
      expect(codes).toEqual(expected);
      expect(set.blackToMove[i]).toBe(positions[i]!.blackToMove ? 1 : 0);
      expect(set.score[i]).toBe(positions[i]!.score);
    }
    expect(readNetworkDataset(file, 500).count).toBe(500);
  });

  it('learns the held-out positions and writes a network whose integer pass agrees with the float one', () => {
    const lines: string[] = [];
    const run = runNnueTraining(args('a.nnue'), (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/epoch 6\/6 .*held out/);
    const first = run.losses[0]!.heldOut;
    const last = run.losses.at(-1)!.heldOut;
    expect(run.losses).toHaveLength(7);
    expect(last).toBeLessThan(first * 0.3);

    const bytes = readFileSync(join(scratch, 'a.nnue'));
    expect(new Uint8Array(bytes)).toEqual(run.bytes);
    const net = decodeNetwork(bytes);
    expect(net.hidden).toBe(32);
    const sidecar = JSON.parse(readFileSync(join(scratch, 'a.nnue.json'), 'utf8')) as { losses: unknown[] };
    expect(sidecar).toMatchObject({
      hidden: 32,
      positions: 2000,
      training: 1900,
      heldOut: 100,
      settings: { epochs: 6, seed: 1, lambda: 0, k: 0.00244 },
    });
    expect(sidecar.losses).toHaveLength(7);

    // The trainer's float pass (normal and left-right mirrored inputs) is the definition's, and the
    // file's integer pass is within a few centipawns of it.
    const set = readNetworkDataset(file);
    const work = createScratch(32);
    let sum = 0;
    let signed = 0;
    for (let i = 19; i < 2000; i += 20) {
      const { board, blackToMove } = positions[i]!;
      const float = floatScore(run.net, board, blackToMove);
      expect(
        forward(run.net, work, set.codes, set.offsets[i]!, set.offsets[i + 1]!, blackToMove, false) * 400,
      ).toBeCloseTo(float, 1);
      expect(
        forward(run.net, work, set.codes, set.offsets[i]!, set.offsets[i + 1]!, blackToMove, true) * 400,
      ).toBeCloseTo(floatScore(run.net, mirror(board), blackToMove), 1);
      const diff = referenceEvaluate(net, board, blackToMove) - float;
      expect(Math.abs(diff)).toBeLessThan(15);
      sum += Math.abs(diff);
      signed += diff;
    }
    expect(sum / 100).toBeLessThan(5);
    // b2 takes back the mean offset of w2's rounding (nnue-quantise.ts); truncation leaves up to 1 cp.
    expect(Math.abs(signed / 100)).toBeLessThan(1);
    expect(run.quantisation.mean).toBeCloseTo(sum / 100, 2);
  });

  it('gives the same bytes for the same seed, and other bytes for another', () => {
    const quiet = (): void => {};
    const a = runNnueTraining(args('same-1.nnue'), quiet);
    const b = runNnueTraining(args('same-2.nnue'), quiet);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(readFileSync(join(scratch, 'same-2.nnue.json'), 'utf8')).toBe(
      readFileSync(join(scratch, 'same-1.nnue.json'), 'utf8'),
    );
    const c = runNnueTraining(args('other.nnue', 2), quiet);
    expect(Buffer.from(c.bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });

  it('lowers the learning rate epoch by epoch with --decay, and writes it in the sidecar', () => {
    const quiet = (): void => {};
    const constant = runNnueTraining(args('constant.nnue'), quiet);
    const decayed = runNnueTraining([...args('decayed.nnue'), '--decay', '0.5'], quiet);
    // The first epoch runs at the full rate either way; after it the runs part.
    expect(decayed.losses[1]!.heldOut).toBe(constant.losses[1]!.heldOut);
    expect(decayed.losses[2]!.heldOut).not.toBe(constant.losses[2]!.heldOut);
    const sidecar = JSON.parse(readFileSync(join(scratch, 'decayed.nnue.json'), 'utf8')) as {
      settings: { decay: number };
    };
    expect(sidecar.settings.decay).toBe(0.5);
  });

  it('refuses bad options', () => {
    expect(() => parseNnueArgs(['--hidden', '12'])).toThrow(/--hidden must be a multiple of 8/);
    expect(() => parseNnueArgs(['--size', '3'])).toThrow(/unknown option --size/);
    expect(() => parseNnueArgs(['--lambda', '2'])).toThrow(/between 0 and 1/);
    expect(() => parseNnueArgs(['--decay', '1.5'])).toThrow(/--decay must be in \(0, 1\]/);
    expect(parseNnueArgs([])).toMatchObject({
      hidden: 128,
      decay: 1,
      k: 0.00244,
      lambda: 0,
      out: 'nnue/xiangqi.nnue',
      data: 'tune/data/selfplay.bin',
    });
  });
});
