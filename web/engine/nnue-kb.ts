// The king-bucketed network (XQNN version 2): its inputs, its file and the reference for its integer
// arithmetic, which the engine's forward pass (assembly/nnue.ts) must match exactly and the trainer
// (tune/nnue_train.py, through tune/format.generated.json) builds on. Version 1, one bucket and
// int16 weights, is nnue-file.ts.
//
// Inputs. Each perspective p (0 Red, 1 Black) sees the board from its own side (Black's view flips
// the ranks) and, when its own king stands on the right half of its palace (file f), mirrored left to
// right, so its king is always on file d or e. Its king's point then names one of six buckets (its
// rank 0-2 times file d or e); every piece of colour c and type t (K A B N R C P) on point q of
// that view activates
//   featureIndexKB = bucket * 1260 + ((c === p ? 0 : 1) * 7 + t) * 90 + q
// of KB_INPUTS = 7,560: the same piece means something else when the king stands elsewhere.
//
// Network (H per perspective, one first layer for both; B output buckets):
//   acc_p = b1 + sum of the W1 rows of p's active inputs
//   h     = clamp(acc_stm, 0, 1) ++ clamp(acc_other, 0, 1)                     (2H values)
//   o     = outputBucket(rooks, horses and cannons on the board, B)
//   cp    = (b2[o] + w2[o] . h) * KB_SCALE, for the side to move
// Quantised (QA and QB powers of two from 64 to 256, named by the file): W1q = round(W1 * QA) int8
// (|W1| clipped to 127 / QA), b1q = round(b1 * QA) int16, w2q = round(w2 * QB) int16, b2q = round(b2 * QA * QB) int32. The integer pass is v1's: acc in
// int16 (32 pieces of at most 127 and the bias never reach 2^15), hq = clamp(acc, 0, QA), outq =
// b2q[o] + sum hq * w2q[o] in int32, cp = outq * KB_SCALE / (QA * QB) truncated toward zero.
//
// File (little-endian), kbFileLength(H, B) bytes:
//   0   "XQNN"   4 u16 version 2   6 u16 H (a multiple of 16, 16..256)   8 u8 king buckets (6)
//   9   u8 B (1..16)   10 u8 log2 QA   11 u8 log2 QB (each 0 in the first files: 64)
//   12  W1q: 7,560 rows of H int8 (one input's weights together)
//   then b1q (H int16), w2q (B blocks of 2H int16, the side to move's half first), b2q (B int32)
import type { PieceLetter } from './types.ts';
import { NetworkFileError, NNUE_MAGIC, NNUE_PIECE_TYPES } from './nnue-file.ts';

import {
  featureIndexKB as factsFeatureIndexKB,
  KB_HEAVY_PIECES_MAX,
  KB_HIDDEN_STEP,
  KB_INPUTS,
  KB_KING_BUCKETS,
  KB_OUTPUT_BUCKETS_MAX,
  KB_PLANE,
  KB_QA,
  KB_QA_MAX,
  KB_QB,
  KB_QB_MAX,
  KB_SCALE,
  NNUE_HIDDEN_MAX,
  outputBucketKB,
} from './shared.ts';

export {
  KB_HEAVY_PIECES_MAX,
  KB_INPUTS,
  KB_KING_BUCKETS,
  KB_OUTPUT_BUCKETS_MAX,
  KB_PLANE,
  KB_QA,
  KB_QA_MAX,
  KB_QB,
  KB_QB_MAX,
  KB_SCALE,
};
export const KB_VERSION = 2;
export const KB_HIDDEN_MIN = KB_HIDDEN_STEP;
export const KB_HIDDEN_MAX = NNUE_HIDDEN_MAX;
export const KB_HEADER_BYTES = 12;

/** A version 2 network (king buckets): the integer weights of an `.nnue` file, layout in tune/README.md. */
export interface KingBucketNetwork {
  /** The file format's version. */
  version: 2;
  /** Hidden units H of the first layer (per side). */
  hidden: number;
  /** Output buckets B (by material), each with its own output weights. */
  outputBuckets: number;
  /** The first layer's scale: an activation of 1.0 (a power of two from KB_QA to KB_QA_MAX). */
  qa: number;
  /** The output layer's scale: a weight of 1.0 (a power of two from KB_QB to KB_QB_MAX). */
  qb: number;
  /** KB_INPUTS * H: input f's weights at f * H .. f * H + H - 1. */
  w1: Int8Array;
  /** H first-layer biases. */
  b1: Int16Array;
  /** B * 2H: bucket o's weights at o * 2H, the side to move's half first. */
  w2: Int16Array;
  /** B. */
  b2: Int32Array;
}

/**
 * For a king on `point` (0..89, as its own side sees the board: rank 0 its back rank): its bucket, and
 * whether that side reads the board mirrored (files 8 - f); -1 for a point outside the palace.
 */
export function kingBucket(point: number): { bucket: number; mirror: boolean } {
  const rank = Math.floor(point / 9);
  const file = point % 9;
  if (rank > 2 || file < 3 || file > 5) return { bucket: -1, mirror: false };
  // Where facts.ts's index puts Red's own king on rank 0, file 0 is the bucket's first input.
  const first = factsFeatureIndexKB(0, rank, file, 0, 0, 0, 0);
  return { bucket: Math.floor(first / KB_PLANE), mirror: first % 9 !== 0 };
}

/** `square` (0..89, Red's view) as `perspective` sees it, before any mirroring. */
export function viewPoint(perspective: number, square: number): number {
  return perspective === 0 ? square : (9 - Math.floor(square / 9)) * 9 + (square % 9);
}

/**
 * The input a piece of `colour` (0 Red, 1 Black) and `type` (0..6, K A B N R C P) on `square`
 * activates for `perspective`, whose own king stands on `kingSquare` (both Red's view, 0..89).
 */
export function featureIndexKB(
  perspective: number,
  kingSquare: number,
  colour: number,
  type: number,
  square: number,
): number {
  if (kingBucket(viewPoint(perspective, kingSquare)).bucket < 0)
    throw new RangeError(`a king cannot stand on point ${kingSquare}`);
  const rankOf = (q: number) => Math.floor(q / 9);
  return factsFeatureIndexKB(perspective, rankOf(kingSquare), kingSquare % 9, colour, type, rankOf(square), square % 9);
}

/** The output bucket for `heavy` rooks, horses and cannons on the board (0..12), of `buckets`. */
export function outputBucket(heavy: number, buckets: number): number {
  return outputBucketKB(heavy, buckets);
}

export function isValidKbHidden(hidden: number): boolean {
  return Number.isInteger(hidden) && hidden % 16 === 0 && hidden >= KB_HIDDEN_MIN && hidden <= KB_HIDDEN_MAX;
}

/** Whether `scale` is a power of two from `least` to `most`. */
function isScale(scale: number, least: number, most: number): boolean {
  return Number.isInteger(scale) && scale >= least && scale <= most && (scale & (scale - 1)) === 0;
}

export function kbFileLength(hidden: number, buckets: number): number {
  return KB_HEADER_BYTES + KB_INPUTS * hidden + hidden * 2 + buckets * 2 * hidden * 2 + buckets * 4;
}

/**
 * Writes a version 2 network as the bytes of an `.nnue` file (decodeKingBucketNetwork reads them back);
 * throws RangeError for sizes the engine cannot hold.
 */
export function encodeKingBucketNetwork(net: KingBucketNetwork): Uint8Array {
  const { hidden: h, outputBuckets: b } = net;
  if (!isValidKbHidden(h)) throw new RangeError(`hidden size ${h} is not a multiple of 16 in 16..${KB_HIDDEN_MAX}`);
  if (!Number.isInteger(b) || b < 1 || b > KB_OUTPUT_BUCKETS_MAX)
    throw new RangeError(`${b} output buckets: 1..${KB_OUTPUT_BUCKETS_MAX}`);
  if (!isScale(net.qa, KB_QA, KB_QA_MAX))
    throw new RangeError(`QA ${net.qa}: a power of two in ${KB_QA}..${KB_QA_MAX}`);
  if (!isScale(net.qb, KB_QB, KB_QB_MAX))
    throw new RangeError(`QB ${net.qb}: a power of two in ${KB_QB}..${KB_QB_MAX}`);
  if (net.w1.length !== KB_INPUTS * h || net.b1.length !== h || net.w2.length !== b * 2 * h || net.b2.length !== b)
    throw new RangeError(`for H = ${h} and ${b} buckets the arrays have the wrong lengths`);
  const bytes = new Uint8Array(kbFileLength(h, b));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = NNUE_MAGIC.charCodeAt(i);
  view.setUint16(4, KB_VERSION, true);
  view.setUint16(6, h, true);
  bytes[8] = KB_KING_BUCKETS;
  bytes[9] = b;
  // The first files' 0 stands for the first scales: a network at them is written as they were.
  bytes[10] = net.qa === KB_QA ? 0 : Math.log2(net.qa);
  bytes[11] = net.qb === KB_QB ? 0 : Math.log2(net.qb);
  bytes.set(new Uint8Array(net.w1.buffer, net.w1.byteOffset, net.w1.length), KB_HEADER_BYTES);
  let at = KB_HEADER_BYTES + net.w1.length;
  for (const v of net.b1) view.setInt16((at += 2) - 2, v, true);
  for (const v of net.w2) view.setInt16((at += 2) - 2, v, true);
  for (const v of net.b2) view.setInt32((at += 4) - 4, v, true);
  return bytes;
}

/** Reads a version 2 file (nnue-file.ts decodeNetwork reads either version); throws NetworkFileError. */
export function decodeKingBucketNetwork(bytes: Uint8Array): KingBucketNetwork {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < KB_HEADER_BYTES)
    throw new NetworkFileError(`the file ends inside the ${KB_HEADER_BYTES}-byte header`, bytes.length);
  const h = view.getUint16(6, true);
  if (!isValidKbHidden(h))
    throw new NetworkFileError(`hidden size ${h} is not a multiple of 16 in 16..${KB_HIDDEN_MAX}`, 6);
  if (bytes[8] !== KB_KING_BUCKETS) throw new NetworkFileError(`${bytes[8]} king buckets, not ${KB_KING_BUCKETS}`, 8);
  const b = bytes[9]!;
  if (b < 1 || b > KB_OUTPUT_BUCKETS_MAX)
    throw new NetworkFileError(`${b} output buckets: 1..${KB_OUTPUT_BUCKETS_MAX}`, 9);
  const qa = bytes[10] ? 2 ** bytes[10] : KB_QA;
  if (!isScale(qa, KB_QA, KB_QA_MAX))
    throw new NetworkFileError(`first-layer scale 2^${bytes[10]}: QA is ${KB_QA}..${KB_QA_MAX}`, 10);
  const qb = bytes[11] ? 2 ** bytes[11] : KB_QB;
  if (!isScale(qb, KB_QB, KB_QB_MAX))
    throw new NetworkFileError(`output scale 2^${bytes[11]}: QB is ${KB_QB}..${KB_QB_MAX}`, 11);
  const length = kbFileLength(h, b);
  if (bytes.length < length)
    throw new NetworkFileError(
      `the file ends early: H = ${h} and ${b} buckets need ${length} bytes, it has ${bytes.length}`,
      bytes.length,
    );
  if (bytes.length > length)
    throw new NetworkFileError(`${bytes.length - length} bytes after the network's end`, length);
  const w1 = new Int8Array(bytes.slice(KB_HEADER_BYTES, KB_HEADER_BYTES + KB_INPUTS * h).buffer);
  let at = KB_HEADER_BYTES + KB_INPUTS * h;
  const b1 = Int16Array.from({ length: h }, () => view.getInt16((at += 2) - 2, true));
  const w2 = Int16Array.from({ length: b * 2 * h }, () => view.getInt16((at += 2) - 2, true));
  const b2 = Int32Array.from({ length: b }, () => view.getInt32((at += 4) - 4, true));
  return { version: 2, hidden: h, outputBuckets: b, qa, qb, w1, b1, w2, b2 };
}

/** Colour (0 Red, 1 Black) and type (0..6) of a FEN letter. */
function pieceOf(letter: PieceLetter): { colour: number; type: number } {
  const red = NNUE_PIECE_TYPES.indexOf(letter);
  return red >= 0 ? { colour: 0, type: red } : { colour: 1, type: NNUE_PIECE_TYPES.toLowerCase().indexOf(letter) };
}

/** The integer output outq of the network for a position (`board`: 90 points, rank * 9 + file). */
export function referenceOutputKB(
  net: KingBucketNetwork,
  board: readonly (PieceLetter | null)[],
  blackToMove: boolean,
): number {
  if (board.length !== 90) throw new Error(`a board has 90 points, not ${board.length}`);
  const h = net.hidden;
  const kings = [board.indexOf('K'), board.indexOf('k')];
  if (kings[0]! < 0 || kings[1]! < 0) throw new Error('both kings must be on the board');
  const acc = [Array.from(net.b1), Array.from(net.b1)] as [number[], number[]];
  let heavy = 0;
  board.forEach((letter, square) => {
    if (letter === null) return;
    const { colour, type } = pieceOf(letter);
    if (type >= 3 && type <= 5) heavy++;
    for (let p = 0; p < 2; p++) {
      const row = featureIndexKB(p, kings[p]!, colour, type, square) * h;
      for (let j = 0; j < h; j++) acc[p]![j]! += net.w1[row + j]!;
    }
  });
  const stm = blackToMove ? 1 : 0;
  const o = outputBucket(heavy, net.outputBuckets);
  let outq = net.b2[o]!;
  for (let half = 0; half < 2; half++) {
    const sums = acc[half === 0 ? stm : stm ^ 1]!;
    for (let j = 0; j < h; j++) {
      const wrapped = (sums[j]! << 16) >> 16;
      const hq = wrapped < 0 ? 0 : wrapped > net.qa ? net.qa : wrapped;
      outq = (outq + hq * net.w2[o * 2 * h + half * h + j]!) | 0;
    }
  }
  return outq;
}

/** The network's score of a position, centipawns for the side to move: what the engine must give. */
export function referenceEvaluateKB(
  net: KingBucketNetwork,
  board: readonly (PieceLetter | null)[],
  blackToMove: boolean,
): number {
  return kbCentipawns(referenceOutputKB(net, board, blackToMove), net);
}

/** outq * KB_SCALE / (QA * QB), truncated toward zero (exact in float64, as outputToCentipawns). */
export function kbCentipawns(outq: number, { qa, qb }: { qa: number; qb: number }): number {
  const scaled = outq * KB_SCALE;
  const divisor = qa * qb;
  return (scaled - (scaled % divisor)) / divisor;
}
