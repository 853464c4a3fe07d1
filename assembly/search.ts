// The tree search: alpha-beta (negamax, principal-variation search) with a transposition table
// (with the static evaluation, which a correction history adjusts), quiescence on captures that do
// not lose material by static exchange (all evasions when in check), and the selectivity of modern
// engines: logarithmic late-move reductions; late-move, futility, history and SEE pruning; reverse
// futility, razoring, null move with a depth- and eval-dependent reduction, internal iterative
// reduction; singular extension of the hash move (with multi-cut) and check extension; mate scores
// by distance and the Xiangqi repetition rules. Move ordering and what the search learns are in
// ordering.ts; the root, iterative deepening and time are in think.ts.
// The threaded build runs it on several threads at once (Lazy SMP with shared-out moves).
import {
  MAX_PLY,
  KILLERS,
  PV_TABLE,
  PV_LENGTH,
  ROOT_MOVES,
  ROOT_ALLOWED,
  MOVE_SCORES,
  SQUARES,
  PIECE_SQ,
  TRIED_MOVES,
  TRIED_QUIETS,
  TRIED_CAPTURES,
  TRIED_PER_PLY,
} from './layout';
import { ldU8, ld32, st32 } from './target/mem';
import { now, stopRequested, publishNodes } from './target/host';
import { SHARED_SEARCH, searchedElsewhere, beginMove, endMove, leaderDepth } from './target/smp';
import {
  side,
  halfmove,
  pieceTotal,
  keyLo,
  keyHi,
  makeMove,
  unmakeMove,
  makeNullMove,
  unmakeNullMove,
  markLastMoveCheck,
  lastMoveGaveCheck,
} from './board';
import { inCheck, inCheckAfter, mayGiveCheck, givesCheck } from './attacks';
import {
  generatePseudo,
  hasLegalMove,
  moveListAt,
  prepareLegality,
  isPreparedLegal,
  legalFrom,
  legalTo,
} from './movegen';
import { evaluate, evaluateLazy } from './eval';
import { networkHidden } from './nnue';
import { winnableShare, FULL_SHARE } from './endgame';
import { probeTables, tablePieces, resetTableHits, NO_TABLE } from './tablebase';
import {
  repetitionInSearch,
  insufficientMaterial,
  REPETITION_DRAW,
  REPETITION_MOVER_LOSES,
  REPETITION_NONE,
  MOVE_LIMIT_PLIES,
} from './rules';
import {
  probe,
  store,
  hitMove,
  hitDepth,
  hitPv,
  hitBound,
  hitScore,
  hitEval,
  NO_EVAL,
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
} from './tt';
import { seeBelow, seeValue } from './see';
import {
  SS_EVAL,
  SS_CONT,
  SS_MOVE,
  SS_EXCLUDED,
  SCORE_GOOD_CAPTURE,
  SCORE_KILLER,
  SCORE_QUIET,
  ORDER_BITS,
  stackAt,
  contIndex,
  goodCapture,
  scoreMoves,
  scoreCaptures,
  pickMove,
  pickScored,
  orderAt,
  rewardQuiet,
  rewardCaptures,
  lmr,
  startHeuristics,
  correctedEval,
  learnCorrection,
} from './ordering';
import { sideTag, moveFrom, moveTo, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN } from './pieces';
import { weakened, overlooks, overlooksCapture, rootSkips } from './weakness';

import { MATE, MATE_BOUND } from './facts';
import {
  rfpMargin,
  razorBase,
  razorDepth,
  nullEvalDivisor,
  lmpBase,
  futilityBase,
  futilityDepth,
  historyPrune,
  seeQuiet,
  seeCapture,
  singularMargin,
  historyReduction,
  deltaMargin,
} from './params';
export const INFINITE: i32 = 32000;
export const SEARCH_PLY_LIMIT: i32 = MAX_PLY - 8;
/** Search threads share out the moves of nodes this deep or deeper (shallower ones are too quick). */
const SHARE_DEPTH: i32 = 3;

// Limits and progress of the current search (set by beginSearch; see think.ts for the driver).
let deadline: f64 = 0; // ms on the host clock; 0 = none
let nodeLimit: f64 = 0; // 0 = none
export let nodes: f64 = 0;
let pollCounter: i32 = 0;
export let stopped: bool = false;
export let seldepth: i32 = 0;

// What the driver tells the root: MultiPV lines already found (their moves are left out), the
// move to search first (the last iteration's best; the table may hold another after a fail-low),
// and the depth of the iteration under way.
let excludedRoots: i32 = 0;
// The root moves the search may play, at ROOT_ALLOWED (0: every legal move). Set by the adapter
// for one search (UCI `go searchmoves`, UCCI `banmoves`); the other root moves are not searched.
let allowedRoots: i32 = 0;
let rootFirst: i32 = 0;
let iterationDepth: i32 = 0;
// The best root move of the iteration under way so far (searched in full and better than alpha):
// when time runs out in the middle of an iteration it is better than the last completed one's.
export let iterationBest: i32 = 0;
export let iterationScore: i32 = 0;

// Lazy SMP (threaded build only): 0 is the main search, which reports and decides; helpers
// (1, 2, ...) search the same root and only fill the shared transposition table. A helper works
// on the iteration the main search is on (or the one after), and in every node the threads share
// out the moves (target-threads/smp.ts), so the two split the work instead of repeating it.
let helper: i32 = 0;
/** A helper's iteration was dropped because the main search has completed that depth. */
export let overtaken: bool = false;

/** Starts a search: its hard deadline (host ms, 0 none), node budget (0 none) and thread role. */
export function beginSearch(deadlineAt: f64, maxNodes: f64, helperIndex: i32): void {
  deadline = deadlineAt;
  nodeLimit = maxNodes;
  helper = helperIndex;
  nodes = 0;
  pollCounter = 0;
  stopped = false;
  overtaken = false;
  seldepth = 0;
  resetTableHits();
}

/** Limits the root to the `count` moves at ROOT_ALLOWED (0: every legal move). */
export function allowRootMoves(count: i32): void {
  allowedRoots = count;
}

/** Keeps in `list` only the allowed root moves (all of them without a limit); returns how many are left. */
export function keepAllowedRoots(list: i32, count: i32): i32 {
  if (allowedRoots == 0) return count;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const mv = ld32(list + (i << 2));
    if (isAllowedRoot(mv)) st32(list + (kept++ << 2), mv);
  }
  return kept;
}

/** Sets up one root search: iteration depth, MultiPV lines already taken, the move to try first. */
export function beginRootSearch(depth: i32, linesTaken: i32, first: i32): void {
  iterationDepth = depth;
  excludedRoots = linesTaken;
  rootFirst = first;
}

/** Starts an iteration afresh (also after a failed-low window, which compared nothing with the last best). */
export function forgetIterationBest(): void {
  iterationBest = 0;
  seldepth = 0;
}

/** A dropped helper iteration goes on with the next one. */
export function resumeAfterOvertaken(): void {
  stopped = overtaken = false;
}

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

/** Does the side have a rook, horse or cannon (a piece that is rarely without a move)? */
function hasFreeMover(who: i32): bool {
  const own = sideTag(who);
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) if (ldU8(PIECE_SQ + own + slot) != 0) return true;
  return false;
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

/**
 * An evaluation as the search uses it: cut to the share of it that the material lets the side
 * ahead win (endgame.ts).
 */
function realisable(v: i32): i32 {
  return ((v * winnableShare(v > 0 ? side : side ^ 1)) / FULL_SHARE) | 0;
}

function staticEvaluation(): i32 {
  return realisable(evaluate());
}

function staticEvaluationLazy(alpha: i32, beta: i32): i32 {
  return realisable(evaluateLazy(alpha, beta));
}

function quiesce(alpha: i32, beta: i32, ply: i32): i32 {
  if (stopped) return 0;
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  // The move that led here noted whether it gave check (search and quiescence both mark it).
  const checked = ply > 0 ? lastMoveGaveCheck() : inCheck(side);
  if (ply >= SEARCH_PLY_LIMIT) return checked ? 0 : staticEvaluation();
  const alphaIn = alpha;
  let hashMove = 0;
  // The network's evaluation of a position is the same however it was reached, so the table keeps
  // it for quiescence too (the hand-written one is cut short here by the window: not kept).
  const keepsEval = networkHidden != 0;
  let rawEval = NO_EVAL;
  if (probe()) {
    hashMove = hitMove;
    const s = scoreFromTable(hitScore, ply);
    if (hitBound == BOUND_EXACT || (hitBound == BOUND_LOWER && s >= beta) || (hitBound == BOUND_UPPER && s <= alpha)) {
      return s;
    }
    if (keepsEval) rawEval = hitEval;
  }
  let best = -MATE + ply;
  let stand = NO_EVAL;
  if (!checked) {
    // Stalemate loses in Xiangqi, and a side without a rook, horse or cannon is often left with no
    // move by a quiet one that was reduced to here: standing pat would hide the mate.
    if (!hasFreeMover(side) && !hasLegalMove(moveListAt(ply))) return -MATE + ply;
    if (rawEval == NO_EVAL) rawEval = staticEvaluationLazy(alpha, beta);
    stand = correctedEval(rawEval);
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    best = stand;
  }
  const list = moveListAt(ply);
  const n = generatePseudo(list, !checked);
  if (checked) scoreMoves(list, n, ply, hashMove);
  else scoreCaptures(list, n);
  const king = ldU8(PIECE_SQ + sideTag(side));
  // What legality depends on, worked out when the first move gets that far (most nodes stop earlier).
  let legalityKnown = false;
  let fromMask = 0;
  let toMask = 0;
  let bestHere = 0;
  for (let i = 0; i < n; i++) {
    const mv = checked ? pickScored(list, n, i) : pickMove(list, n, i);
    if (!checked) {
      const to = moveTo(mv);
      const victim = ldU8(SQUARES + to);
      // Delta pruning: even winning the victim for free would not reach alpha.
      if (stand + seeValue(victim, to) + deltaMargin <= alpha) continue;
      if (!goodCapture(mv, ldU8(SQUARES + moveFrom(mv)), victim)) continue;
      // Weakened play: a capture far from the action may go unseen (never from a rated 1600 up).
      if (weakened && overlooksCapture(mv)) continue;
    }
    if (!legalityKnown) {
      prepareLegality();
      fromMask = legalFrom;
      toMask = legalTo;
      legalityKnown = true;
    }
    if (!isPreparedLegal(mv, king, checked, fromMask, toMask)) continue;
    const mayCheck = mayGiveCheck(mv, side);
    makeMove(mv);
    markLastMoveCheck(mayCheck && inCheckAfter(mv, side));
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
  store(bestHere, 0, bound, scoreToTable(best, ply), keepsEval && !checked ? rawEval : NO_EVAL);
  return best;
}

export function search(depth: i32, alpha: i32, beta: i32, ply: i32, cutNode: bool): i32 {
  if (stopped) return 0; // a re-search after the limit struck: the result is thrown away anyway
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
    // Right after a capture, the material may be one the endgame tables hold: their value is exact,
    // so the subtree is not searched (as Stockfish probes Syzygy only where the move clock is zero).
    // Not in a singular search, which must leave a move out.
    if (halfmove == 0 && pieceTotal <= tablePieces && excluded == 0) {
      const held = probeTables(ply);
      if (held != NO_TABLE) return held;
    }
  }
  // Below the root, the move that led here noted whether it gave check (a null move never does).
  const checked = ply > 0 ? lastMoveGaveCheck() : inCheck(side);
  // Check extension, within twice the iteration's depth: long strings of checks are common in
  // Xiangqi (rooks, cannons, horses and pawns all give them) and must not stall an iteration.
  if (checked && ply < 2 * iterationDepth) depth++;
  if (depth <= 0) return quiesce(alpha, beta, ply);
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  if (ply >= SEARCH_PLY_LIMIT) return staticEvaluation();

  const pvNode = beta - alpha > 1;
  let hashMove = 0;
  let hashScore = 0;
  let hashDepth = -1;
  let hashBound = 0;
  let rawEval = NO_EVAL; // the evaluation before its correction (what the table keeps)
  let ttPv = pvNode;
  if (excluded == 0 && probe()) {
    if (hitPv) ttPv = true;
    hashMove = hitMove;
    hashScore = scoreFromTable(hitScore, ply);
    hashDepth = hitDepth;
    hashBound = hitBound;
    rawEval = hitEval;
    if (!pvNode && ply > 0 && hitDepth >= depth) {
      const s = hashScore;
      if (
        hitBound == BOUND_EXACT ||
        (hitBound == BOUND_LOWER && s >= beta) ||
        (hitBound == BOUND_UPPER && s <= alpha)
      ) {
        return s;
      }
    }
  }

  if (ply == 0 && rootFirst != 0) hashMove = rootFirst;
  let staticEval = NO_EVAL;
  if (checked) rawEval = NO_EVAL;
  else if (excluded != 0) staticEval = ld32(frame + SS_EVAL);
  else {
    if (rawEval == NO_EVAL) rawEval = staticEvaluation();
    staticEval = correctedEval(rawEval);
  }
  st32(frame + SS_EVAL, staticEval);
  // Improving: better than two plies ago (or four, when the side was in check then).
  const before2 = ld32(stackAt(ply - 2) + SS_EVAL);
  const before4 = ld32(stackAt(ply - 4) + SS_EVAL);
  const improving =
    !checked && (before2 != NO_EVAL ? staticEval > before2 : before4 == NO_EVAL || staticEval > before4);
  // Clear the killers of the next ply, so those of sibling subtrees do not linger.
  st32(KILLERS + (ply + 1) * 8, 0);
  st32(KILLERS + (ply + 1) * 8 + 4, 0);

  const quietWindow = beta < MATE_BOUND && alpha > -MATE_BOUND;
  if (!pvNode && !checked && excluded == 0 && quietWindow) {
    // Reverse futility: far enough above beta near the leaves, a quiet position will stay there.
    const margin = rfpMargin * (improving ? depth - 1 : depth);
    if (depth <= 7 && staticEval - margin >= beta) return staticEval - margin;
    // Razoring: hopelessly below alpha, only captures could save it.
    if (depth <= 3 && staticEval + razorBase + razorDepth * depth <= alpha) {
      const v = quiesce(alpha - 1, alpha, ply);
      if (stopped) return 0;
      if (v < alpha) return v;
    }
    // Null move: if passing still holds beta, a real move will too.
    if (depth >= 3 && staticEval >= beta && ld32(stackAt(ply - 1) + SS_MOVE) != 0 && nullMoveIsSafe()) {
      const extra = ((staticEval - beta) / nullEvalDivisor) | 0;
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
  let shortenedMove = 0;
  if (
    ply > 0 &&
    ply < 2 * iterationDepth &&
    !checked &&
    depth >= 7 &&
    hashMove != 0 &&
    excluded == 0 &&
    (hashBound & BOUND_LOWER) != 0 &&
    hashDepth >= depth - 3 &&
    hashScore < MATE_BOUND &&
    hashScore > -MATE_BOUND
  ) {
    const singularBeta = hashScore - singularMargin * depth;
    st32(frame + SS_EXCLUDED, hashMove);
    const v = search((depth - 1) >> 1, singularBeta - 1, singularBeta, ply, cutNode);
    st32(frame + SS_EXCLUDED, 0);
    st32(PV_LENGTH + ply * 4, ply);
    if (stopped) return 0;
    if (v < singularBeta) singularMove = hashMove;
    else if (singularBeta >= beta) return singularBeta;
    // Not singular, and the hash move's own score already beats beta: other moves can cut as well,
    // so the hash move need not be searched to full depth.
    else if (hashScore >= beta) shortenedMove = hashMove;
  }

  const list = moveListAt(ply);
  const n = generatePseudo(list, false);
  scoreMoves(list, n, ply, hashMove);
  const king = ldU8(PIECE_SQ + sideTag(side));
  prepareLegality();
  const fromMask = legalFrom;
  const toMask = legalTo;
  const scores = MOVE_SCORES + (list - moveListAt(0));
  const hashCapture = hashMove != 0 && ldU8(SQUARES + moveTo(hashMove)) != 0;
  const tried = TRIED_MOVES + ply * TRIED_PER_PLY * 4;
  let quietsTried = 0;
  let capturesTried = 0;
  let skipQuiets = false;
  let restScanned = false;
  // In a bare endgame a quiet move that only takes squares from the king can be the win
  // (stalemate loses in Xiangqi): quiet moves are pruned only while enough pieces remain.
  let pruneQuiets = -1; // counted when first needed: most nodes never ask
  const lateMoveLimit = ((lmpBase + depth * depth) / (improving ? 1 : 2)) | 0;
  // Moves another search thread is busy with wait at the front of the list (whose first slots
  // are spent) until the others are done, with their rank packed above their ordering score so
  // that they are reduced as if searched in turn; see target-threads/smp.ts.
  const sharing = SHARED_SEARCH && depth >= SHARE_DEPTH;
  let deferred = 0;
  let best = -INFINITE;
  let bestHere = 0;
  let legal = 0;
  let overlooked = 0; // weakened play: moves the player did not see (weakness.ts)
  let bound = BOUND_UPPER;
  for (let i = 0; ; i++) {
    let mv = 0;
    let order = 0;
    let rank = 0; // this move's place among the legal moves in order (reductions depend on it)
    if (i < n) {
      if (skipQuiets && !restScanned && !sharing && !weakened) {
        restScanned = true;
        if (restIsPassedOver(list, n, i, depth, excluded, king, checked, fromMask, toMask)) break;
      }
      mv = pickScored(list, n, i);
      order = orderAt(scores, i);
      if (mv == excluded) continue;
      if (ply == 0 && (isExcludedRoot(mv) || !isAllowedRoot(mv))) continue;
      if (!isPreparedLegal(mv, king, checked, fromMask, toMask)) continue;
      if (weakened && (ply == 0 ? rootSkips(mv, n) : !checked && overlooks(mv, n))) {
        overlooked++;
        continue;
      }
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
    const special = order >= SCORE_KILLER && order < SCORE_GOOD_CAPTURE; // killer or countermove
    const history = quiet && !special ? order - SCORE_QUIET : 0;
    const reduction = lmr(depth, rank);
    let lmrDepth = depth - 1 - reduction;
    if (lmrDepth < 0) lmrDepth = 0;

    // Pruning at shallow depth, once a move has saved the node from a mate score, and not while a
    // mate is already in hand above (alpha a mate score): every margin test would prune the quiet
    // move that mates sooner.
    let prune = false;
    if (ply > 0 && best > -MATE_BOUND && alpha < MATE_BOUND && mv != hashMove) {
      if (quiet) {
        if (pruneQuiets < 0) pruneQuiets = majorPieces() >= 4 ? 1 : 0;
        if (pruneQuiets == 0) prune = false;
        else if (skipQuiets || (depth <= 8 && rank > lateMoveLimit)) prune = skipQuiets = true;
        else if (
          !checked &&
          lmrDepth < 7 &&
          staticEval + futilityBase + futilityDepth * lmrDepth + (history >> 7) <= alpha
        ) {
          // The quiets after this one have no more history and no less reduction, so the same test
          // prunes them all (killers and the countermove, whose history is not counted, come before).
          prune = true;
          if (!special) skipQuiets = true;
        } else if (lmrDepth < 4 && !special && history < -historyPrune * depth) prune = true;
        else if (lmrDepth < 6 && seeBelow(mv, -seeQuiet * lmrDepth * lmrDepth)) prune = true;
      } else if (depth <= 7 && order < SCORE_GOOD_CAPTURE && seeBelow(mv, -seeCapture * depth)) {
        prune = true;
      }
    }
    // Only moves that do not give check are pruned (those that might are tried on the points to see).
    const mayCheck = mayGiveCheck(mv, side);
    if (prune && !(mayCheck && givesCheck(mv, side))) continue;
    const moveKeyLo = keyLo;
    const moveKeyHi = keyHi;
    const cont = contIndex(piece, to);
    makeMove(mv);
    const checks = prune || (mayCheck && inCheckAfter(mv, side));
    markLastMoveCheck(checks);
    st32(frame + SS_MOVE, mv);
    st32(frame + SS_CONT, cont);
    if (sharing) beginMove(moveKeyLo, moveKeyHi, mv, depth);
    const newDepth = depth - 1 + (mv == singularMove ? 1 : mv == shortenedMove ? -1 : 0);
    let score = 0;
    if (depth >= 2 && rank > 1 + (pvNode ? 1 : 0) && (quiet || order < SCORE_GOOD_CAPTURE)) {
      let r = reduction;
      if (ttPv) r--;
      // At an expected cut node a late move is rarely the one that cuts (SPRT: 2 plies beat 1).
      if (cutNode) r += 2;
      if (!improving) r++;
      if (checks) r--;
      if (special) r--;
      if (hashCapture) r++;
      if (quiet && !special) r -= (history / historyReduction) | 0;
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
            // The move that cut is always rewarded, even with the list of tried quiets full.
            st32(tried + (quietsTried < TRIED_QUIETS ? quietsTried++ : TRIED_QUIETS - 1) * 4, mv);
            rewardQuiet(ply, mv, depth, quietsTried);
          } else if (capturesTried < TRIED_CAPTURES) {
            st32(tried + (TRIED_QUIETS + capturesTried++) * 4, mv);
          }
          rewardCaptures(ply, mv, depth, capturesTried);
          break;
        }
      }
    }
    if (quiet) {
      if (quietsTried < TRIED_QUIETS) st32(tried + quietsTried++ * 4, mv);
    } else if (capturesTried < TRIED_CAPTURES) {
      st32(tried + (TRIED_QUIETS + capturesTried++) * 4, mv);
    }
  }
  // No legal move loses, in check or not (a singular search without the hash move only fails low).
  if (legal == 0) {
    if (excluded != 0) return alpha;
    // Every move overlooked: the player sees nothing to do and takes the position as it stands.
    if (overlooked > 0 && ply > 0) return staticEval;
    return ply == 0 && excludedRoots > 0 ? -INFINITE : -MATE + ply;
  }
  if (best == -INFINITE) return alpha; // every move was pruned (they cannot all be: the first never is)
  // A fail-low node has no best move: its highest upper bound says little, so the move stored before stays.
  if (excluded == 0) {
    // The correction learns from results the static evaluation did not foresee: not from a capture
    // (the evaluation does not see material won), nor from a bound on the evaluation's own side.
    const bestCaptures = bound != BOUND_UPPER && ldU8(SQUARES + moveTo(bestHere)) != 0;
    if (
      !checked &&
      !bestCaptures &&
      !(bound == BOUND_LOWER && best <= staticEval) &&
      !(bound == BOUND_UPPER && best >= staticEval)
    )
      learnCorrection(best, staticEval, depth);
    store(bound == BOUND_UPPER ? 0 : bestHere, depth, bound, scoreToTable(best, ply), rawEval, ttPv);
  }
  return best;
}

/**
 * Once late quiet moves are pruned (skipQuiets), is every move left in the list (from i on) one the
 * loop would pass over: illegal, or pruned (a quiet; a capture the exchange condemns) and giving no
 * check? None of that depends on the order the moves would come in, so the node can stop there
 * without picking the rest one by one (what it searches stays the same).
 */
function restIsPassedOver(
  list: i32,
  n: i32,
  i: i32,
  depth: i32,
  excluded: i32,
  king: i32,
  checked: bool,
  fromMask: i32,
  toMask: i32,
): bool {
  for (let k = i; k < n; k++) {
    const mv = ld32(list + (k << 2));
    if (mv == excluded) continue;
    // The captures left were all found to lose material (see pickScored); those not pruned are searched.
    if (ldU8(SQUARES + moveTo(mv)) != 0 && !(depth <= 7 && seeBelow(mv, -seeCapture * depth))) return false;
    if (mayGiveCheck(mv, side) && isPreparedLegal(mv, king, checked, fromMask, toMask) && givesCheck(mv, side)) {
      return false;
    }
  }
  return true;
}

function isAllowedRoot(mv: i32): bool {
  if (allowedRoots == 0) return true;
  for (let i = 0; i < allowedRoots; i++) {
    if (ld32(ROOT_ALLOWED + (i << 2)) == mv) return true;
  }
  return false;
}

function isExcludedRoot(mv: i32): bool {
  for (let i = 0; i < excludedRoots; i++) {
    if (ld32(ROOT_MOVES + (i << 2)) == mv) return true;
  }
  return false;
}
