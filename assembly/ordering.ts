// Move ordering and what the search learns while it runs: the search stack (static evaluations
// and the moves that led to each ply), killers, countermoves, history, capture history and
// continuation history (1, 2 and 4 plies back) and the static evaluation's correction history,
// all kept bounded by gravity; the ordering scores built from them; and the late-move reduction table.
import {
  MAX_PLY,
  KILLERS,
  HISTORY_SCORES,
  MOVE_SCORES,
  SQUARES,
  COUNTER_MOVES,
  CAPTURE_HISTORY,
  CONT_HISTORY,
  CONT_INDEXES,
  SEARCH_STACK,
  STACK_ENTRY,
  LMR_TABLE,
  TRIED_MOVES,
  TRIED_QUIETS,
  TRIED_PER_PLY,
  PIECE_SQUARES,
  CONT_BASE,
  CORRECTION,
  CORRECTION_ENTRIES,
} from './layout';
import { ldU8, stU8, ld16, st16, ld32, st32 } from './target/mem';
import { moveListAt } from './movegen';
import { greatest } from './target/vec';
import { NO_EVAL } from './tt';
import { see, seeValue } from './see';
import { pieceType, squareTo90, moveFrom, moveTo } from './pieces';
import { side, pawnKey, nonPawnKeyRed, nonPawnKeyBlack } from './board';

// The search stack: per ply, the static evaluation, the continuation index of the move made from
// it (-1 for none or a null move), that move (0 for a null move), and the move a singular search
// leaves out. Plies -4..-1 exist so that looking back never leaves the stack.
export const SS_EVAL: i32 = 0;
export const SS_CONT: i32 = 4;
export const SS_MOVE: i32 = 8;
export const SS_EXCLUDED: i32 = 12;
export function stackAt(ply: i32): i32 {
  return SEARCH_STACK + (ply + 4) * STACK_ENTRY;
}

/** A move's piece (type and side) and target as one index 0..1259 for the continuation history. */
export function contIndex(piece: i32, to: i32): i32 {
  return ld16(CONT_BASE + (piece << 1)) + squareTo90(to);
}

// Ordering scores. Below the hash move they stay under 1 << ORDER_BITS (the threaded build packs a
// move's rank above them) and never go negative.
const SCORE_HASH: i32 = (1 << 24) - 1;
export const SCORE_GOOD_CAPTURE: i32 = 1 << 23;
export const SCORE_KILLER: i32 = 1 << 22;
export const SCORE_QUIET: i32 = 1 << 21; // plus history, within +/- 5 * HISTORY_MAX
const SCORE_BAD_CAPTURE: i32 = 1 << 18;
// A good capture's score can fall a little below SCORE_GOOD_CAPTURE (by its capture history), but
// stays far above the killers.
const GOOD_CAPTURES_FROM: i32 = SCORE_GOOD_CAPTURE - (1 << 20);
export const ORDER_BITS: i32 = 25;
// The list keeps each move's score shifted up over its place in the list, counted down from the
// top (a move list holds at most 119 moves: two rooks and two cannons 17 each, two horses 8, five
// pawns 3, the advisors, elephants and king 20). The greatest key is then the first of the best
// moves, found in one pass over the keys; every score (good captures stay below 1 << 24) fits.
const PLACE_BITS: i32 = 7;
const PLACE_TOP: i32 = (1 << PLACE_BITS) - 1;

function keyOf(score: i32, i: i32): i32 {
  return (score << PLACE_BITS) | (PLACE_TOP - i);
}

/** Keys below every move's, after the last of a scored list: picks read eight keys at a time. */
function padKeys(scores: i32, n: i32): void {
  for (let i = n; i < n + 7; i++) st32(scores + (i << 2), -1);
}

/** The ordering score of the move at place i of a scored list (scores: its MOVE_SCORES row). */
export function orderAt(scores: i32, i: i32): i32 {
  return ld32(scores + (i << 2)) >> PLACE_BITS;
}

const HISTORY_MAX: i32 = 16384;

/** Adds `bonus` to a history value with gravity: it stays within +/- HISTORY_MAX. */
function nudged(value: i32, bonus: i32): i32 {
  const magnitude = bonus < 0 ? -bonus : bonus;
  return value + bonus - (((value * magnitude) / HISTORY_MAX) | 0);
}

function historyBonus(depth: i32): i32 {
  const b = 12 * depth * depth + 48 * depth;
  return b < 1600 ? b : 1600;
}

function mainHistoryAt(piece: i32, to: i32): i32 {
  return HISTORY_SCORES + (piece * 256 + to) * 4;
}
function captureHistoryAt(piece: i32, to: i32, victim: i32): i32 {
  return CAPTURE_HISTORY + ((piece * 256 + to) * 8 + pieceType(victim)) * 2;
}
/** The continuation history of a move with index `cont` after the move `back` plies earlier. */
function contHistoryAt(ply: i32, back: i32, cont: i32): i32 {
  const earlier = ld32(stackAt(ply - back) + SS_CONT);
  return earlier < 0 ? -1 : CONT_HISTORY + (earlier * CONT_INDEXES + cont) * 2;
}
function nudgeContHistory(ply: i32, back: i32, cont: i32, bonus: i32): void {
  const at = contHistoryAt(ply, back, cont);
  if (at >= 0) st16(at, nudged(ld16(at), bonus));
}

/** The row of the continuation history for moves `back` plies after the one made then, or -1. */
function contHistoryRow(ply: i32, back: i32): i32 {
  const earlier = ld32(stackAt(ply - back) + SS_CONT);
  return earlier < 0 ? -1 : CONT_HISTORY + earlier * CONT_INDEXES * 2;
}

/** How much history a quiet move has: the sum the ordering and the reductions go by (rows from contHistoryRow). */
function quietHistory(piece: i32, to: i32, row1: i32, row2: i32, row4: i32): i32 {
  const cont = contIndex(piece, to) << 1;
  let h = 2 * ld32(mainHistoryAt(piece, to));
  if (row1 >= 0) h += ld16(row1 + cont);
  if (row2 >= 0) h += ld16(row2 + cont);
  if (row4 >= 0) h += ld16(row4 + cont);
  return h;
}

function captureOrder(piece: i32, victim: i32, to: i32): i32 {
  return seeValue(victim, to) * 8 + (ld16(captureHistoryAt(piece, to, victim)) >> 4);
}

/** Whether a capture keeps at least what it takes: cheaper for the obvious cases. */
export function goodCapture(mv: i32, piece: i32, victim: i32): bool {
  const to = moveTo(mv);
  if (seeValue(victim, to) >= seeValue(piece, moveFrom(mv))) return true;
  return see(mv) >= 0;
}

export function scoreMoves(list: i32, n: i32, ply: i32, hashMove: i32): void {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  const killer1 = ld32(KILLERS + ply * 8);
  const killer2 = ld32(KILLERS + ply * 8 + 4);
  const previous = ld32(stackAt(ply - 1) + SS_MOVE);
  let counter = 0;
  if (previous > 0) {
    const prevTo = moveTo(previous);
    counter = ld32(COUNTER_MOVES + (ldU8(SQUARES + prevTo) * 256 + prevTo) * 4);
  }
  const row1 = contHistoryRow(ply, 1);
  const row2 = contHistoryRow(ply, 2);
  const row4 = contHistoryRow(ply, 4);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const piece = ldU8(SQUARES + moveFrom(mv));
    const to = moveTo(mv);
    const victim = ldU8(SQUARES + to);
    let s = 0;
    if (mv == hashMove) s = SCORE_HASH;
    else if (victim != 0) {
      // Taken for good until picked: pickScored asks the exchange then (most nodes cut before).
      s = captureOrder(piece, victim, to) + SCORE_GOOD_CAPTURE;
    } else if (mv == killer1) s = SCORE_KILLER + 2;
    else if (mv == killer2) s = SCORE_KILLER + 1;
    else if (mv == counter) s = SCORE_KILLER;
    else s = SCORE_QUIET + quietHistory(piece, to, row1, row2, row4);
    st32(scores + (i << 2), keyOf(s, i));
  }
  padKeys(scores, n);
}

/** Captures for quiescence: most valuable victim first, least valuable attacker first. */
export function scoreCaptures(list: i32, n: i32): void {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const from = moveFrom(mv);
    const to = moveTo(mv);
    const victim = ldU8(SQUARES + to);
    const s =
      victim != 0
        ? SCORE_GOOD_CAPTURE + seeValue(victim, to) * 16 - (seeValue(ldU8(SQUARES + from), from) >> 4)
        : SCORE_QUIET;
    st32(scores + (i << 2), keyOf(s, i));
  }
  padKeys(scores, n);
}

/** The place (i or later) of the first of the best-scored moves left in a scored list. */
function bestPlace(scores: i32, n: i32, i: i32): i32 {
  return PLACE_TOP - (greatest(scores + (i << 2), n - i) & PLACE_TOP);
}

/** Moves the best-scored remaining move to position i and returns it (the first of equals). */
export function pickMove(list: i32, n: i32, i: i32): i32 {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  return swapInto(list, scores, bestPlace(scores, n, i), i);
}

/**
 * pickMove for a list scored by scoreMoves, which scores every capture as good. A capture that
 * comes up first is asked the static exchange now: one that loses material drops to the bad
 * captures and the pick is made again. The moves come out in the order that scoring every capture
 * by its exchange first would give, but captures a cutoff leaves untried are never asked.
 */
export function pickScored(list: i32, n: i32, i: i32): i32 {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  for (;;) {
    const best = bestPlace(scores, n, i);
    const value = orderAt(scores, best);
    if (value >= GOOD_CAPTURES_FROM && value < SCORE_HASH) {
      const mv = ld32(list + (best << 2));
      const to = moveTo(mv);
      if (!goodCapture(mv, ldU8(SQUARES + moveFrom(mv)), ldU8(SQUARES + to))) {
        st32(scores + (best << 2), keyOf(value - SCORE_GOOD_CAPTURE + SCORE_BAD_CAPTURE, best));
        continue;
      }
    }
    return swapInto(list, scores, best, i);
  }
}

/** Swaps the move at `best` (and its score) into position i; returns it. */
function swapInto(list: i32, scores: i32, best: i32, i: i32): i32 {
  if (best != i) {
    const mv = ld32(list + (best << 2));
    const key = ld32(scores + (best << 2));
    st32(list + (best << 2), ld32(list + (i << 2)));
    st32(list + (i << 2), mv);
    // The move taken from place i keeps its score under its new place.
    st32(scores + (best << 2), keyOf(orderAt(scores, i), best));
    st32(scores + (i << 2), keyOf(key >> PLACE_BITS, i));
    return mv;
  }
  return ld32(list + (i << 2));
}

/** Remembers that `mv` (a quiet move) refuted the position at `ply`, and that the quiets tried before it did not. */
export function rewardQuiet(ply: i32, mv: i32, depth: i32, quietsTried: i32): void {
  const k1 = KILLERS + ply * 8;
  if (ld32(k1) != mv) {
    st32(k1 + 4, ld32(k1));
    st32(k1, mv);
  }
  const previous = ld32(stackAt(ply - 1) + SS_MOVE);
  if (previous > 0) {
    const prevTo = moveTo(previous);
    st32(COUNTER_MOVES + (ldU8(SQUARES + prevTo) * 256 + prevTo) * 4, mv);
  }
  const bonus = historyBonus(depth);
  const tried = TRIED_MOVES + ply * TRIED_PER_PLY * 4;
  for (let i = 0; i < quietsTried; i++) {
    const q = ld32(tried + i * 4);
    const piece = ldU8(SQUARES + moveFrom(q));
    const to = moveTo(q);
    const b = q == mv ? bonus : -bonus;
    const h = mainHistoryAt(piece, to);
    st32(h, nudged(ld32(h), b));
    const cont = contIndex(piece, to);
    nudgeContHistory(ply, 1, cont, b);
    nudgeContHistory(ply, 2, cont, b);
    nudgeContHistory(ply, 4, cont, b);
  }
}

/** The capture history learns from a cutoff: `best` (if a capture) did, the captures tried before did not. */
export function rewardCaptures(ply: i32, best: i32, depth: i32, capturesTried: i32): void {
  const bonus = historyBonus(depth);
  const tried = TRIED_MOVES + (ply * TRIED_PER_PLY + TRIED_QUIETS) * 4;
  for (let i = 0; i < capturesTried; i++) {
    const c = ld32(tried + i * 4);
    const to = moveTo(c);
    const h = captureHistoryAt(ldU8(SQUARES + moveFrom(c)), to, ldU8(SQUARES + to));
    st16(h, nudged(ld16(h), c == best ? bonus : -bonus));
  }
}

export function lmr(depth: i32, rank: i32): i32 {
  return ldU8(LMR_TABLE + (depth < 63 ? depth : 63) * 64 + (rank < 63 ? rank : 63));
}

/** Sets up the search stack (the reduction table is filled from params.ts's constants: fillReductionTable). */
export function initSearchTables(): void {
  for (let ply = -4; ply < MAX_PLY + 4; ply++) clearStackEntry(ply);
}

/** The late-move reduction table: base + ln(depth) * ln(move number) / divisor, both in hundredths. */
export function fillReductionTable(base: i32, divisor: i32): void {
  for (let d = 0; d < 64; d++) {
    for (let m = 0; m < 64; m++) {
      const r =
        d == 0 || m == 0 ? 0.0 : <f64>base / 100.0 + (Math.log(<f64>d) * Math.log(<f64>m)) / (<f64>divisor / 100.0);
      stU8(LMR_TABLE + d * 64 + m, r > 0 ? <i32>Math.floor(r) : 0);
    }
  }
}

function clearStackEntry(ply: i32): void {
  const at = stackAt(ply);
  st32(at + SS_EVAL, NO_EVAL);
  st32(at + SS_CONT, -1);
  st32(at + SS_MOVE, -1);
  st32(at + SS_EXCLUDED, 0);
}

/** Every ply's search-stack entry as a new search finds it (weakened play starts from nothing). */
export function clearSearchStack(): void {
  for (let ply = -4; ply < MAX_PLY + 4; ply++) clearStackEntry(ply);
}

/** Before a search: killers are forgotten, history is halved (it was learned in another position). */
export function startHeuristics(): void {
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
  for (let i = 0; i < PIECE_SQUARES; i++) st32(HISTORY_SCORES + i * 4, ld32(HISTORY_SCORES + i * 4) >> 1);
  for (let ply = -4; ply < 0; ply++) clearStackEntry(ply);
}

// Correction histories: how far the searches below positions of this pawn structure (both sides'
// pawns), of these other Red pieces and of these other Black pieces (each with the side to move)
// found the static evaluation off, learned with gravity and added to it. The network misjudges some
// structures and placements the same way again and again; the search finds out. The two non-pawn
// tables count half each, the weighting the SPRT in bench/TUNING.md tested.
const CORRECTION_MAX: i32 = 1024;

/** The entry of a key in correction table `table` (0 pawns, 1 Red's other pieces, 2 Black's), for the side to move. */
function correctionAt(table: i32, key: i32): i32 {
  return CORRECTION + (((table * 2 + side) * CORRECTION_ENTRIES + (key & (CORRECTION_ENTRIES - 1))) << 1);
}

/** What an entry adds: c x |c| / 16384, so small, uncertain values count little. */
function correctionOf(at: i32): i32 {
  const c = ld16(at);
  return (c * (c < 0 ? -c : c)) >> 14;
}

/** A static evaluation corrected by what the searches learned about its pawn structure and each side's other pieces. */
export function correctedEval(raw: i32): i32 {
  const others = correctionOf(correctionAt(1, nonPawnKeyRed)) + correctionOf(correctionAt(2, nonPawnKeyBlack));
  return raw + correctionOf(correctionAt(0, pawnKey)) + (others >> 1);
}

function learnAt(at: i32, bonus: i32): void {
  const value = ld16(at);
  st16(at, value + bonus - (((value * (bonus < 0 ? -bonus : bonus)) / CORRECTION_MAX) | 0));
}

/** A search from a position scored `found` where its corrected static evaluation said `expected`. */
export function learnCorrection(found: i32, expected: i32, depth: i32): void {
  let bonus = (((found - expected) * depth) / 8) | 0;
  const limit = CORRECTION_MAX / 4;
  if (bonus > limit) bonus = limit;
  if (bonus < -limit) bonus = -limit;
  learnAt(correctionAt(0, pawnKey), bonus);
  learnAt(correctionAt(1, nonPawnKeyRed), bonus);
  learnAt(correctionAt(2, nonPawnKeyBlack), bonus);
}

/** Forgets what earlier searches learned about move order (a new game). */
export function resetHeuristics(): void {
  for (let i = 0; i < PIECE_SQUARES; i++) st32(HISTORY_SCORES + i * 4, 0);
  for (let i = 0; i < PIECE_SQUARES; i++) st32(COUNTER_MOVES + i * 4, 0);
  for (let i = 0; i < PIECE_SQUARES * 8; i++) st16(CAPTURE_HISTORY + i * 2, 0);
  for (let i = 0; i < CONT_INDEXES * CONT_INDEXES; i++) st16(CONT_HISTORY + i * 2, 0);
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
  for (let i = 0; i < 3 * 2 * CORRECTION_ENTRIES; i++) st16(CORRECTION + i * 2, 0);
}
