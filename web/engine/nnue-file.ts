// The network evaluation's file and the reference for its arithmetic: the trainer (tune/nnue-*.ts)
// writes the file, the engine reads it, and the engine's integer forward pass is tested against
// referenceEvaluate() here. Pure TypeScript over bytes and the board array, so it runs in Node and
// in the browser alike.
//
// The format's facts (the inputs and their index, the sizes, the quantisation) are assembly/facts.ts,
// which the engine reads too; this file is the byte layout and the integer reference. Inputs: from each
// perspective p (0 Red, 1 Black), every piece of colour c (0 Red, 1 Black) and type t (0..6 = K A B N R
// C P) on point sq = rank * 9 + file activates featureIndex(p, c, t, sq) of NNUE_INPUTS = 1,260: the
// board as p sees it, own pieces first (Black's view flips the ranks).
//
// Network (H hidden units, one first layer for both perspectives):
//   acc_p = b1 + sum of the W1 rows of p's active inputs
//   h     = clamp(acc_{side to move}, 0, 1) ++ clamp(acc_{other side}, 0, 1)          (2H values)
//   cp    = (b2 + w2 . h) * OUTPUT_SCALE, centipawns for the side to move
// Quantised: W1q = round(W1 * QA), b1q = round(b1 * QA) (int16), w2q = round(w2 * QB) (int16),
// b2q = round(b2 * QA * QB) (int32; the trainer also folds the mean offset of w2's rounding into it,
// tune/nnue-quantise.ts). The integer pass (referenceEvaluate) is
//   acc_q = b1q + sum W1q   in int16, wrapping (two's complement) like i16x8.add
//   hq    = clamp(acc_q, 0, QA)
//   outq  = b2q + sum hq * w2q   in int32, wrapping like i32.add
//   cp    = outputToCentipawns(outq) = outq * 400 / (QA * QB), the division truncating toward zero
// Wrapping makes the accumulator's value independent of the order of additions and subtractions
// (an engine may update it incrementally); the trainer clips the weights so that no sum of a real
// position ever wraps (see tune/nnue-model.ts), so wrapping is only the definition for odd files.
//
// File layout (little-endian), networkFileLength(H) bytes in all (323,340 for H = 128):
//   0                      "XQNN"        magic
//   4                      u16 version (1)
//   6                      u16 H         a multiple of 8, 8..1024 (the engine holds up to 256)
//   8                      W1q           1,260 rows of H int16, feature-major (one input's H weights together)
//   8 + 2520H              b1q           H int16
//   8 + 2522H              w2q           2H int16, the first H for the side to move's half
//   8 + 2526H              b2q           int32

import {
  featureIndex as engineFeatureIndex,
  NNUE_FILE_HIDDEN_MAX,
  NNUE_HIDDEN_MIN,
  NNUE_HIDDEN_STEP,
  NNUE_INPUTS,
  NNUE_OUTPUT_SCALE,
  NNUE_QA,
  NNUE_QB,
} from './shared.ts';
import type { PieceLetter } from './types.ts';

export { NNUE_FILE_HIDDEN_MAX, NNUE_HIDDEN_MIN, NNUE_HIDDEN_STEP, NNUE_INPUTS, NNUE_OUTPUT_SCALE, NNUE_QA, NNUE_QB };
export const NNUE_MAGIC = 'XQNN';
export const NNUE_VERSION = 1;
/** Bytes before the network's body (magic, version, H). */
export const NNUE_HEADER_BYTES = 8;
/** Piece types in input order; the record codes 1-7 (Red) and 9-15 (Black) minus 1 or 9. */
export const NNUE_PIECE_TYPES = 'KABNRCP';

/** A network as the file holds it. */
export interface QuantisedNetwork {
  /** H, the hidden units per perspective. */
  hidden: number;
  /** NNUE_INPUTS * H: input f's weights at f * H .. f * H + H - 1. */
  w1: Int16Array;
  /** H. */
  b1: Int16Array;
  /** 2H: the side to move's half first. */
  w2: Int16Array;
  /** An int32. */
  b2: number;
}

/** A network file that cannot be read; `offset` is the byte where it goes wrong. */
export class NetworkFileError extends Error {
  /** Always `NetworkFileError`, to tell this error from others by name. */
  override name = 'NetworkFileError';
  constructor(
    message: string,
    /** The byte of the file where reading failed. */
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`);
  }
}

/** The input a piece of `colour` (0 Red, 1 Black) and `type` (0..6, K A B N R C P) on point `square` activates for `perspective`. */
export function featureIndex(perspective: number, colour: number, type: number, square: number): number {
  return engineFeatureIndex(perspective, colour, type, Math.floor(square / 9), square % 9);
}

export function isValidHidden(hidden: number): boolean {
  return (
    Number.isInteger(hidden) &&
    hidden % NNUE_HIDDEN_STEP === 0 &&
    hidden >= NNUE_HIDDEN_MIN &&
    hidden <= NNUE_FILE_HIDDEN_MAX
  );
}

/** What isValidHidden asks, in words. */
export const VALID_HIDDEN = `a multiple of ${NNUE_HIDDEN_STEP} in ${NNUE_HIDDEN_MIN}..${NNUE_FILE_HIDDEN_MAX}`;

/** The file's size in bytes for H hidden units. */
export function networkFileLength(hidden: number): number {
  return NNUE_HEADER_BYTES + NNUE_INPUTS * hidden * 2 + hidden * 2 + 2 * hidden * 2 + 4;
}

/**
 * The integer output in centipawns: outq * 400 / (QA * QB), truncated toward zero. Exact: outq is an
 * int32, so outq * 400 (< 2^41) and its remainder are exact in a float64, and the remainder has the
 * dividend's sign, as a signed i64 division's does: an engine computes i64(outq) * 400 / 16320.
 */
export function outputToCentipawns(outq: number): number {
  const scaled = outq * NNUE_OUTPUT_SCALE;
  const divisor = NNUE_QA * NNUE_QB;
  return (scaled - (scaled % divisor)) / divisor;
}

/**
 * Writes a version 1 network as the bytes of an `.nnue` file (decodeNetwork reads them back);
 * throws RangeError for a hidden size the engine cannot hold.
 */
export function encodeNetwork(net: QuantisedNetwork): Uint8Array {
  const h = net.hidden;
  if (!isValidHidden(h)) throw new RangeError(`hidden size ${h} is not ${VALID_HIDDEN}`);
  if (net.w1.length !== NNUE_INPUTS * h || net.b1.length !== h || net.w2.length !== 2 * h) {
    throw new RangeError(
      `for H = ${h} the arrays must hold ${NNUE_INPUTS * h}, ${h} and ${2 * h} weights, not ${net.w1.length}, ${net.b1.length} and ${net.w2.length}`,
    );
  }
  if (!Number.isInteger(net.b2) || net.b2 !== (net.b2 | 0)) throw new RangeError(`b2 ${net.b2} is not an int32`);
  const bytes = new Uint8Array(networkFileLength(h));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = NNUE_MAGIC.charCodeAt(i);
  view.setUint16(4, NNUE_VERSION, true);
  view.setUint16(6, h, true);
  let at = NNUE_HEADER_BYTES;
  for (const block of [net.w1, net.b1, net.w2]) {
    for (let i = 0; i < block.length; i++, at += 2) view.setInt16(at, block[i]!, true);
  }
  view.setInt32(at, net.b2, true);
  return bytes;
}

/** Reads a network file; throws NetworkFileError when it is not a valid one. */
export function decodeNetwork(bytes: Uint8Array): QuantisedNetwork {
  if (bytes.length < NNUE_HEADER_BYTES)
    throw new NetworkFileError(`the file ends inside the ${NNUE_HEADER_BYTES}-byte header`, bytes.length);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== NNUE_MAGIC) throw new NetworkFileError(`not a network file: no "${NNUE_MAGIC}" at the start`, 0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== NNUE_VERSION)
    throw new NetworkFileError(`version ${version} is not supported (only ${NNUE_VERSION})`, 4);
  const h = view.getUint16(6, true);
  if (!isValidHidden(h)) throw new NetworkFileError(`hidden size ${h} is not ${VALID_HIDDEN}`, 6);
  const length = networkFileLength(h);
  if (bytes.length < length)
    throw new NetworkFileError(
      `the file ends early: H = ${h} needs ${length} bytes, it has ${bytes.length}`,
      bytes.length,
    );
  if (bytes.length > length)
    throw new NetworkFileError(
      `${bytes.length - length} bytes after the network's end: H = ${h} needs ${length} bytes`,
      length,
    );
  let at = NNUE_HEADER_BYTES;
  const read = (count: number): Int16Array => {
    const out = new Int16Array(count);
    for (let i = 0; i < count; i++, at += 2) out[i] = view.getInt16(at, true);
    return out;
  };
  const w1 = read(NNUE_INPUTS * h);
  const b1 = read(h);
  const w2 = read(2 * h);
  return { hidden: h, w1, b1, w2, b2: view.getInt32(at, true) };
}

/** Colour (0 Red, 1 Black) * 8 + type of a FEN letter; throws on anything else. */
function pieceOf(letter: string): number {
  const red = NNUE_PIECE_TYPES.indexOf(letter);
  if (red >= 0) return red;
  const black = NNUE_PIECE_TYPES.toLowerCase().indexOf(letter);
  if (black >= 0) return 8 + black;
  throw new Error(`"${letter}" is not a piece letter`);
}

/**
 * The quantised network's score of a position, centipawns for the side to move: the arithmetic the
 * engine's implementation must match exactly. `board`: the 90 points, rank * 9 + file (a0 = 0).
 */
export function referenceEvaluate(
  net: QuantisedNetwork,
  board: readonly (PieceLetter | null)[],
  blackToMove: boolean,
): number {
  return outputToCentipawns(referenceOutput(net, board, blackToMove));
}

/** The integer output outq (an int32) before its scaling to centipawns. */
export function referenceOutput(
  net: QuantisedNetwork,
  board: readonly (PieceLetter | null)[],
  blackToMove: boolean,
): number {
  if (board.length !== 90) throw new Error(`a board has 90 points, not ${board.length}`);
  const h = net.hidden;
  const stm = blackToMove ? 1 : 0;
  // Exact sums in float64, wrapped to int16 once at the end: the same as wrapping every addition.
  const acc = [Array.from(net.b1), Array.from(net.b1)] as [number[], number[]];
  for (let square = 0; square < 90; square++) {
    const letter = board[square];
    if (letter === null || letter === undefined) continue;
    const piece = pieceOf(letter);
    for (let p = 0; p < 2; p++) {
      const row = featureIndex(p, piece >> 3, piece & 7, square) * h;
      const sums = acc[p === stm ? 0 : 1];
      for (let j = 0; j < h; j++) sums[j]! += net.w1[row + j]!; // j < h: the length of b1
    }
  }
  let outq = net.b2 | 0;
  for (let half = 0; half < 2; half++) {
    for (let j = 0; j < h; j++) {
      const wrapped = (acc[half]![j]! << 16) >> 16;
      const hq = wrapped < 0 ? 0 : wrapped > NNUE_QA ? NNUE_QA : wrapped;
      outq = (outq + hq * net.w2[half * h + j]!) | 0;
    }
  }
  return outq;
}
