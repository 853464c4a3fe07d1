// The network evaluation: a small efficiently updatable network (NNUE) loaded at run time. Inputs
// are piece kind x point seen from each side (own pieces first; Black's view flips the ranks), one
// layer of H accumulators per side shared by both views, clipped to [0, QA], then one output over
// the side to move's H and the other side's H. Accumulators follow the moves lazily: make only
// notes the move (noteMove); the evaluation brings the nearest computed ancestor forward, or
// recomputes from the pieces when none is near. Quantisation and file layout: tune/README.md.
import {
  NNUE_INPUTS,
  NNUE_HIDDEN_MAX,
  NNUE_RING,
  NNUE_NET,
  NNUE_ACC,
  NNUE_META,
  PIECE_SQ,
  SQUARE90,
  SQUARE90_FLIPPED,
  NNUE_KIND,
} from './layout';
import { ldU8, stU8, ld16, ld32, st32 } from './target/mem';
import { vecCopy, vecAdd, vecMove, vecCapture, vecClampDot2 } from './target/vec';

/** Accumulator scale: a hidden unit's value 1.0 is QA. */
const QA: i32 = 255;
/** Output weight scale. */
const QB: i32 = 64;
/** Centipawns per unit of the float network's output. */
const OUTPUT_SCALE: f64 = 400.0;

/** Hidden units of the loaded network; 0 when the hand-written evaluation is in use. */
export let networkHidden: i32 = 0;
let biases: i32 = 0;
let outputWeights: i32 = 0;
let outputBias: i32 = 0;

/** Where the host writes a network file's body (everything after its 8-byte header). */
export function networkAddress(): i32 {
  return NNUE_NET;
}

/**
 * Switches to the network whose body the host has written at networkAddress() (h hidden units), or
 * back to the hand-written evaluation (h = 0). Returns false for an h the engine cannot hold.
 */
export function useNetwork(h: i32): bool {
  if (h != 0 && (h < 8 || h > NNUE_HIDDEN_MAX || (h & 7) != 0)) return false;
  networkHidden = h;
  biases = NNUE_NET + NNUE_INPUTS * h * 2;
  outputWeights = biases + h * 2;
  outputBias = outputWeights + h * 4;
  forgetAccumulators();
  return true;
}

/** Every accumulator is stale (a new position, or a new network). */
export function forgetAccumulators(): void {
  for (let i = 0; i < NNUE_RING; i++) st32(NNUE_META + i * 8, -1);
}

/** Called by make: the position at history length `length` came from this move (piece 0: a null move). */
export function noteMove(length: i32, piece: i32, from: i32, to: i32, captured: i32): void {
  const m = NNUE_META + (length & (NNUE_RING - 1)) * 8;
  st32(m, -1);
  stU8(m + 4, piece);
  stU8(m + 5, from);
  stU8(m + 6, to);
  stU8(m + 7, captured);
}

function accumulator(length: i32, view: i32): i32 {
  return NNUE_ACC + (((length & (NNUE_RING - 1)) << 1) + view) * NNUE_HIDDEN_MAX * 2;
}

/** The first-layer row of a piece on a mailbox square, from `view`'s side. */
function row(view: i32, id: i32, sq: i32): i32 {
  const point = ldU8((view == 0 ? SQUARE90 : SQUARE90_FLIPPED) + sq);
  return NNUE_NET + (((ld16(NNUE_KIND + ((view << 6) + id) * 2) + point) * networkHidden) << 1);
}

function refresh(length: i32): void {
  const h = networkHidden;
  for (let view = 0; view < 2; view++) {
    const acc = accumulator(length, view);
    vecCopy(acc, biases, h);
    for (let id = 16; id < 48; id++) {
      const sq = ldU8(PIECE_SQ + id);
      if (sq != 0) vecAdd(acc, row(view, id, sq), h);
    }
  }
  st32(NNUE_META + (length & (NNUE_RING - 1)) * 8, length);
}

/** Brings the accumulators of `length - 1` forward by the move noted at `length`. */
function update(length: i32): void {
  const h = networkHidden;
  const m = NNUE_META + (length & (NNUE_RING - 1)) * 8;
  const piece = ldU8(m + 4);
  const from = ldU8(m + 5);
  const to = ldU8(m + 6);
  const captured = ldU8(m + 7);
  for (let view = 0; view < 2; view++) {
    const dst = accumulator(length, view);
    const src = accumulator(length - 1, view);
    if (piece == 0) vecCopy(dst, src, h);
    else if (captured == 0) vecMove(dst, src, row(view, piece, to), row(view, piece, from), h);
    else vecCapture(dst, src, row(view, piece, to), row(view, piece, from), row(view, captured, to), h);
  }
  st32(m, length);
}

/** The network's score of the position at history length `length`, centipawns for `side` to move. */
export function evaluateNetwork(length: i32, side: i32): i32 {
  let known = length;
  while (ld32(NNUE_META + (known & (NNUE_RING - 1)) * 8) != known) {
    // Too far back (or before the position was set): recompute this one from the pieces.
    if (known == 0 || length - known >= NNUE_RING - 1) {
      refresh(length);
      known = length;
      break;
    }
    known--;
  }
  for (let n = known + 1; n <= length; n++) update(n);
  const h = networkHidden;
  const sum =
    ld32(outputBias) +
    vecClampDot2(accumulator(length, side), outputWeights, accumulator(length, side ^ 1), outputWeights + h * 2, h, QA);
  // Exact in f64 (|sum * 400| < 2^53), truncated toward zero as the trainer's reference does.
  return <i32>Math.trunc((<f64>sum * OUTPUT_SCALE) / <f64>(QA * QB));
}
