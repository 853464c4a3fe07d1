// The rules that end a game besides mate: repetition under the Asian (AXF) rules as Pikafish
// implements them (perpetual check loses, then perpetual chase loses, other repetitions draw),
// insufficient material, and the natural move limit (120 plies without a capture), plus the
// game result.
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
  setProbeSide,
} from './board';
import { hasLegalMove, moveListAt, generatePseudo, isMoveSafe } from './movegen';
import { inCheck } from './attacks';
import { MAX_PLY, MAX_MOVES, SQUARES, PIECE_SQ, HALF, CHASE_LISTS } from './layout';
import { ldU8, stU8, ld32 } from './target/mem';
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
} from './facts';
import {
  sideTag,
  pieceType,
  KING,
  ADVISOR,
  BISHOP,
  KNIGHT,
  ROOK,
  CANNON,
  PAWN,
  SLOT_KNIGHT,
  SLOTS_END,
  moveFrom,
  moveTo,
} from './pieces';

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

// ---- Chases -------------------------------------------------------------------------------
// A side chases a piece when one of its pieces other than king and pawn could capture it with a
// legal move and the capture is a real threat: a horse or cannon against a rook, an advisor or
// elephant against a rook, horse or cannon, always; anything else only when the victim's side
// could not legally capture back on that point afterwards, and, between two pieces of one type,
// only when the victim could not legally capture the attacker first (a blocked horse leg, a pin).
// Kings and pawns still on their own side of the river are never chased. A chase set is a mask of
// victim ids: bit (id & 31), ids 16..47 being stable identities of the pieces.

const CAPTURES: i32 = CHASE_LISTS;
const REPLIES: i32 = CHASE_LISTS + MAX_MOVES * 4;

/** Whether side `s` has a legal capture from `from` to `to` on the board as it stands. */
function canCapture(s: i32, from: i32, to: i32): bool {
  const saved = side;
  setProbeSide(s);
  const wanted = from | (to << 8);
  const n = generatePseudo(REPLIES, true);
  let found = false;
  for (let i = 0; i < n; i++) {
    if (ld32(REPLIES + (i << 2)) == wanted) {
      found = isMoveSafe(wanted);
      break;
    }
  }
  setProbeSide(saved);
  return found;
}

/** Whether side `s` could legally capture back on `to` after the capture `mv` by the other side. */
function defendedAfter(mv: i32, s: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece: i32 = ldU8(SQUARES + from);
  const victim: i32 = ldU8(SQUARES + to);
  stU8(SQUARES + to, piece);
  stU8(SQUARES + from, 0);
  stU8(PIECE_SQ + piece, to);
  stU8(PIECE_SQ + victim, 0);
  const saved = side;
  setProbeSide(s);
  const n = generatePseudo(REPLIES, true);
  let defended = false;
  for (let i = 0; i < n; i++) {
    const reply = ld32(REPLIES + (i << 2));
    if (moveTo(reply) == to && isMoveSafe(reply)) {
      defended = true;
      break;
    }
  }
  setProbeSide(saved);
  stU8(SQUARES + from, piece);
  stU8(SQUARES + to, victim);
  stU8(PIECE_SQ + piece, from);
  stU8(PIECE_SQ + victim, to);
  return defended;
}

/** The pieces side `c` chases in the current position (whoever is to move), as a mask of ids. */
function chasedBy(c: i32): i32 {
  const saved = side;
  setProbeSide(c);
  const n = generatePseudo(CAPTURES, true);
  let mask = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(CAPTURES + (i << 2));
    const from = moveFrom(mv);
    const to = moveTo(mv);
    const attacker: i32 = ldU8(SQUARES + from);
    const victim: i32 = ldU8(SQUARES + to);
    const byType = pieceType(attacker);
    const ofType = pieceType(victim);
    if (byType == KING || byType == PAWN || ofType == KING) continue;
    // A pawn is a target only once it stands on c's half of the board.
    if (ofType == PAWN && (ldU8(HALF + to) & (1 << c)) == 0) continue;
    const bit = 1 << (victim & 31);
    if ((mask & bit) != 0 || !isMoveSafe(mv)) continue;
    if (
      ((byType == KNIGHT || byType == CANNON) && ofType == ROOK) ||
      ((byType == ADVISOR || byType == BISHOP) && (ofType == ROOK || ofType == KNIGHT || ofType == CANNON))
    ) {
      mask |= bit;
      continue;
    }
    if (defendedAfter(mv, c ^ 1)) continue;
    if (byType == ofType && canCapture(c ^ 1, to, from)) continue;
    mask |= bit;
  }
  setProbeSide(saved);
  return mask;
}

/** Set by judgeCycle: whether its verdict came from chases rather than checks. */
let verdictByChase: bool = false;

/** Replays the cycle from history entry `start` and returns the ids each side newly chased on
 *  every one of its moves: the mover's (the side now to move) in `moverChase`, the other's in
 *  `otherChase`. The position and the history come back exactly as they were. */
let moverChase: i32 = 0;
let otherChase: i32 = 0;
function followChases(start: i32): void {
  const end = historyLength;
  for (let i = end - 1; i >= start; i--) {
    if (historyMove(i) == 0) unmakeNullMove();
    else unmakeMove();
  }
  // The side to move at `start` is the side to move now (the cycle has an even length).
  moverChase = -1;
  otherChase = -1;
  for (let i = start; i < end; i++) {
    const mv = historyMove(i);
    const check = historyGaveCheck(i);
    const mover = side;
    const byMover = ((end - i) & 1) == 0;
    const wanted = byMover ? moverChase != 0 : otherChase != 0;
    const before = wanted && mv != 0 ? chasedBy(mover) : 0;
    if (mv == 0) makeNullMove();
    else makeMove(mv);
    setHistoryCheck(i, check);
    if (wanted) {
      const fresh = mv == 0 ? 0 : chasedBy(mover) & ~before;
      if (byMover) moverChase &= fresh;
      else otherChase &= fresh;
    }
  }
}

/** Judges the cycle from history entry `start` to now. A side that checked on every one of its
 *  moves loses (both: draw); any other check in the cycle draws; otherwise a side that chased the
 *  same piece anew with every one of its moves loses (both: draw); otherwise it is a draw. */
function judgeCycle(start: i32): i32 {
  verdictByChase = false;
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
  if (moverAlwaysChecks && !otherAlwaysChecks) return REPETITION_MOVER_LOSES;
  if (otherAlwaysChecks && !moverAlwaysChecks) return REPETITION_MOVER_WINS;
  if (anyCheck) return REPETITION_DRAW;
  followChases(start);
  verdictByChase = true;
  if (moverChase != 0 && otherChase == 0) return REPETITION_MOVER_LOSES;
  if (otherChase != 0 && moverChase == 0) return REPETITION_MOVER_WINS;
  verdictByChase = false;
  return REPETITION_DRAW;
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
    const reason = verdictByChase ? REASON_PERPETUAL_CHASE : REASON_PERPETUAL_CHECK;
    if (verdict == REPETITION_MOVER_LOSES) return winFor(side ^ 1, reason);
    if (verdict == REPETITION_MOVER_WINS) return winFor(side, reason);
    return RESULT_DRAW | (REASON_REPETITION << STATUS_REASON_SHIFT);
  }
  if (halfmove >= MOVE_LIMIT_PLIES) return RESULT_DRAW | (REASON_MOVE_LIMIT << STATUS_REASON_SHIFT);
  return RESULT_NONE;
}
