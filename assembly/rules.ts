// The rules that end a game besides mate: repetition, judged by the rule set in force (the
// computer rule of Pikafish and the chessdb cloud book, the Asian (AXF) rules, the Chinese 2020
// rules, or perpetual check alone; see judgeCycle and README "Rules"), insufficient material, and
// the natural move limit (120 plies without a capture), plus the game result.
import {
  side,
  keyLo,
  keyHi,
  halfmove,
  historyLength,
  historyKeyLo,
  historyKeyHi,
  historyGaveCheck,
  historyMove,
  makeMove,
  unmakeMove,
  makeNullMove,
  unmakeNullMove,
  setHistoryCheck,
  pieceAt,
} from './board';
import { hasLegalMove, moveListAt } from './movegen';
import { inCheck } from './attacks';
import { MAX_PLY, PIECE_SQ, CYCLE_MOVES } from './layout';
import { ldU8, ld32, st32 } from './target/mem';
import { chasedBy } from './rules-computer';
import { chasedByMove } from './rules-asian';
import { materialThreats, threatensMate } from './rules-chinese';
import { kingShields } from './geometry';
import {
  STATUS_REASON_SHIFT,
  RESULT_NONE,
  RESULT_RED_WINS,
  RESULT_BLACK_WINS,
  RESULT_DRAW,
  REASON_CHECKMATE,
  REASON_STALEMATE,
  REASON_PERPETUAL_CHECK,
  REASON_REPETITION,
  REASON_MOVE_LIMIT,
  REASON_PERPETUAL_CHASE,
  REASON_INSUFFICIENT_MATERIAL,
  REASON_PERPETUAL_ATTACK,
  RULE_COMPUTER,
  RULE_ASIAN,
  RULE_CHINESE,
  RULE_CHECK_ONLY,
} from './facts';
import { sideTag, SLOT_KNIGHT, SLOTS_END, moveTo } from './pieces';

export const MOVE_LIMIT_PLIES: i32 = 120;

export const REPETITION_NONE: i32 = 0;
export const REPETITION_DRAW: i32 = 1;
/** The side to move has been checking (or chasing) on every move of the cycle: it loses. */
export const REPETITION_MOVER_LOSES: i32 = 2;
/** The opponent has been checking (or chasing) on every move of the cycle: the side to move wins. */
export const REPETITION_MOVER_WINS: i32 = 3;

/** How many earlier positions equal the current one (same side to move, no capture since). */
let earliestRepeat: i32 = -1;
function countRepeats(limit: i32): i32 {
  let found = 0;
  earliestRepeat = -1;
  const reach = halfmove < historyLength ? halfmove : historyLength;
  // Entry i holds the key before move i; positions with the same side to move are 2 plies apart.
  for (let back = 4; back <= reach; back += 2) {
    const i = historyLength - back;
    if (historyKeyLo(i) == keyLo && historyKeyHi(i) == keyHi) {
      found++;
      earliestRepeat = i;
      if (found >= limit) break;
    }
  }
  return found;
}

/** Why judgeCycle's last verdict went as it did: a REASON_* code (repetition for a draw). */
let verdictReason: i32 = REASON_REPETITION;

/** The repetition rules in force: a RULE_* code (facts.ts). */
export let ruleSet: i32 = RULE_COMPUTER;

/** Chooses the repetition rules; false for an unknown code (the rules stay as they were). */
export function setRuleSet(rule: i32): bool {
  if (rule < RULE_COMPUTER || rule > RULE_CHECK_ONLY) return false;
  ruleSet = rule;
  return true;
}

// What replayCycle finds for the side now to move ("mover") and the other side: under the computer
// and Asian rules, the pieces chased anew by every one of its moves (a set of ids; empty: none);
// under the Chinese rules, -1 when every one of its moves was a check, a mate threat or a chase,
// with the kinds seen (ATTACK_* bits) kept apart to name the verdict.
let moverAttacks: i32 = 0;
let otherAttacks: i32 = 0;
let moverKinds: i32 = 0;
let otherKinds: i32 = 0;
const ATTACK_CHECK: i32 = 1;
const ATTACK_MATE_THREAT: i32 = 2;
const ATTACK_CHASE: i32 = 4;

/** What a move's attacks are measured against, taken before it is made. */
function before(mover: i32): i32 {
  if (ruleSet == RULE_ASIAN) return kingShields(mover ^ 1);
  if (ruleSet == RULE_CHINESE) return materialThreats(mover) | (threatensMate(mover) ? mateThreatBit(mover) : 0);
  return chasedBy(mover);
}
/** In a Chinese rules' `before`: the mover already threatened mate. The bit of the mover's own king,
 *  which no threat set of the mover's holds (they hold the other side's pieces). */
function mateThreatBit(mover: i32): i32 {
  return 1 << (sideTag(mover) & 31);
}

/** The attacks of the move `mv` just made by `mover` (see moverAttacks), and their kinds in `lastKinds`. */
let lastKinds: i32 = 0;
function attacksOfMove(mv: i32, mover: i32, captured: i32, check: bool, earlier: i32): i32 {
  if (ruleSet == RULE_ASIAN) return chasedByMove(mv, captured, earlier);
  if (ruleSet == RULE_COMPUTER) return chasedBy(mover) & ~earlier;
  lastKinds = 0;
  if (check) lastKinds |= ATTACK_CHECK;
  if ((materialThreats(mover) & ~earlier & ~mateThreatBit(mover)) != 0) lastKinds |= ATTACK_CHASE;
  // A mate threat counts when the move makes it, not when it stood before the move already.
  if (lastKinds == 0 && (earlier & mateThreatBit(mover)) == 0 && threatensMate(mover)) lastKinds |= ATTACK_MATE_THREAT;
  return lastKinds != 0 ? -1 : 0;
}

/** Marks a move of CYCLE_MOVES that gave check. */
const CYCLE_CHECK: i32 = 1 << 16;

/** Replays the cycle from history entry `start`, filling moverAttacks and otherAttacks. The
 *  position and the history come back exactly as they were. */
function replayCycle(start: i32): void {
  const end = historyLength;
  for (let i = end - 1; i >= start; i--) {
    st32(CYCLE_MOVES + (i - start) * 4, historyMove(i) | (historyGaveCheck(i) ? CYCLE_CHECK : 0));
    if (historyMove(i) == 0) unmakeNullMove();
    else unmakeMove();
  }
  // The side to move at `start` is the side to move now (the cycle has an even length).
  moverAttacks = -1;
  otherAttacks = -1;
  moverKinds = 0;
  otherKinds = 0;
  for (let i = start; i < end; i++) {
    const entry = ld32(CYCLE_MOVES + (i - start) * 4);
    const mv = entry & ~CYCLE_CHECK;
    const check = (entry & CYCLE_CHECK) != 0;
    const mover = side;
    const byMover = ((end - i) & 1) == 0;
    // Once a side has a move that attacks nothing, its other moves need no look.
    const wanted = byMover ? moverAttacks != 0 : otherAttacks != 0;
    const earlier = wanted && mv != 0 ? before(mover) : 0;
    const captured = mv != 0 ? pieceAt(moveTo(mv)) : 0;
    if (mv == 0) makeNullMove();
    else makeMove(mv);
    setHistoryCheck(i, check);
    if (!wanted) continue;
    // A null move (the search's pass) attacks nothing.
    lastKinds = 0;
    const attacks = mv == 0 ? 0 : attacksOfMove(mv, mover, captured, check, earlier);
    if (byMover) {
      moverAttacks &= attacks;
      moverKinds |= lastKinds;
    } else {
      otherAttacks &= attacks;
      otherKinds |= lastKinds;
    }
  }
}

/** The reason a side loses that attacked on every move: a chase, or (Chinese rules) a mix with checks and mate threats. */
function attackReason(kinds: i32): i32 {
  return ruleSet == RULE_CHINESE && kinds != ATTACK_CHASE ? REASON_PERPETUAL_ATTACK : REASON_PERPETUAL_CHASE;
}

/**
 * Judges the cycle from history entry `start` to now, by the rules in force. Under all of them a
 * side that checked on every one of its moves loses (both: draw). Then: check-only, every other
 * repetition draws; computer, any other check in the cycle draws, else a side that chased one and
 * the same piece anew with every move loses; Asian, the same without the checks drawing; Chinese, a
 * side whose every move checked, threatened mate or chased (any piece) loses. Both sides: a draw.
 */
function judgeCycle(start: i32): i32 {
  verdictReason = REASON_REPETITION;
  let moverAlwaysChecks = true;
  let otherAlwaysChecks = true;
  let anyCheck = false;
  for (let i = start; i < historyLength; i++) {
    // Moves at start, start + 2, ... were made by the side now to move.
    const byMover = ((historyLength - i) & 1) == 0;
    if (!historyGaveCheck(i)) {
      if (byMover) moverAlwaysChecks = false;
      else otherAlwaysChecks = false;
    } else {
      anyCheck = true;
    }
  }
  if (moverAlwaysChecks != otherAlwaysChecks) {
    verdictReason = REASON_PERPETUAL_CHECK;
    return moverAlwaysChecks ? REPETITION_MOVER_LOSES : REPETITION_MOVER_WINS;
  }
  if (moverAlwaysChecks || ruleSet == RULE_CHECK_ONLY || (ruleSet == RULE_COMPUTER && anyCheck)) return REPETITION_DRAW;
  replayCycle(start);
  if ((moverAttacks != 0) == (otherAttacks != 0)) return REPETITION_DRAW;
  verdictReason = attackReason(moverAttacks != 0 ? moverKinds : otherKinds);
  return moverAttacks != 0 ? REPETITION_MOVER_LOSES : REPETITION_MOVER_WINS;
}

/** For the search: has the current position occurred before (once is enough), and how is it judged? */
export function repetitionInSearch(): i32 {
  if (countRepeats(1) == 0) return REPETITION_NONE;
  return judgeCycle(earliestRepeat);
}

/** Neither side has a piece that can cross the river (only kings, advisors and elephants left). */
export function insufficientMaterial(): bool {
  for (let s = 0; s < 2; s++) {
    const tag = sideTag(s);
    for (let slot = SLOT_KNIGHT; slot < SLOTS_END; slot++) {
      if (ldU8(PIECE_SQ + tag + slot) != 0) return false;
    }
  }
  return true;
}

// Game status, packed: result in the low 4 bits, reason above (codes in facts.ts).

function winFor(s: i32, reason: i32): i32 {
  return (s == 0 ? RESULT_RED_WINS : RESULT_BLACK_WINS) | (reason << STATUS_REASON_SHIFT);
}

/** Whether the game is over in the current position: no legal move loses (mate and stalemate
 *  alike), only kings, advisors and elephants left draw, the third occurrence of a position ends
 *  it by the repetition rules, 120 plies without a capture draw. */
export function gameStatus(): i32 {
  if (!hasLegalMove(moveListAt(MAX_PLY - 1))) {
    return winFor(side ^ 1, inCheck(side) ? REASON_CHECKMATE : REASON_STALEMATE);
  }
  if (insufficientMaterial()) return RESULT_DRAW | (REASON_INSUFFICIENT_MATERIAL << STATUS_REASON_SHIFT);
  if (countRepeats(2) >= 2) {
    const verdict = judgeCycle(earliestRepeat);
    if (verdict == REPETITION_MOVER_LOSES) return winFor(side ^ 1, verdictReason);
    if (verdict == REPETITION_MOVER_WINS) return winFor(side, verdictReason);
    return RESULT_DRAW | (REASON_REPETITION << STATUS_REASON_SHIFT);
  }
  if (halfmove >= MOVE_LIMIT_PLIES) return RESULT_DRAW | (REASON_MOVE_LIMIT << STATUS_REASON_SHIFT);
  return RESULT_NONE;
}
