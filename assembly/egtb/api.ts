// The endgame tables' module: its own wasm and JS builds (scripts/build-engine.js), driven by
// web/egtb/. Materials are keys (layout.ts); positions are given piece by piece, points 0..89 as
// rank * 9 + file, piece codes as geometry.ts numbers them.
import { POINTS, API_MOVES, API_PIECES, MAX_PIECES, KEYS } from './regions';
import { initHeap } from './target/heap';
import { initGeometry } from './geometry';
import { DIGITS, digitOf, digitUnit, initLayout, placements as placementCount, setUp, sizeOf } from './layout';
import { adopt, generate, hasTable as has, tableAt, valueHere, verify, forgetTables } from './generate';
import {
  addPiece,
  clearPosition,
  generateLegal,
  inCheck,
  pieceCode,
  pieceCount,
  pieceOn as codeOn,
  piecePoint,
} from './position';
import { ld32, ldU8, ldU16 } from './target/heap';

export { heapBase } from './target/heap';

initHeap();
initGeometry();
initLayout();

/** Positions per side to move in the table of `key` (entries, some of them no position). */
export function tableSize(key: i32): i32 {
  return key >= 0 && key < KEYS ? sizeOf(key) : 0;
}

/**
 * Generates the table of `key` and the smaller ones its captures reach; false when memory ran out.
 */
export function generateTable(key: i32): bool {
  return key >= 0 && key < KEYS && generate(key);
}

/**
 * Registers the table of `key` made before, whose values the caller then writes at the offset
 * returned (from heapBase: two bytes an entry, Red to move then Black); -1 when memory ran out.
 */
export function adoptTable(key: i32): i32 {
  return key >= 0 && key < KEYS ? adopt(key) : -1;
}

export function hasTable(key: i32): bool {
  return has(key);
}

/** Where a generated table's values lie in memory (u16: Red to move, then Black), from heapBase. */
export function tableOffset(key: i32): i32 {
  return has(key) ? tableAt(key) : -1;
}

/** An entry's value: 0 draw, INVALID (65535) no position, else plies to mate plus one (even plies: the side to move is mated). */
export function tableValue(key: i32, side: i32, index: i32): i32 {
  return ldU16(tableAt(key) + (side * sizeOf(key) + index) * 2);
}

/** How many positions of a generated table break the retrograde rules (0 when it is sound). */
export function verifyTable(key: i32): i32 {
  return verify(key);
}

export function clearTables(): void {
  forgetTables();
}

/** The number of joint placements of a side's king, `advisors` advisors and `elephants` elephants. */
export function placements(side: i32, advisors: i32, elephants: i32): i32 {
  return placementCount(side, advisors, elephants);
}

export function clearBoard(): void {
  clearPosition();
}

/** Puts a piece on an empty point; false when the point is taken or off the board. */
export function putPiece(point: i32, code: i32): bool {
  return point >= 0 && point < POINTS && code > 0 && code < 16 && (code & 7) != 0 && addPiece(code, point);
}

/** The piece code on a point (after setUpEntry or putPiece). */
export function pieceOn(point: i32): i32 {
  return codeOn(point);
}

/** The material key of the pieces on the board, or -1 when no table covers it. */
export function boardKey(): i32 {
  let key = 0;
  let attackers = 0;
  let counted = 0;
  for (let s = 0; s < pieceCount; s++) {
    if (piecePoint(s) < 0) continue;
    const code = pieceCode(s);
    if ((code & 7) == 1) continue;
    const which = digitOf(code);
    if (which < 0) return -1;
    key += digitUnit(which);
    if (which >= 2 && which <= 5) attackers++;
    counted++;
  }
  // Three of a kind would carry into the next digit.
  let check = key;
  let total = 0;
  for (let d = 0; d < DIGITS; d++) {
    total += check % 3;
    check = (check - (check % 3)) / 3;
  }
  if (check != 0 || total != counted || attackers > 2) return -1;
  return key;
}

/**
 * The value of the position on the board with `side` to move: as tableValue, or -1 when its
 * material has no table, -2 when that table is not generated, -3 when the side not to move is in check.
 */
export function probeBoard(side: i32): i32 {
  const key = boardKey();
  if (key < 0) return -1;
  if (!has(key)) return -2;
  if (inCheck(1 - side)) return -3;
  return valueHere(key, side);
}

/** Where probePieces reads a position: (point, code) byte pairs, from heapBase. */
export function piecesOffset(): i32 {
  return API_PIECES;
}

/**
 * probeBoard of the `count` pieces written at piecesOffset(), in one call (the engine's search
 * probes this way); -4 when a piece does not fit on the board.
 */
export function probePieces(count: i32, side: i32): i32 {
  if (count < 0 || count > MAX_PIECES) return -4;
  clearPosition();
  for (let i = 0; i < count; i++) {
    if (!putPiece(ldU8(API_PIECES + i * 2), ldU8(API_PIECES + i * 2 + 1))) return -4;
  }
  return probeBoard(side);
}

/** Sets up the position of a table entry on the board; false when the entry is no position. */
export function setUpEntry(key: i32, index: i32): bool {
  return setUp(key, index);
}

let moveCount = 0;

/** Generates the legal moves of the position on the board; returns how many (read them with legalMove). */
export function generateMoves(side: i32): i32 {
  moveCount = generateLegal(side, API_MOVES);
  return moveCount;
}

/** The i-th legal move found: from point | to point << 7. */
export function legalMove(i: i32): i32 {
  return i < moveCount ? ld32(API_MOVES + i * 4) : -1;
}
