// The rules that end a game besides mate: repetition (perpetual check loses, other repetitions
// draw) and the natural move limit (120 plies without a capture), plus the game result.
import {
  side, keyLo, keyHi, halfmove, historyLength, historyKeyLo, historyKeyHi, historyGaveCheck,
} from './board';
import { hasLegalMove, moveListAt } from './movegen';
import { inCheck } from './attacks';
import { MAX_PLY } from './layout';

export const MOVE_LIMIT_PLIES: i32 = 120;

export const REPETITION_NONE: i32 = 0;
export const REPETITION_DRAW: i32 = 1;
/** The side to move has been checking on every move of the cycle: it loses. */
export const REPETITION_MOVER_LOSES: i32 = 2;
/** The opponent has been checking on every move of the cycle: the side to move wins. */
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

/** Judges the cycle from history entry `start` to now: who checked on every one of their moves. */
function judgeCycle(start: i32): i32 {
  let moverAlwaysChecks = true;
  let otherAlwaysChecks = true;
  for (let i = start; i < historyLength; i++) {
    // Moves at start, start + 2, ... were made by the side now to move.
    const byMover = ((historyLength - i) & 1) == 0;
    if (!historyGaveCheck(i)) {
      if (byMover) moverAlwaysChecks = false;
      else otherAlwaysChecks = false;
    }
  }
  if (moverAlwaysChecks && !otherAlwaysChecks) return REPETITION_MOVER_LOSES;
  if (otherAlwaysChecks && !moverAlwaysChecks) return REPETITION_MOVER_WINS;
  return REPETITION_DRAW;
}

/** For the search: has the current position occurred before (once is enough), and how is it judged? */
export function repetitionInSearch(): i32 {
  if (countRepeats(1) == 0) return REPETITION_NONE;
  return judgeCycle(earliestRepeat);
}

// Game status, packed: result in the low 4 bits, reason above.
export const RESULT_NONE: i32 = 0;
export const RESULT_RED_WINS: i32 = 1;
export const RESULT_BLACK_WINS: i32 = 2;
export const RESULT_DRAW: i32 = 3;
export const REASON_CHECKMATE: i32 = 1;
export const REASON_STALEMATE: i32 = 2;
export const REASON_PERPETUAL_CHECK: i32 = 3;
export const REASON_REPETITION: i32 = 4;
export const REASON_MOVE_LIMIT: i32 = 5;

function winFor(s: i32, reason: i32): i32 {
  return (s == 0 ? RESULT_RED_WINS : RESULT_BLACK_WINS) | (reason << 4);
}

/** Whether the game is over in the current position: no legal move loses (mate and stalemate
 *  alike), the third occurrence of a position ends it by the repetition rules, 120 plies without
 *  a capture draw. */
export function gameStatus(): i32 {
  if (!hasLegalMove(moveListAt(MAX_PLY - 1))) {
    return winFor(side ^ 1, inCheck(side) ? REASON_CHECKMATE : REASON_STALEMATE);
  }
  if (countRepeats(2) >= 2) {
    const verdict = judgeCycle(earliestRepeat);
    if (verdict == REPETITION_MOVER_LOSES) return winFor(side ^ 1, REASON_PERPETUAL_CHECK);
    if (verdict == REPETITION_MOVER_WINS) return winFor(side, REASON_PERPETUAL_CHECK);
    return RESULT_DRAW | (REASON_REPETITION << 4);
  }
  if (halfmove >= MOVE_LIMIT_PLIES) return RESULT_DRAW | (REASON_MOVE_LIMIT << 4);
  return RESULT_NONE;
}
