// Iterative deepening alpha-beta (negamax, principal-variation search) with aspiration windows,
// a transposition table (with the static evaluation), quiescence on captures that do not lose
// material by static exchange (all evasions when in check), and the selective search of modern
// engines: ordering by hash move, good captures (MVV with capture history, SEE), killers,
// countermove, history and continuation history (1 and 2 plies back), bad captures last;
// logarithmic late-move reductions, late-move, futility, history and SEE pruning, reverse
// futility, razoring, null move with a depth- and eval-dependent reduction, internal iterative
// reduction, singular extension of the hash move (with multi-cut), check extension, mate scores
// by distance, and the Xiangqi repetition rules.
// The threaded build runs it on several threads at once (Lazy SMP with shared-out moves).
import {
  MAX_PLY, KILLERS, HISTORY_SCORES, PV_TABLE, PV_LENGTH, PV_OUT, ROOT_MOVES, ROOT_SCORES,
  MOVE_SCORES, SQUARES, PIECE_SQ, MAX_LINES, LINE_PVS, COUNTER_MOVES, CAPTURE_HISTORY, CONT_HISTORY,
  CONT_INDEXES, SEARCH_STACK, STACK_ENTRY, LMR_TABLE, TRIED_MOVES,
} from './layout';
import { ldU8, ld16, st16, ld32, st32, stU8 } from './target/mem';
import { now, stopRequested, reportIteration, publishNodes } from './target/host';
import {
  SHARED_SEARCH, searchedElsewhere, beginMove, endMove, forgetMovesInProgress, publishLeaderDepth, leaderDepth,
} from './target/smp';
import {
  side, halfmove, keyLo, keyHi, makeMove, unmakeMove, makeNullMove, unmakeNullMove, markLastMoveCheck,
} from './board';
import { inCheck, mayGiveCheck } from './attacks';
import { generatePseudo, generateLegal, isLegalMove, moveListAt } from './movegen';
import { evaluate, evaluateLazy } from './eval';
import {
  repetitionInSearch, insufficientMaterial, REPETITION_DRAW, REPETITION_MOVER_LOSES, REPETITION_NONE, MOVE_LIMIT_PLIES,
} from './rules';
import {
  probe, store, newSearch, attachTable, hitMove, hitDepth, hitBound, hitScore, hitEval, NO_EVAL,
  BOUND_EXACT, BOUND_LOWER, BOUND_UPPER,
} from './tt';
import { see, seeValue } from './see';
import {
  sideTag, pieceType, pieceSide, squareTo90, moveFrom, moveTo, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN,
} from './pieces';

import { MATE, MATE_BOUND } from '../web/engine/shared';
const INFINITE: i32 = 32000;
const SEARCH_PLY_LIMIT: i32 = MAX_PLY - 8;
/** Search threads share out the moves of nodes this deep or deeper (shallower ones are too quick). */
const SHARE_DEPTH: i32 = 3;

// Limits of the current search.
let deadline: f64 = 0;      // ms on the host clock; 0 = none
let softTime: f64 = 0;      // ms: the time this move should take when the search is stable; 0 = none
let nodeLimit: f64 = 0;     // 0 = none
let startTime: f64 = 0;

// Progress.
export let nodes: f64 = 0;
let pollCounter: i32 = 0;
let stopped: bool = false;
let seldepth: i32 = 0;
let rootCount: i32 = 0;
let excludedRoots: i32 = 0;   // root moves already reported in earlier MultiPV lines
// The best root move of the iteration under way so far (searched in full and better than alpha):
// when time runs out in the middle of an iteration it is better than the last completed one's.
let iterationBest: i32 = 0;
let iterationScore: i32 = 0;

// Lazy SMP (threaded build only): 0 is the main search, which reports and decides; helpers
// (1, 2, ...) search the same root and only fill the shared transposition table. A helper works
// on the iteration the main search is on (or the one after), and in every node the threads share
// out the moves (target-threads/smp.ts), so the two split the work instead of repeating it.
let helper: i32 = 0;
let iterationDepth: i32 = 0;
/** A helper's iteration was dropped because the main search has completed that depth. */
let overtaken: bool = false;

// Result.
export let bestMove: i32 = 0;
export let ponderMove: i32 = 0;
export let bestScore: i32 = 0;
export let completedDepth: i32 = 0;

function shouldStop(): bool {
  if (stopped) return true;
  pollCounter++;
  if ((pollCounter & 1023) == 0) {
    if (stopRequested() != 0 || (deadline > 0 && now() >= deadline)) stopped = true;
    else if (helper > 0 && leaderDepth() >= iterationDepth) stopped = overtaken = true;
    publishNodes(nodes);
  }
  if (nodeLimit > 0 && nodes >= nodeLimit) stopped = true;
  return stopped;
}

function scoreToTable(score: i32, ply: i32): i32 {
  if (score > MATE_BOUND) return score + ply;
  if (score < -MATE_BOUND) return score - ply;
  return score;
}
function scoreFromTable(score: i32, ply: i32): i32 {
  if (score > MATE_BOUND) return score - ply;
  if (score < -MATE_BOUND) return score + ply;
  return score;
}

// The search stack: per ply, the static evaluation, the continuation index of the move made from
// it (-1 for none or a null move), that move (0 for a null move), and the move a singular search
// leaves out. Plies -4..-1 exist so that looking back never leaves the stack.
const SS_EVAL: i32 = 0;
const SS_CONT: i32 = 4;
const SS_MOVE: i32 = 8;
const SS_EXCLUDED: i32 = 12;
function stackAt(ply: i32): i32 {
  return SEARCH_STACK + (ply + 4) * STACK_ENTRY;
}

/** A move's piece (type and side) and target as one index 0..1259 for the continuation history. */
function contIndex(piece: i32, to: i32): i32 {
  return (pieceType(piece) + 7 * pieceSide(piece)) * 90 + squareTo90(to);
}

// Ordering scores. Below the hash move they stay under 1 << ORDER_BITS (the threaded build packs a
// move's rank above them) and never go negative.
const SCORE_HASH: i32 = 1 << 30;
const SCORE_GOOD_CAPTURE: i32 = 1 << 23;
const SCORE_KILLER: i32 = 1 << 22;
const SCORE_QUIET: i32 = 1 << 21;      // plus history, within +/- 4 * HISTORY_MAX
const SCORE_BAD_CAPTURE: i32 = 1 << 18;
const ORDER_BITS: i32 = 25;

const HISTORY_MAX: i32 = 16384;

/** Adds `bonus` to a history value with gravity: it stays within +/- HISTORY_MAX. */
function nudged(value: i32, bonus: i32): i32 {
  const magnitude = bonus < 0 ? -bonus : bonus;
  return value + bonus - ((value * magnitude) / HISTORY_MAX | 0);
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
function contHistory(ply: i32, back: i32, cont: i32): i32 {
  const at = contHistoryAt(ply, back, cont);
  return at < 0 ? 0 : ld16(at);
}
function nudgeContHistory(ply: i32, back: i32, cont: i32, bonus: i32): void {
  const at = contHistoryAt(ply, back, cont);
  if (at >= 0) st16(at, nudged(ld16(at), bonus));
}

/** How much history a quiet move has: the sum the ordering and the reductions go by. */
function quietHistory(ply: i32, piece: i32, to: i32): i32 {
  const cont = contIndex(piece, to);
  return 2 * ld32(mainHistoryAt(piece, to)) + contHistory(ply, 1, cont) + contHistory(ply, 2, cont);
}

function captureOrder(piece: i32, victim: i32, to: i32): i32 {
  return seeValue(victim, to) * 8 + (ld16(captureHistoryAt(piece, to, victim)) >> 4);
}

/** Whether a capture keeps at least what it takes: cheaper for the obvious cases. */
function goodCapture(mv: i32, piece: i32, victim: i32): bool {
  const to = moveTo(mv);
  if (seeValue(victim, to) >= seeValue(piece, moveFrom(mv))) return true;
  return see(mv) >= 0;
}

function scoreMoves(list: i32, n: i32, ply: i32, hashMove: i32): void {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  const killer1 = ld32(KILLERS + ply * 8);
  const killer2 = ld32(KILLERS + ply * 8 + 4);
  const previous = ld32(stackAt(ply - 1) + SS_MOVE);
  let counter = 0;
  if (previous > 0) {
    const prevTo = moveTo(previous);
    counter = ld32(COUNTER_MOVES + (ldU8(SQUARES + prevTo) * 256 + prevTo) * 4);
  }
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const piece = ldU8(SQUARES + moveFrom(mv));
    const to = moveTo(mv);
    const victim = ldU8(SQUARES + to);
    let s = 0;
    if (mv == hashMove) s = SCORE_HASH;
    else if (victim != 0) {
      s = captureOrder(piece, victim, to) + (goodCapture(mv, piece, victim) ? SCORE_GOOD_CAPTURE : SCORE_BAD_CAPTURE);
    } else if (mv == killer1) s = SCORE_KILLER + 2;
    else if (mv == killer2) s = SCORE_KILLER + 1;
    else if (mv == counter) s = SCORE_KILLER;
    else s = SCORE_QUIET + quietHistory(ply, piece, to);
    st32(scores + (i << 2), s);
  }
}

/** Captures for quiescence: most valuable victim first, least valuable attacker first. */
function scoreCaptures(list: i32, n: i32): void {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const from = moveFrom(mv);
    const to = moveTo(mv);
    const victim = ldU8(SQUARES + to);
    const s = victim != 0 ? SCORE_GOOD_CAPTURE + seeValue(victim, to) * 16 - (seeValue(ldU8(SQUARES + from), from) >> 4) : SCORE_QUIET;
    st32(scores + (i << 2), s);
  }
}

/** Moves the best-scored remaining move to position i and returns it. */
function pickMove(list: i32, n: i32, i: i32): i32 {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  let best = i;
  let bestValue = ld32(scores + (i << 2));
  for (let j = i + 1; j < n; j++) {
    const v = ld32(scores + (j << 2));
    if (v > bestValue) {
      bestValue = v;
      best = j;
    }
  }
  if (best != i) {
    const mv = ld32(list + (best << 2));
    st32(list + (best << 2), ld32(list + (i << 2)));
    st32(list + (i << 2), mv);
    st32(scores + (best << 2), ld32(scores + (i << 2)));
    st32(scores + (i << 2), bestValue);
  }
  return ld32(list + (i << 2));
}

function updatePv(ply: i32, mv: i32): void {
  const row = PV_TABLE + ply * MAX_PLY * 4;
  const next = PV_TABLE + (ply + 1) * MAX_PLY * 4;
  st32(row + ply * 4, mv);
  const end = ld32(PV_LENGTH + (ply + 1) * 4);
  for (let i = ply + 1; i < end; i++) st32(row + i * 4, ld32(next + i * 4));
  st32(PV_LENGTH + ply * 4, end);
}

/** Rooks, horses and cannons on the board, both sides. */
function majorPieces(): i32 {
  let n = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
    if (ldU8(PIECE_SQ + 16 + slot) != 0) n++;
    if (ldU8(PIECE_SQ + 32 + slot) != 0) n++;
  }
  return n;
}

/** Can the side to move pass without risking zugzwang? It needs real attacking material. */
function nullMoveIsSafe(): bool {
  const own = sideTag(side);
  let heavy = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
    if (ldU8(PIECE_SQ + own + slot) != 0) heavy += slot >= SLOT_ROOK && slot < SLOT_CANNON ? 2 : 1;
  }
  return heavy >= 3;
}

function quiesce(alpha: i32, beta: i32, ply: i32): i32 {
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  const checked = inCheck(side);
  if (ply >= SEARCH_PLY_LIMIT) return checked ? 0 : evaluate();
  const alphaIn = alpha;
  let hashMove = 0;
  if (probe()) {
    hashMove = hitMove;
    const s = scoreFromTable(hitScore, ply);
    if (hitBound == BOUND_EXACT || (hitBound == BOUND_LOWER && s >= beta) || (hitBound == BOUND_UPPER && s <= alpha)) {
      return s;
    }
  }
  let best = -MATE + ply;
  let stand = NO_EVAL;
  if (!checked) {
    stand = evaluateLazy(alpha, beta);
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    best = stand;
  }
  const list = moveListAt(ply);
  const n = generatePseudo(list, !checked);
  if (checked) scoreMoves(list, n, ply, hashMove);
  else scoreCaptures(list, n);
  const king = ldU8(PIECE_SQ + sideTag(side));
  let bestHere = 0;
  for (let i = 0; i < n; i++) {
    const mv = pickMove(list, n, i);
    if (!checked) {
      const to = moveTo(mv);
      const victim = ldU8(SQUARES + to);
      // Delta pruning: even winning the victim for free would not reach alpha.
      if (stand + seeValue(victim, to) + 150 <= alpha) continue;
      if (!goodCapture(mv, ldU8(SQUARES + moveFrom(mv)), victim)) continue;
    }
    if (!isLegalMove(mv, king, checked)) continue;
    makeMove(mv);
    const score = -quiesce(-beta, -alpha, ply + 1);
    unmakeMove();
    if (stopped) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        bestHere = mv;
        if (score >= beta) break;
      }
    }
  }
  const bound = best >= beta ? BOUND_LOWER : best > alphaIn ? BOUND_EXACT : BOUND_UPPER;
  store(bestHere, 0, bound, scoreToTable(best, ply), NO_EVAL);
  return best;
}

/** Remembers that `mv` (a quiet move) refuted the position at `ply`, and that the quiets tried before it did not. */
function rewardQuiet(ply: i32, mv: i32, depth: i32, quietsTried: i32): void {
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
  const tried = TRIED_MOVES + ply * 96 * 4;
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
  }
}

/** The capture history learns from a cutoff: `best` (if a capture) did, the captures tried before did not. */
function rewardCaptures(ply: i32, best: i32, depth: i32, capturesTried: i32): void {
  const bonus = historyBonus(depth);
  const tried = TRIED_MOVES + ply * 96 * 4 + 64 * 4;
  for (let i = 0; i < capturesTried; i++) {
    const c = ld32(tried + i * 4);
    const to = moveTo(c);
    const h = captureHistoryAt(ldU8(SQUARES + moveFrom(c)), to, ldU8(SQUARES + to));
    st16(h, nudged(ld16(h), c == best ? bonus : -bonus));
  }
}

function lmr(depth: i32, rank: i32): i32 {
  return ldU8(LMR_TABLE + (depth < 63 ? depth : 63) * 64 + (rank < 63 ? rank : 63));
}

/** Fills the late-move reduction table: about ln(depth) * ln(move number) / 2. */
export function initSearchTables(): void {
  for (let d = 0; d < 64; d++) {
    for (let m = 0; m < 64; m++) {
      const r = d == 0 || m == 0 ? 0.0 : 0.5 + Math.log(<f64>d) * Math.log(<f64>m) / 2.1;
      stU8(LMR_TABLE + d * 64 + m, <i32>Math.floor(r));
    }
  }
  for (let ply = -4; ply < MAX_PLY + 4; ply++) clearStackEntry(ply);
}

function clearStackEntry(ply: i32): void {
  const at = stackAt(ply);
  st32(at + SS_EVAL, NO_EVAL);
  st32(at + SS_CONT, -1);
  st32(at + SS_MOVE, -1);
  st32(at + SS_EXCLUDED, 0);
}

function search(depth: i32, alpha: i32, beta: i32, ply: i32, cutNode: bool): i32 {
  st32(PV_LENGTH + ply * 4, ply);
  const frame = stackAt(ply);
  const excluded = ld32(frame + SS_EXCLUDED);
  if (ply > 0) {
    const rep = repetitionInSearch();
    if (rep != REPETITION_NONE) {
      // A loss by the rules is scored like being mated there, so the longest resistance wins.
      if (rep == REPETITION_DRAW) return 0;
      return rep == REPETITION_MOVER_LOSES ? -MATE + ply : MATE - ply;
    }
    if (halfmove >= MOVE_LIMIT_PLIES) return 0;
    // Material only changes by a capture, so only then can it have become insufficient.
    if (halfmove == 0 && insufficientMaterial()) return 0;
    // Mate-distance pruning: no line from here beats a mate already found nearer the root.
    const mateAlpha = -MATE + ply;
    const mateBeta = MATE - ply - 1;
    if (alpha < mateAlpha) alpha = mateAlpha;
    if (beta > mateBeta) beta = mateBeta;
    if (alpha >= beta) return alpha;
  }
  const checked = inCheck(side);
  if (checked) depth++;
  if (depth <= 0) return quiesce(alpha, beta, ply);
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  if (ply >= SEARCH_PLY_LIMIT) return evaluate();

  const pvNode = beta - alpha > 1;
  let hashMove = 0;
  let hashScore = 0;
  let hashDepth = -1;
  let hashBound = 0;
  let staticEval = NO_EVAL;
  if (excluded == 0 && probe()) {
    hashMove = hitMove;
    hashScore = scoreFromTable(hitScore, ply);
    hashDepth = hitDepth;
    hashBound = hitBound;
    staticEval = hitEval;
    if (!pvNode && ply > 0 && hitDepth >= depth) {
      const s = hashScore;
      if (hitBound == BOUND_EXACT || (hitBound == BOUND_LOWER && s >= beta) || (hitBound == BOUND_UPPER && s <= alpha)) {
        return s;
      }
    }
  } else if (excluded != 0) {
    staticEval = ld32(frame + SS_EVAL);
  }

  if (checked) staticEval = NO_EVAL;
  else if (staticEval == NO_EVAL) staticEval = evaluate();
  st32(frame + SS_EVAL, staticEval);
  // Improving: better than two plies ago (or four, when the side was in check then).
  const before2 = ld32(stackAt(ply - 2) + SS_EVAL);
  const before4 = ld32(stackAt(ply - 4) + SS_EVAL);
  const improving = !checked && (before2 != NO_EVAL ? staticEval > before2 : before4 == NO_EVAL || staticEval > before4);
  // Clear the killers of the next ply, so those of sibling subtrees do not linger.
  st32(KILLERS + (ply + 1) * 8, 0);
  st32(KILLERS + (ply + 1) * 8 + 4, 0);

  const quietWindow = beta < MATE_BOUND && alpha > -MATE_BOUND;
  if (!pvNode && !checked && excluded == 0 && quietWindow) {
    // Reverse futility: far enough above beta near the leaves, a quiet position will stay there.
    const margin = 90 * (improving ? depth - 1 : depth);
    if (depth <= 7 && staticEval - margin >= beta) return staticEval - margin;
    // Razoring: hopelessly below alpha, only captures could save it.
    if (depth <= 3 && staticEval + 200 + 220 * depth <= alpha) {
      const v = quiesce(alpha - 1, alpha, ply);
      if (stopped) return 0;
      if (v < alpha) return v;
    }
    // Null move: if passing still holds beta, a real move will too.
    if (depth >= 3 && staticEval >= beta && ld32(stackAt(ply - 1) + SS_MOVE) != 0 && nullMoveIsSafe()) {
      const extra = ((staticEval - beta) / 200) | 0;
      const reduction = 3 + ((depth / 3) | 0) + (extra < 3 ? extra : 3);
      st32(frame + SS_MOVE, 0);
      st32(frame + SS_CONT, -1);
      makeNullMove();
      const score = -search(depth - 1 - reduction, -beta, -beta + 1, ply + 1, !cutNode);
      unmakeNullMove();
      if (stopped) return 0;
      if (score >= beta) return score >= MATE_BOUND ? beta : score;
    }
  }

  // Internal iterative reduction: with no hash move this node was never searched well; search it
  // shallower first, and let the next iteration do it properly.
  if (hashMove == 0 && excluded == 0 && depth >= 4 && (pvNode || cutNode)) depth--;

  // Singular extension: when the hash move is much better than every other move (they all fail
  // well below its score at a reduced depth), it is searched one ply deeper. When even the others
  // beat beta, this node fails high at once (multi-cut).
  let singularMove = 0;
  if (ply > 0 && depth >= 7 && hashMove != 0 && excluded == 0 && (hashBound & BOUND_LOWER) != 0 &&
      hashDepth >= depth - 3 && hashScore < MATE_BOUND && hashScore > -MATE_BOUND) {
    const singularBeta = hashScore - 2 * depth;
    st32(frame + SS_EXCLUDED, hashMove);
    const v = search((depth - 1) >> 1, singularBeta - 1, singularBeta, ply, cutNode);
    st32(frame + SS_EXCLUDED, 0);
    st32(PV_LENGTH + ply * 4, ply);
    if (stopped) return 0;
    if (v < singularBeta) singularMove = hashMove;
    else if (singularBeta >= beta) return singularBeta;
  }

  const list = moveListAt(ply);
  const n = generatePseudo(list, false);
  scoreMoves(list, n, ply, hashMove);
  const king = ldU8(PIECE_SQ + sideTag(side));
  const scores = MOVE_SCORES + (list - moveListAt(0));
  const hashCapture = hashMove != 0 && ldU8(SQUARES + moveTo(hashMove)) != 0;
  const tried = TRIED_MOVES + ply * 96 * 4;
  let quietsTried = 0;
  let capturesTried = 0;
  let skipQuiets = false;
  // In a bare endgame a quiet move that only takes squares from the king can be the win
  // (stalemate loses in Xiangqi): quiet moves are pruned only while enough pieces remain.
  const pruneQuiets = majorPieces() >= 4;
  const lateMoveLimit = ((3 + depth * depth) / (improving ? 1 : 2)) | 0;
  // Moves another search thread is busy with wait at the front of the list (whose first slots
  // are spent) until the others are done, with their rank packed above their ordering score so
  // that they are reduced as if searched in turn; see target-threads/smp.ts.
  const sharing = SHARED_SEARCH && depth >= SHARE_DEPTH;
  let deferred = 0;
  let best = -INFINITE;
  let bestHere = 0;
  let legal = 0;
  let bound = BOUND_UPPER;
  for (let i = 0; ; i++) {
    let mv = 0;
    let order = 0;
    let rank = 0;  // this move's place among the legal moves in order (reductions depend on it)
    if (i < n) {
      mv = pickMove(list, n, i);
      order = ld32(scores + (i << 2));
      if (mv == excluded) continue;
      if (ply == 0 && isExcludedRoot(mv)) continue;
      if (!isLegalMove(mv, king, checked)) continue;
      rank = ++legal;
      if (sharing && rank > 1 && searchedElsewhere(keyLo, keyHi, mv, depth)) {
        st32(list + (deferred << 2), mv);
        st32(scores + (deferred << 2), order | ((rank < 63 ? rank : 63) << ORDER_BITS));
        deferred++;
        continue;
      }
    } else if (i < n + deferred) {
      mv = ld32(list + ((i - n) << 2));
      const kept = ld32(scores + ((i - n) << 2));
      order = kept & ((1 << ORDER_BITS) - 1);
      rank = kept >>> ORDER_BITS;
    } else {
      break;
    }
    const piece = ldU8(SQUARES + moveFrom(mv));
    const to = moveTo(mv);
    const capture = ldU8(SQUARES + to) != 0;
    const quiet = !capture;
    const special = order >= SCORE_KILLER && order < SCORE_GOOD_CAPTURE;  // killer or countermove
    const history = quiet && !special ? order - SCORE_QUIET : 0;
    const reduction = lmr(depth, rank);
    let lmrDepth = depth - 1 - reduction;
    if (lmrDepth < 0) lmrDepth = 0;

    // Pruning at shallow depth, once a move has saved the node from a mate score.
    let prune = false;
    if (ply > 0 && best > -MATE_BOUND && mv != hashMove) {
      if (quiet) {
        if (!pruneQuiets) prune = false;
        else if (skipQuiets || (depth <= 8 && rank > lateMoveLimit)) prune = skipQuiets = true;
        else if (!checked && lmrDepth < 7 && staticEval + 100 + 100 * lmrDepth + (history >> 7) <= alpha) prune = true;
        else if (lmrDepth < 4 && !special && history < -4000 * depth) prune = true;
        else if (lmrDepth < 6 && see(mv) < -25 * lmrDepth * lmrDepth) prune = true;
      } else if (depth <= 7 && order < SCORE_GOOD_CAPTURE && see(mv) < -120 * depth) {
        prune = true;
      }
    }
    // Only moves that do not give check are pruned (those that might are played out to see).
    if (prune && !mayGiveCheck(mv, side)) continue;
    const moveKeyLo = keyLo;
    const moveKeyHi = keyHi;
    const cont = contIndex(piece, to);
    makeMove(mv);
    const givesCheck = inCheck(side);
    if (prune && !givesCheck) {
      unmakeMove();
      continue;
    }
    markLastMoveCheck(givesCheck);
    st32(frame + SS_MOVE, mv);
    st32(frame + SS_CONT, cont);
    if (sharing) beginMove(moveKeyLo, moveKeyHi, mv, depth);
    const newDepth = depth - 1 + (mv == singularMove ? 1 : 0);
    let score = 0;
    if (depth >= 2 && rank > 1 + (pvNode ? 1 : 0) && (quiet || order < SCORE_GOOD_CAPTURE)) {
      let r = reduction;
      if (pvNode) r--;
      if (cutNode) r++;
      if (!improving) r++;
      if (givesCheck) r--;
      if (special) r--;
      if (hashCapture) r++;
      if (quiet && !special) r -= (history / 12000) | 0;
      let d = newDepth - r;
      if (d > newDepth) d = newDepth;
      if (d < 1) d = 1;
      score = -search(d, -alpha - 1, -alpha, ply + 1, true);
      if (score > alpha && d < newDepth) score = -search(newDepth, -alpha - 1, -alpha, ply + 1, !cutNode);
    } else if (!pvNode || rank > 1) {
      score = -search(newDepth, -alpha - 1, -alpha, ply + 1, !cutNode);
    }
    if (pvNode && (rank == 1 || (score > alpha && score < beta))) {
      score = -search(newDepth, -beta, -alpha, ply + 1, false);
    }
    if (sharing) endMove(moveKeyLo, moveKeyHi, mv, depth);
    unmakeMove();
    if (stopped) return 0;
    if (score > best) {
      best = score;
      bestHere = mv;
      if (score > alpha) {
        alpha = score;
        bound = BOUND_EXACT;
        updatePv(ply, mv);
        if (ply == 0) {
          iterationBest = mv;
          iterationScore = score;
        }
        if (score >= beta) {
          bound = BOUND_LOWER;
          if (quiet) {
            if (quietsTried < 64) st32(tried + (quietsTried++) * 4, mv);
            rewardQuiet(ply, mv, depth, quietsTried);
          } else if (capturesTried < 32) {
            st32(tried + (64 + capturesTried++) * 4, mv);
          }
          rewardCaptures(ply, mv, depth, capturesTried);
          break;
        }
      }
    }
    if (quiet) {
      if (quietsTried < 64) st32(tried + (quietsTried++) * 4, mv);
    } else if (capturesTried < 32) {
      st32(tried + (64 + capturesTried++) * 4, mv);
    }
  }
  // No legal move loses, in check or not (a singular search without the hash move only fails low).
  if (legal == 0) {
    if (excluded != 0) return alpha;
    return ply == 0 && excludedRoots > 0 ? -INFINITE : -MATE + ply;
  }
  if (best == -INFINITE) return alpha;  // every move was pruned (they cannot all be: the first never is)
  if (excluded == 0) store(bestHere, depth, bound, scoreToTable(best, ply), staticEval);
  return best;
}

function isExcludedRoot(mv: i32): bool {
  for (let i = 0; i < excludedRoots; i++) {
    if (ld32(ROOT_MOVES + (i << 2)) == mv) return true;
  }
  return false;
}

const LINE_BYTES: i32 = (MAX_PLY + 1) * 4;

/** Keeps the root PV just found as MultiPV line `line`. */
function saveLine(line: i32): void {
  const at = LINE_PVS + line * LINE_BYTES;
  const length = ld32(PV_LENGTH);
  st32(at, length);
  for (let i = 0; i < length; i++) st32(at + 4 + i * 4, ld32(PV_TABLE + i * 4));
}

function swapWords(a: i32, b: i32): void {
  const t = ld32(a);
  st32(a, ld32(b));
  st32(b, t);
}

/** Orders the first `count` lines by score, best first (their moves, scores and PVs together). */
function sortLines(count: i32): void {
  for (let i = 1; i < count; i++) {
    for (let j = i; j > 0 && ld32(ROOT_SCORES + j * 4) > ld32(ROOT_SCORES + (j - 1) * 4); j--) {
      swapWords(ROOT_SCORES + j * 4, ROOT_SCORES + (j - 1) * 4);
      swapWords(ROOT_MOVES + j * 4, ROOT_MOVES + (j - 1) * 4);
      for (let w = 0; w <= MAX_PLY; w++) swapWords(LINE_PVS + j * LINE_BYTES + w * 4, LINE_PVS + (j - 1) * LINE_BYTES + w * 4);
    }
  }
}

function report(depth: i32, line: i32): void {
  const at = LINE_PVS + line * LINE_BYTES;
  const length = ld32(at);
  for (let i = 0; i < length; i++) {
    const mv = ld32(at + 4 + i * 4);
    st32(PV_OUT + i * 4, squareTo90(moveFrom(mv)) | (squareTo90(moveTo(mv)) << 8));
  }
  reportIteration(depth, seldepth, ld32(ROOT_SCORES + line * 4), nodes, line + 1, length);
}

/** Searches one root line at `depth` with aspiration around `guess`; returns its score. */
function searchRootLine(depth: i32, guess: i32): i32 {
  let delta = 35;
  let alpha = depth >= 4 ? guess - delta : -INFINITE;
  let beta = depth >= 4 ? guess + delta : INFINITE;
  while (true) {
    const score = search(depth, alpha, beta, 0, false);
    if (stopped) return score;
    if (score <= alpha && alpha > -INFINITE) {
      alpha = delta > 600 ? -INFINITE : alpha - delta;
    } else if (score >= beta && beta < INFINITE) {
      beta = delta > 600 ? INFINITE : beta + delta;
    } else {
      return score;
    }
    delta += delta;
  }
}

// Skill: a weaker player searches less deeply and picks, among its MultiPV lines, a move that
// is a little worse than the best on purpose (an idea from Stockfish's skill levels).
let randomState: i32 = 1;
function nextRandom(): i32 {
  let x = randomState;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  randomState = x;
  return x & 0x7fffffff;
}

/**
 * Runs a search on the current position. Limits of 0 mean none. `multiPv` lines are reported;
 * `skill` (0..20, 20 full strength) weakens on purpose using `seed` for its choices.
 * Returns the number of completed iterations; results are in bestMove, bestScore, ponderMove.
 */
export function think(maxDepth: i32, moveTimeMs: f64, softTimeMs: f64, maxNodes: f64, multiPv: i32, skill: i32, seed: i32): i32 {
  startTime = now();
  deadline = moveTimeMs > 0 ? startTime + moveTimeMs : 0;
  softTime = softTimeMs;
  nodeLimit = maxNodes;
  nodes = 0;
  pollCounter = 0;
  stopped = false;
  bestMove = 0;
  ponderMove = 0;
  bestScore = 0;
  completedDepth = 0;
  randomState = seed == 0 ? 0x1234567 : seed;
  overtaken = false;
  if (helper == 0) {
    newSearch();
    forgetMovesInProgress();
    publishLeaderDepth(0);
  } else {
    attachTable();  // the main search may have resized the shared table or begun a generation
  }
  publishNodes(0);
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
  for (let i = 0; i < 48 * 256; i++) st32(HISTORY_SCORES + i * 4, ld32(HISTORY_SCORES + i * 4) >> 1);
  for (let ply = -4; ply < 0; ply++) clearStackEntry(ply);

  const list = moveListAt(MAX_PLY - 1);
  rootCount = generateLegal(list);
  if (rootCount == 0) return 0;
  const wanted = multiPv < MAX_LINES ? multiPv : MAX_LINES;
  const lines = skill < 20 ? (wanted > 4 ? wanted : 4) : wanted;
  const shownLines = wanted < rootCount ? wanted : rootCount;
  const searchedLines = lines < rootCount ? lines : rootCount;
  const depthCap = skill < 20 ? 1 + ((skill * 3) >> 2) : SEARCH_PLY_LIMIT - 1;
  const limit = maxDepth > 0 && maxDepth < depthCap ? maxDepth : depthCap;
  const lineScores = ROOT_SCORES;
  let guess = 0;
  // Time with a clock: the soft limit stretches while the best move keeps changing or the score
  // falls, and shrinks while both stay put.
  let instability: f64 = 0;

  for (let depth = 1; depth <= limit; depth++) {
    if (helper > 0) {
      const lead = leaderDepth();
      if (depth <= lead) depth = lead + 1;
    }
    iterationDepth = depth;
    seldepth = 0;
    iterationBest = 0;
    for (let line = 0; line < searchedLines; line++) {
      excludedRoots = line;
      const score = searchRootLine(depth, line == 0 ? guess : ld32(lineScores + line * 4));
      if (stopped) break;
      // This line's move is excluded from the next lines.
      st32(ROOT_MOVES + line * 4, ld32(PV_TABLE));
      st32(lineScores + line * 4, score);
      saveLine(line);
    }
    excludedRoots = 0;
    if (overtaken) {
      stopped = overtaken = false;
      continue;
    }
    if (stopped) break;
    sortLines(searchedLines);
    const best = LINE_PVS;
    instability = instability * 0.5 + (depth > 1 && ld32(best + 4) != bestMove ? 1.0 : 0.0);
    const fall = depth > 1 ? bestScore - ld32(lineScores) : 0;
    bestMove = ld32(best + 4);
    bestScore = ld32(lineScores);
    ponderMove = ld32(best) > 1 ? ld32(best + 8) : 0;
    guess = bestScore;
    if (helper == 0) for (let line = 0; line < shownLines; line++) report(depth, line);
    completedDepth = depth;
    publishLeaderDepth(depth);
    // A forced mate is final once the depth covers its length.
    if ((bestScore > MATE_BOUND || bestScore < -MATE_BOUND) &&
        depth >= MATE - (bestScore > 0 ? bestScore : -bestScore) + 1) break;
    if (softTime > 0) {
      let scale = 0.6 + 0.5 * instability + (fall > 60 ? 0.6 : fall > 25 ? 0.3 : 0.0);
      if (scale > 2.0) scale = 2.0;
      if (now() - startTime >= softTime * scale) break;
    }
  }
  // Cut off in the middle of an iteration: a root move that already beat the others there is
  // the better choice (one line only; MultiPV and weakened play keep the completed lines).
  if (stopped && helper == 0 && searchedLines == 1 && completedDepth > 0 && iterationBest != 0) {
    bestMove = iterationBest;
    bestScore = iterationScore;
    ponderMove = ld32(PV_LENGTH) > 1 ? ld32(PV_TABLE + 4) : 0;
  }
  publishLeaderDepth(0);
  if (completedDepth == 0 && bestMove == 0) {
    bestMove = ld32(list);  // stopped before depth 1 finished: any legal move beats none
  }
  if (skill < 20 && completedDepth > 0 && searchedLines > 1) pickWeakerMove(skill, searchedLines, lineScores);
  return completedDepth;
}

/** Runs `think` as Lazy SMP helper `index` (>= 1) until the host's stop flag is raised. */
export function helpSearch(index: i32): i32 {
  helper = index;
  const depth = think(0, 0, 0, 0, 1, 20, 0);
  helper = 0;
  return depth;
}

function pickWeakerMove(skill: i32, lines: i32, lineScores: i32): void {
  const weakness = 120 - 2 * skill;
  const top = ld32(lineScores);
  const last = ld32(lineScores + (lines - 1) * 4);
  const spread = top - last < 100 ? top - last : 100;
  let chosenValue = -INFINITE;
  for (let i = 0; i < lines; i++) {
    const s = ld32(lineScores + i * 4);
    const push = ((weakness * (top - s) + spread * (nextRandom() % weakness)) / 128) | 0;
    if (s + push > chosenValue) {
      chosenValue = s + push;
      bestMove = ld32(ROOT_MOVES + i * 4);
      bestScore = s;
      ponderMove = 0;
    }
  }
}

/** Forgets what earlier searches learned about move order (a new game). */
export function resetHeuristics(): void {
  for (let i = 0; i < 48 * 256; i++) st32(HISTORY_SCORES + i * 4, 0);
  for (let i = 0; i < 48 * 256; i++) st32(COUNTER_MOVES + i * 4, 0);
  for (let i = 0; i < 48 * 256 * 8; i++) st16(CAPTURE_HISTORY + i * 2, 0);
  for (let i = 0; i < CONT_INDEXES * CONT_INDEXES; i++) st16(CONT_HISTORY + i * 2, 0);
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
}

export function elapsedMs(): f64 {
  return now() - startTime;
}
