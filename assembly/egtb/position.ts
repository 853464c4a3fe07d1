// The position the generator works on: a board of piece codes and a list of the pieces, with moves
// made and unmade in place, legal moves forward and "un-moves" backward (the quiet moves that could
// have led here), which retrograde analysis walks.
import {
  POINTS,
  MAX_PIECES,
  BOARD,
  SLOT_AT,
  PIECE_CODE,
  PIECE_POINT,
  KING_AT,
  STEP,
  DIAGONAL,
  HORSE_TO,
  HORSE_LEG,
  HORSE_FROM,
  HORSE_FROM_LEG,
  PALACE,
  ADVISOR_POINT,
  ELEPHANT_POINT,
  PAWN_POINT,
  RANK,
  FILE,
  MIRROR,
} from './regions';
import { NONE, EMPTY, KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN } from './geometry';
import { ldU8, ldI8, stU8, ld32, st32 } from './target/heap';

export let pieceCount: i32 = 0;

export function pieceOn(p: i32): i32 {
  return ldU8(BOARD + p);
}
export function pieceCode(slot: i32): i32 {
  return ldU8(PIECE_CODE + slot);
}
/** A piece's point, -1 once captured. */
export function piecePoint(slot: i32): i32 {
  return ldI8(PIECE_POINT + slot);
}
export function kingPoint(side: i32): i32 {
  return ld32(KING_AT + side * 4);
}

export function clearPosition(): void {
  // The board is empty but for the pieces of the list (captured ones have left it).
  for (let s = 0; s < pieceCount; s++) {
    const p = ldI8(PIECE_POINT + s);
    if (p != NONE) stU8(BOARD + p, EMPTY);
  }
  pieceCount = 0;
  st32(KING_AT, NONE);
  st32(KING_AT + 4, NONE);
}

/** Puts a piece on an empty point; false when the point is taken or the list is full. */
export function addPiece(code: i32, point: i32): bool {
  if (ldU8(BOARD + point) != EMPTY || pieceCount == MAX_PIECES) return false;
  stU8(BOARD + point, code);
  stU8(SLOT_AT + point, pieceCount);
  stU8(PIECE_CODE + pieceCount, code);
  stU8(PIECE_POINT + pieceCount, point);
  pieceCount++;
  if ((code & 7) == KING) st32(KING_AT + (code >> 3) * 4, point);
  return true;
}

/**
 * Whether two different moves (or un-moves) from this position may reach mirror images of each
 * other, and so one table entry twice: only when all but at most two pieces stand where the
 * mirror image has the same piece.
 */
export function nearlySymmetric(): bool {
  let odd = 0;
  for (let s = 0; s < pieceCount; s++) {
    const p = ldI8(PIECE_POINT + s);
    if (p != NONE && ldU8(BOARD + ldU8(MIRROR + p)) != ldU8(PIECE_CODE + s) && ++odd > 2) return false;
  }
  return true;
}

/** Makes a move (from point | to point << 7); returns the slot of the piece it captured, or -1. */
export function makeMove(mv: i32): i32 {
  const from = mv & 127;
  const to = mv >> 7;
  const slot = ldU8(SLOT_AT + from);
  let captured: i32 = -1;
  if (ldU8(BOARD + to) != EMPTY) {
    captured = ldU8(SLOT_AT + to);
    stU8(PIECE_POINT + captured, NONE);
  }
  const code = ldU8(BOARD + from);
  stU8(BOARD + to, code);
  stU8(BOARD + from, EMPTY);
  stU8(SLOT_AT + to, slot);
  stU8(PIECE_POINT + slot, to);
  if ((code & 7) == KING) st32(KING_AT + (code >> 3) * 4, to);
  return captured;
}

export function unmakeMove(mv: i32, captured: i32): void {
  const from = mv & 127;
  const to = mv >> 7;
  const slot = ldU8(SLOT_AT + to);
  const code = ldU8(BOARD + to);
  stU8(BOARD + from, code);
  stU8(SLOT_AT + from, slot);
  stU8(PIECE_POINT + slot, from);
  if ((code & 7) == KING) st32(KING_AT + (code >> 3) * 4, from);
  if (captured >= 0) {
    stU8(BOARD + to, ldU8(PIECE_CODE + captured));
    stU8(SLOT_AT + to, captured);
    stU8(PIECE_POINT + captured, to);
  } else {
    stU8(BOARD + to, EMPTY);
  }
}

/** Pieces strictly between two points of one rank or file. */
function between(a: i32, b: i32): i32 {
  const ra = ldU8(RANK + a);
  const step = ra == ldU8(RANK + b) ? (a < b ? 1 : -1) : a < b ? 9 : -9;
  let n = 0;
  for (let p = a + step; p != b; p += step) if (ldU8(BOARD + p) != EMPTY) n++;
  return n;
}

/**
 * Whether `by`'s pieces attack `point` (kings facing each other along an open file count). Looks
 * at each attacking piece in turn: these positions have few, and most are not on the point's lines.
 */
export function attacked(point: i32, by: i32): bool {
  const rank = ldU8(RANK + point);
  const file = ldU8(FILE + point);
  for (let s = 0; s < pieceCount; s++) {
    const code = ldU8(PIECE_CODE + s);
    const from = ldI8(PIECE_POINT + s);
    if (from == NONE || code >> 3 != by) continue;
    const type = code & 7;
    if (type == ADVISOR || type == ELEPHANT) continue; // they never leave their own half
    const dr = ldU8(RANK + from) - rank;
    const df = ldU8(FILE + from) - file;
    if (type == ROOK) {
      if ((dr == 0 || df == 0) && between(from, point) == 0) return true;
    } else if (type == CANNON) {
      if ((dr == 0 || df == 0) && between(from, point) == 1) return true;
    } else if (type == KING) {
      if (df == 0 && between(from, point) == 0) return true;
    } else if (type == HORSE) {
      // A horse (dr, df) away attacks over the leg next to itself, along the jump's long side.
      if ((dr == 2 || dr == -2) && (df == 1 || df == -1)) {
        if (ldU8(BOARD + from - (dr >> 1) * 9) == EMPTY) return true;
      } else if ((df == 2 || df == -2) && (dr == 1 || dr == -1)) {
        if (ldU8(BOARD + from - (df >> 1)) == EMPTY) return true;
      }
    } else if (type == PAWN) {
      // Forward one point (Red's north), or sideways once across the river.
      const forward = by == 0 ? -1 : 1;
      if (df == 0 && dr == forward) return true;
      if (dr == 0 && (df == 1 || df == -1) && (by == 0 ? rank >= 5 : rank <= 4)) return true;
    }
  }
  return false;
}

export function inCheck(side: i32): bool {
  return attacked(kingPoint(side), 1 - side);
}

function push(list: i32, n: i32, from: i32, to: i32): i32 {
  st32(list + n * 4, from | (to << 7));
  return n + 1;
}

/** Whether `to` is empty or holds a piece of the side other than `side`. */
function open(to: i32, side: i32): bool {
  const code = ldU8(BOARD + to);
  return code == EMPTY || code >> 3 != side;
}

/** `side`'s moves, legal or not as to its own king, into the i32 list at `list`; returns how many. */
function generatePseudo(side: i32, list: i32): i32 {
  let n = 0;
  const bit = 1 << side;
  for (let s = 0; s < pieceCount; s++) {
    const from = ldI8(PIECE_POINT + s);
    const code = ldU8(PIECE_CODE + s);
    if (from == NONE || code >> 3 != side) continue;
    const type = code & 7;
    if (type == KING || type == ADVISOR) {
      const steps = type == KING ? STEP : DIAGONAL;
      const allowed = type == KING ? PALACE : ADVISOR_POINT;
      for (let d = 0; d < 4; d++) {
        const to = ldI8(steps + from * 4 + d);
        if (to != NONE && (ldU8(allowed + to) & bit) != 0 && open(to, side)) n = push(list, n, from, to);
      }
    } else if (type == ELEPHANT) {
      for (let d = 0; d < 4; d++) {
        const eye = ldI8(DIAGONAL + from * 4 + d);
        if (eye == NONE || ldU8(BOARD + eye) != EMPTY) continue;
        const to = ldI8(DIAGONAL + eye * 4 + d);
        if (to != NONE && (ldU8(ELEPHANT_POINT + to) & bit) != 0 && open(to, side)) n = push(list, n, from, to);
      }
    } else if (type == HORSE) {
      for (let k = 0; k < 8; k++) {
        const to = ldI8(HORSE_TO + from * 8 + k);
        if (to != NONE && ldU8(BOARD + ldI8(HORSE_LEG + from * 8 + k)) == EMPTY && open(to, side))
          n = push(list, n, from, to);
      }
    } else if (type == ROOK || type == CANNON) {
      for (let d = 0; d < 4; d++) {
        let to = ldI8(STEP + from * 4 + d);
        while (to != NONE && ldU8(BOARD + to) == EMPTY) {
          n = push(list, n, from, to);
          to = ldI8(STEP + to * 4 + d);
        }
        if (to == NONE) continue;
        if (type == CANNON) {
          to = ldI8(STEP + to * 4 + d);
          while (to != NONE && ldU8(BOARD + to) == EMPTY) to = ldI8(STEP + to * 4 + d);
          if (to == NONE) continue;
        }
        if (open(to, side)) n = push(list, n, from, to);
      }
    } else if (type == PAWN) {
      const ahead = ldI8(STEP + from * 4 + side);
      if (ahead != NONE && open(ahead, side)) n = push(list, n, from, ahead);
      if (side == 0 ? ldU8(RANK + from) >= 5 : ldU8(RANK + from) <= 4) {
        for (let d = 2; d < 4; d++) {
          const to = ldI8(STEP + from * 4 + d);
          if (to != NONE && open(to, side)) n = push(list, n, from, to);
        }
      }
    }
  }
  return n;
}

/**
 * Whether a point is on the king's rank or file or within two ranks and files of it: the only
 * points where a piece arriving or leaving can change whether that king is attacked (lines of
 * rooks, cannons and facing kings; horses, their legs and pawns all lie within two points).
 */
export function nearKing(point: i32, king: i32): bool {
  const dr = ldU8(RANK + point) - ldU8(RANK + king);
  const df = ldU8(FILE + point) - ldU8(FILE + king);
  return dr == 0 || df == 0 || (dr >= -2 && dr <= 2 && df >= -2 && df <= 2);
}

/** `side`'s legal moves into the i32 list at `list`; returns how many. */
export function generateLegal(side: i32, list: i32): i32 {
  const n = generatePseudo(side, list);
  const king = kingPoint(side);
  const checked = inCheck(side);
  let legal = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + i * 4);
    const from = mv & 127;
    const to = mv >> 7;
    let safe = true;
    // Out of check, a move far from its own king's lines and surroundings cannot expose it.
    if (checked || from == king || nearKing(from, king) || nearKing(to, king)) {
      const captured = makeMove(mv);
      safe = !inCheck(side);
      unmakeMove(mv, captured);
    }
    if (safe) legal = push(list, legal, from, to);
  }
  return legal;
}

/**
 * The quiet moves `side` may have just played to reach this position, each written as the move
 * that takes it back (from its point now to where it came from) into the list at `list`; returns
 * how many. Whether the position before was legal (the other side not left in check) is the
 * caller's to test.
 */
export function generateUnmoves(side: i32, list: i32): i32 {
  let n = 0;
  const bit = 1 << side;
  for (let s = 0; s < pieceCount; s++) {
    const at = ldI8(PIECE_POINT + s);
    const code = ldU8(PIECE_CODE + s);
    if (at == NONE || code >> 3 != side) continue;
    const type = code & 7;
    if (type == KING || type == ADVISOR) {
      const steps = type == KING ? STEP : DIAGONAL;
      const allowed = type == KING ? PALACE : ADVISOR_POINT;
      for (let d = 0; d < 4; d++) {
        const from = ldI8(steps + at * 4 + d);
        if (from != NONE && ldU8(BOARD + from) == EMPTY && (ldU8(allowed + from) & bit) != 0)
          n = push(list, n, at, from);
      }
    } else if (type == ELEPHANT) {
      for (let d = 0; d < 4; d++) {
        const eye = ldI8(DIAGONAL + at * 4 + d);
        if (eye == NONE || ldU8(BOARD + eye) != EMPTY) continue;
        const from = ldI8(DIAGONAL + eye * 4 + d);
        if (from != NONE && (ldU8(ELEPHANT_POINT + from) & bit) != 0 && ldU8(BOARD + from) == EMPTY)
          n = push(list, n, at, from);
      }
    } else if (type == HORSE) {
      for (let k = 0; k < 8; k++) {
        const from = ldI8(HORSE_FROM + at * 8 + k);
        if (from != NONE && ldU8(BOARD + from) == EMPTY && ldU8(BOARD + ldI8(HORSE_FROM_LEG + at * 8 + k)) == EMPTY)
          n = push(list, n, at, from);
      }
    } else if (type == ROOK || type == CANNON) {
      for (let d = 0; d < 4; d++) {
        let from = ldI8(STEP + at * 4 + d);
        while (from != NONE && ldU8(BOARD + from) == EMPTY) {
          n = push(list, n, at, from);
          from = ldI8(STEP + from * 4 + d);
        }
      }
    } else if (type == PAWN) {
      const behind = ldI8(STEP + at * 4 + 1 - side);
      if (behind != NONE && ldU8(BOARD + behind) == EMPTY && (ldU8(PAWN_POINT + behind) & bit) != 0)
        n = push(list, n, at, behind);
      if (side == 0 ? ldU8(RANK + at) >= 5 : ldU8(RANK + at) <= 4) {
        for (let d = 2; d < 4; d++) {
          const from = ldI8(STEP + at * 4 + d);
          if (from != NONE && ldU8(BOARD + from) == EMPTY) n = push(list, n, at, from);
        }
      }
    }
  }
  return n;
}
