// The network evaluation: an efficiently updatable network (NNUE) loaded at run time, in either of
// two file versions (web/engine/nnue-file.ts, nnue-kb.ts).
// - Version 1: inputs are piece kind x point seen from each side (own pieces first; Black's view
//   flips the ranks), one layer of H int16 accumulators per side, clipped to [0, QA], then one output
//   over the side to move's H and the other side's H.
// - Version 2: the same inputs bucketed by where each side's own king stands (six buckets, the board
//   read mirrored when the king is on file f), int8 first-layer weights, and one output layer per
//   bucket of material (the rooks, horses and cannons on the board).
// Accumulators follow the moves lazily: make only notes the move (noteMove); the evaluation brings
// the nearest computed ancestor forward, or recomputes from the pieces when none is near, or (version
// 2) for a side whose king moved, since its every input changed.
import {
  NNUE_RING,
  NNUE_NET,
  NNUE_ACC,
  NNUE_META,
  NNUE_CACHE,
  NNUE_CACHE_ENTRY,
  PIECE_SQ,
  SQUARE90,
  SQUARE90_FLIPPED,
  NNUE_KIND,
} from './layout';
import { ldU8, stU8, ld16, ld32, st32 } from './target/mem';
import {
  vecCopy,
  vecAdd,
  vecMove,
  vecCapture,
  vecClampDot,
  vecMoveDot,
  vecCaptureDot,
  vecMoveDot8,
  vecCaptureDot8,
  vecAdd8,
  vecSub8,
  vecMove8,
  vecCapture8,
} from './target/vec';
import { pieceSide, pieceType, rankOf, fileOf, sideTag, SLOT_KNIGHT, SLOT_PAWN } from './pieces';
import {
  NNUE_INPUTS,
  NNUE_HIDDEN_MIN,
  NNUE_HIDDEN_STEP,
  NNUE_HIDDEN_MAX,
  NNUE_QA,
  NNUE_QB,
  NNUE_OUTPUT_SCALE,
  featureIndex,
  KB_INPUTS,
  KB_PLANE,
  KB_QA,
  KB_QA_MAX,
  KB_QB_MAX,
  KB_QB,
  KB_SCALE,
  KB_HIDDEN_STEP,
  KB_OUTPUT_BUCKETS_MAX,
  featureIndexKB,
  outputBucketKB,
} from './facts';

const QA: i32 = NNUE_QA;
const OUTPUT_SCALE: f64 = <f64>NNUE_OUTPUT_SCALE;

/** Hidden units of the loaded network; 0 when the hand-written evaluation is in use. */
export let networkHidden: i32 = 0;
/** The loaded network's file version (1 or 2); 0 with none. */
let version: i32 = 0;
let outputBuckets: i32 = 1;
/** The version 2 network's scales (its file names them). */
let kbQa: i32 = KB_QA;
let kbQb: i32 = KB_QB;
let biases: i32 = 0;
let outputWeights: i32 = 0;
let outputBias: i32 = 0;

/** Where the host writes a network file's body (everything after its header). */
export function networkAddress(): i32 {
  return NNUE_NET;
}

/**
 * Switches to the version 1 network whose body the host has written at networkAddress() (h hidden
 * units), or back to the hand-written evaluation (h = 0). Returns false for an h the engine cannot hold.
 */
export function useNetwork(h: i32): bool {
  if (h != 0 && (h < NNUE_HIDDEN_MIN || h > NNUE_HIDDEN_MAX || (h & (NNUE_HIDDEN_STEP - 1)) != 0)) return false;
  networkHidden = h;
  version = h == 0 ? 0 : 1;
  outputBuckets = 1;
  biases = NNUE_NET + NNUE_INPUTS * h * 2;
  outputWeights = biases + h * 2;
  outputBias = outputWeights + h * 4;
  forgetAccumulators();
  return true;
}

/**
 * Switches to the version 2 network written at networkAddress(): h hidden units, `buckets` output
 * buckets, scales qa and qb (powers of two from KB_QA to KB_QA_MAX and from KB_QB to KB_QB_MAX).
 */
export function useKingBucketNetwork(h: i32, buckets: i32, qa: i32, qb: i32): bool {
  if (h < KB_HIDDEN_STEP || h > NNUE_HIDDEN_MAX || (h & (KB_HIDDEN_STEP - 1)) != 0) return false;
  if (buckets < 1 || buckets > KB_OUTPUT_BUCKETS_MAX) return false;
  if (qa < KB_QA || qa > KB_QA_MAX || (qa & (qa - 1)) != 0) return false;
  if (qb < KB_QB || qb > KB_QB_MAX || (qb & (qb - 1)) != 0) return false;
  kbQa = qa;
  kbQb = qb;
  networkHidden = h;
  version = 2;
  outputBuckets = buckets;
  biases = NNUE_NET + KB_INPUTS * h;
  outputWeights = biases + h * 2;
  outputBias = outputWeights + buckets * h * 4;
  forgetAccumulators();
  // Each cache entry starts as the accumulator of no pieces: refreshView adds whatever stands.
  for (let i = 0; i < 2 * 9; i++) {
    const entry = NNUE_CACHE + i * NNUE_CACHE_ENTRY;
    vecCopy(entry, biases, h);
    for (let id = 16; id < 48; id++) stU8(entry + NNUE_CACHE_PIECES + id - 16, 0);
  }
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

// ---- version 2: where a view's king stands picks its inputs ----------------------------------------

/**
 * Per view, from its king's point: what its bucket adds to an input's version 1 index, and whether
 * the files are read mirrored (featureIndexKB says how; read once when the kings are placed).
 */
let bucketBase0: i32 = 0;
let bucketBase1: i32 = 0;
let mirror0: bool = false;
let mirror1: bool = false;
/** Each view's entry in the accumulator cache: the one for the palace point its king stands on. */
let cacheEntry0: i32 = 0;
let cacheEntry1: i32 = 0;
const NNUE_CACHE_PIECES: i32 = NNUE_HIDDEN_MAX * 2;

/** Reads where both kings stand (version 2 only). */
function placeKings(): void {
  for (let view = 0; view < 2; view++) {
    const king = ldU8(PIECE_SQ + sideTag(view));
    const rank = rankOf(king);
    const file = fileOf(king);
    // The same input with and without the bucket, at file 0 as the view reads it.
    const mirrored = featureIndexKB(view, rank, file, 0, 0, 0, 0) % KB_PLANE != featureIndex(view, 0, 0, 0, 0);
    const base = featureIndexKB(view, rank, file, 0, 0, 0, 0) - featureIndex(view, 0, 0, 0, mirrored ? 8 : 0);
    // The palace point as the view sees it: 0..8, rank from its own side times file d..f.
    const entry = NNUE_CACHE + (view * 9 + (view == 0 ? rank : 9 - rank) * 3 + file - 3) * NNUE_CACHE_ENTRY;
    if (view == 0) {
      bucketBase0 = base;
      mirror0 = mirrored;
      cacheEntry0 = entry;
    } else {
      bucketBase1 = base;
      mirror1 = mirrored;
      cacheEntry1 = entry;
    }
  }
}

/** The first-layer row of a piece on a mailbox square, from `view`'s side. */
function row(view: i32, id: i32, sq: i32): i32 {
  // featureIndex by tables: the piece's first input for the view, plus its point as the view sees it.
  let input = ld16(NNUE_KIND + ((view << 6) + id) * 2) + ldU8((view == 0 ? SQUARE90 : SQUARE90_FLIPPED) + sq);
  if (version == 1) return NNUE_NET + ((input * networkHidden) << 1);
  if (view == 0 ? mirror0 : mirror1) input += 8 - 2 * fileOf(sq);
  return NNUE_NET + (input + (view == 0 ? bucketBase0 : bucketBase1)) * networkHidden;
}

/**
 * Recomputes `view`'s accumulator of `length` from the pieces on the board. Version 2 starts from the
 * accumulator last made for the king's present point and moves only the pieces that stand elsewhere
 * since (a king's move changes every input, but few pieces have moved since it last stood there);
 * the i16 sums wrap alike in any order, so the result is the one a recount gives.
 */
function refreshView(length: i32, view: i32): void {
  const h = networkHidden;
  const acc = accumulator(length, view);
  if (version == 1) {
    vecCopy(acc, biases, h);
    for (let id = 16; id < 48; id++) {
      const sq = ldU8(PIECE_SQ + id);
      if (sq != 0) vecAdd(acc, row(view, id, sq), h);
    }
    return;
  }
  const entry = view == 0 ? cacheEntry0 : cacheEntry1;
  const pieces = entry + NNUE_CACHE_PIECES;
  for (let id = 16; id < 48; id++) {
    const sq = ldU8(PIECE_SQ + id);
    const was = ldU8(pieces + id - 16);
    if (sq == was) continue;
    if (was != 0) vecSub8(entry, row(view, id, was), h);
    if (sq != 0) vecAdd8(entry, row(view, id, sq), h);
    stU8(pieces + id - 16, sq);
  }
  vecCopy(acc, entry, h);
}

/** Brings `view`'s accumulator of `src` to `dst` by the move noted at slot `length`. */
function applyMove(dst: i32, src: i32, length: i32, view: i32): void {
  const h = networkHidden;
  const m = NNUE_META + (length & (NNUE_RING - 1)) * 8;
  const piece = ldU8(m + 4);
  const from = ldU8(m + 5);
  const to = ldU8(m + 6);
  const captured = ldU8(m + 7);
  if (piece == 0) {
    if (dst != src) vecCopy(dst, src, h);
  } else if (version == 1) {
    if (captured == 0) vecMove(dst, src, row(view, piece, to), row(view, piece, from), h);
    else vecCapture(dst, src, row(view, piece, to), row(view, piece, from), row(view, captured, to), h);
  } else if (captured == 0) {
    vecMove8(dst, src, row(view, piece, to), row(view, piece, from), h);
  } else {
    vecCapture8(dst, src, row(view, piece, to), row(view, piece, from), row(view, captured, to), h);
  }
}

/** Whether the move noted at slot `length` moved `view`'s own king (all of that view's inputs change):
 *  a king's id is its side's tag (pieces.ts). */
function kingMoved(length: i32, view: i32): bool {
  return ldU8(NNUE_META + (length & (NNUE_RING - 1)) * 8 + 4) == sideTag(view);
}

/**
 * Makes the accumulators of `length` current, from the nearest computed ancestor or from the
 * pieces, and returns the output layer's sum over them for `side` to move (`weights`: the side to
 * move's half, then the other's). A position is nearly always evaluated right after a move, so the
 * last move's update and the sum go in one pass (stepAndDot).
 */
function forwardSum(length: i32, side: i32, weights: i32, top: i32): i32 {
  const h = networkHidden;
  let known = length;
  let fresh = false;
  while (ld32(NNUE_META + (known & (NNUE_RING - 1)) * 8) != known) {
    // Too far back (or before the position was set): recompute this one from the pieces.
    if (known == 0 || length - known >= NNUE_RING - 1) {
      fresh = true;
      break;
    }
    known--;
  }
  if (version == 2) placeKings();
  let sum = 0;
  for (let k = 0; k < 2; k++) {
    const view = side ^ k;
    const w = weights + k * h * 2;
    const acc = accumulator(length, view);
    let refresh = fresh;
    if (!refresh && version == 2) {
      for (let n = known + 1; n <= length && !refresh; n++) refresh = kingMoved(n, view);
    }
    if (refresh) {
      refreshView(length, view);
      sum += vecClampDot(acc, w, h, top);
    } else if (known == length) {
      sum += vecClampDot(acc, w, h, top);
    } else if (version == 2) {
      // Straight into this position's slot: the ones between stay stale (their tag says so).
      const start = accumulator(known, view);
      for (let n = known + 1; n < length; n++) applyMove(acc, n == known + 1 ? start : acc, n, view);
      sum += stepAndDot(acc, length == known + 1 ? start : acc, length, view, w, top);
    } else {
      for (let n = known + 1; n < length; n++) applyMove(accumulator(n, view), accumulator(n - 1, view), n, view);
      sum += stepAndDot(acc, accumulator(length - 1, view), length, view, w, top);
    }
  }
  if (version == 1 && !fresh) {
    for (let n = known + 1; n < length; n++) st32(NNUE_META + (n & (NNUE_RING - 1)) * 8, n);
  }
  st32(NNUE_META + (length & (NNUE_RING - 1)) * 8, length);
  return sum;
}

/** Rooks, horses and cannons on the board, both sides (version 2's output bucket). */
function heavyPieces(): i32 {
  let n = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
    if (ldU8(PIECE_SQ + 16 + slot) != 0) n++;
    if (ldU8(PIECE_SQ + 32 + slot) != 0) n++;
  }
  return n;
}

/** applyMove from `src` to `dst` for `view` by the move noted at slot `length`, returning the output
 *  layer's sum over the result. */
function stepAndDot(dst: i32, src: i32, length: i32, view: i32, w: i32, top: i32): i32 {
  const h = networkHidden;
  const m = NNUE_META + (length & (NNUE_RING - 1)) * 8;
  const piece = ldU8(m + 4);
  if (piece == 0) {
    vecCopy(dst, src, h);
    return vecClampDot(dst, w, h, top);
  }
  const from = ldU8(m + 5);
  const to = ldU8(m + 6);
  const captured = ldU8(m + 7);
  const add = row(view, piece, to);
  const sub = row(view, piece, from);
  if (version == 1) {
    return captured == 0
      ? vecMoveDot(dst, src, add, sub, w, h, top)
      : vecCaptureDot(dst, src, add, sub, row(view, captured, to), w, h, top);
  }
  return captured == 0
    ? vecMoveDot8(dst, src, add, sub, w, h, top)
    : vecCaptureDot8(dst, src, add, sub, row(view, captured, to), w, h, top);
}

/**
 * Makes the accumulators of the position at history length `length` current (a search's root):
 * every position below then reaches a computed ancestor within its moves from the root and is
 * brought forward move by move. A root left uncomputed (in check, it is never evaluated) sent
 * every node with no evaluated ancestor back to a count of all the pieces.
 */
export function prepareAccumulators(length: i32, side: i32): void {
  if (networkHidden != 0) evaluateNetwork(length, side);
}

/** The network's score of the position at history length `length`, centipawns for `side` to move. */
export function evaluateNetwork(length: i32, side: i32): i32 {
  if (version == 1) {
    const sum = ld32(outputBias) + forwardSum(length, side, outputWeights, QA);
    // Exact in f64 (|sum * 400| < 2^53), truncated toward zero as the trainer's reference does.
    return (<i32>Math.trunc((<f64>sum * OUTPUT_SCALE) / <f64>(QA * NNUE_QB))) | 0; // | 0: never -0 in the JS build
  }
  const h = networkHidden;
  const bucket = outputBucketKB(heavyPieces(), outputBuckets);
  const sum = ld32(outputBias + bucket * 4) + forwardSum(length, side, outputWeights + bucket * h * 4, kbQa);
  return (<i32>Math.trunc((<f64>sum * <f64>KB_SCALE) / <f64>(kbQa * kbQb))) | 0;
}
