// FEN reading and writing. Reading validates everything a position needs to be playable and,
// on failure, leaves the previous position in place and explains what and where in ERROR_INFO.
import { IO, IO_SIZE, ERROR_INFO, PIECE_SQ, ADVISOR_POINT, BISHOP_POINT, PAWN_POINT, PALACE } from './layout';
import { ldU8, stU8, st32 } from './target/mem';
import {
  KING,
  ADVISOR,
  BISHOP,
  KNIGHT,
  ROOK,
  CANNON,
  PAWN,
  firstSlot,
  endSlot,
  pieceType,
  pieceSide,
  squareOf,
  squareTo90,
  sideTag,
} from './pieces';
import {
  clearBoard,
  putPiece,
  setSideToMove,
  setCounters,
  saveSnapshot,
  restoreSnapshot,
  pieceAt,
  side,
  halfmove,
  fullmoveNumber,
} from './board';
import { inCheck } from './attacks';

// The error codes and their details are documented in facts.ts, which the adapter reads too.
import {
  FEN_OK,
  FEN_EMPTY,
  FEN_ROWS,
  FEN_ROW_WIDTH,
  FEN_CHAR,
  FEN_TOO_MANY,
  FEN_BAD_SQUARE,
  FEN_NO_KING,
  FEN_SIDE,
  FEN_COUNTER,
  FEN_IN_CHECK,
  FEN_TOO_LONG,
  FEN_COUNTER_RANGE,
  FEN_MAX_PLY_CLOCK,
} from './facts';

const CH_SPACE: i32 = 32;
const CH_SLASH: i32 = 47;
const CH_DASH: i32 = 45;
const CH_0: i32 = 48;
const CH_9: i32 = 57;

function fail(code: i32, a: i32, b: i32): i32 {
  st32(ERROR_INFO, code);
  st32(ERROR_INFO + 4, a);
  st32(ERROR_INFO + 8, b);
  restoreSnapshot();
  return code;
}

/** Piece type of a FEN letter (either case; H and E accepted for horse and elephant), or -1. */
function typeOfLetter(ch: i32): i32 {
  const upper = ch >= 97 ? ch - 32 : ch;
  if (upper == 75) return KING; // K
  if (upper == 65) return ADVISOR; // A
  if (upper == 66 || upper == 69) return BISHOP; // B, E
  if (upper == 78 || upper == 72) return KNIGHT; // N, H
  if (upper == 82) return ROOK; // R
  if (upper == 67) return CANNON; // C
  if (upper == 80) return PAWN; // P
  return -1;
}

const LETTERS: string = 'KABNRCP';

/** The FEN letter of a piece id. */
export function letterOf(id: i32): i32 {
  return canonicalLetter(pieceType(id), pieceSide(id));
}

/** Can a piece of this type and side ever stand on `sq`? */
function reachable(type: i32, s: i32, sq: i32): bool {
  const bit = 1 << s;
  if (type == KING) return (ldU8(PALACE + sq) & bit) != 0;
  if (type == ADVISOR) return (ldU8(ADVISOR_POINT + sq) & bit) != 0;
  if (type == BISHOP) return (ldU8(BISHOP_POINT + sq) & bit) != 0;
  if (type == PAWN) return (ldU8(PAWN_POINT + sq) & bit) != 0;
  return true;
}

function skipSpaces(at: i32, end: i32): i32 {
  while (at < end && ldU8(IO + at) == CH_SPACE) at++;
  return at;
}

let fieldEnd: i32 = 0;
/** Reads a decimal field ending at a space or the end (its end goes to fieldEnd); -1 when it is not a number. */
function readNumber(at: i32, end: i32): i32 {
  let value = 0;
  let digits = 0;
  while (at < end && ldU8(IO + at) != CH_SPACE) {
    const ch = ldU8(IO + at);
    if (ch < CH_0 || ch > CH_9 || digits >= 6) {
      fieldEnd = at;
      return -1;
    }
    value = value * 10 + ch - CH_0;
    digits++;
    at++;
  }
  fieldEnd = at;
  return digits == 0 ? -1 : value;
}

/** Parses the FEN of `length` bytes at IO. Returns FEN_OK or an error code (details in ERROR_INFO). */
export function readFen(length: i32): i32 {
  saveSnapshot();
  if (length > IO_SIZE) return fail(FEN_TOO_LONG, length, 0);
  let at = skipSpaces(0, length);
  if (at == length) return fail(FEN_EMPTY, 0, 0);
  const rows = countRows(at, length);
  if (rows != 10) return fail(FEN_ROWS, rows, 0);
  clearBoard();

  let row = 0;
  let file = 0;
  while (at < length) {
    const ch = ldU8(IO + at);
    if (ch == CH_SPACE) break;
    if (ch == CH_SLASH) {
      if (file != 9) return fail(FEN_ROW_WIDTH, row, file);
      row++;
      file = 0;
    } else if (ch >= 49 && ch <= CH_9) {
      file += ch - CH_0;
      if (file > 9) return fail(FEN_ROW_WIDTH, row, file);
    } else {
      const type = typeOfLetter(ch);
      if (type < 0) return fail(FEN_CHAR, ch, at);
      if (file > 8) return fail(FEN_ROW_WIDTH, row, file + 1);
      const s = ch >= 97 ? 1 : 0;
      const tag = sideTag(s);
      let slot = firstSlot(type);
      const last = endSlot(type);
      while (slot < last && ldU8(PIECE_SQ + tag + slot) != 0) slot++;
      if (slot == last) return fail(FEN_TOO_MANY, canonicalLetter(type, s), 0);
      const sq = squareOf(9 - row, file);
      if (!reachable(type, s, sq)) return fail(FEN_BAD_SQUARE, canonicalLetter(type, s), squareTo90(sq));
      putPiece(tag + slot, sq);
      file++;
    }
    at++;
  }
  if (file != 9) return fail(FEN_ROW_WIDTH, row, file);
  if (ldU8(PIECE_SQ + sideTag(0)) == 0) return fail(FEN_NO_KING, 0, 0);
  if (ldU8(PIECE_SQ + sideTag(1)) == 0) return fail(FEN_NO_KING, 1, 0);

  at = skipSpaces(at, length);
  if (at == length) return fail(FEN_SIDE, 0, at);
  const sideChar = ldU8(IO + at);
  let s = -1;
  if (sideChar == 119 || sideChar == 114 || sideChar == 87 || sideChar == 82) s = 0; // w r W R
  if (sideChar == 98 || sideChar == 66) s = 1; // b B
  if (s < 0 || (at + 1 < length && ldU8(IO + at + 1) != CH_SPACE)) return fail(FEN_SIDE, sideChar, at);
  setSideToMove(s);
  at++;

  // Optional: the two unused "-" fields of chess FEN, then the ply clock and the move number.
  let dashes = 0;
  let numbers = 0;
  let half = 0;
  let full = 1;
  at = skipSpaces(at, length);
  while (at < length) {
    if (ldU8(IO + at) == CH_DASH && numbers == 0 && dashes < 2 && (at + 1 == length || ldU8(IO + at + 1) == CH_SPACE)) {
      dashes++;
      at++;
    } else {
      const value = readNumber(at, length);
      if (value < 0 || numbers >= 2) return fail(FEN_COUNTER, 0, at);
      if (numbers == 0 && value > FEN_MAX_PLY_CLOCK) return fail(FEN_COUNTER_RANGE, value, at);
      if (numbers == 0) half = value;
      else full = value;
      numbers++;
      at = fieldEnd;
    }
    at = skipSpaces(at, length);
  }
  setCounters(half, full < 1 ? 1 : full);

  if (inCheck(s ^ 1)) return fail(FEN_IN_CHECK, s ^ 1, 0);
  st32(ERROR_INFO, FEN_OK);
  return FEN_OK;
}

function canonicalLetter(type: i32, s: i32): i32 {
  const upper = <i32>LETTERS.charCodeAt(type);
  return s == 0 ? upper : upper + 32;
}

/** Rows in the board field that starts at `at`: counted first, so a missing row is reported
 *  as such rather than as pieces shifted onto ranks where they cannot stand. */
function countRows(at: i32, length: i32): i32 {
  let rows = 1;
  while (at < length && ldU8(IO + at) != CH_SPACE) {
    if (ldU8(IO + at) == CH_SLASH) rows++;
    at++;
  }
  return rows;
}

let writeAt: i32 = 0;
function emit(ch: i32): void {
  stU8(IO + writeAt, ch);
  writeAt++;
}
function emitNumber(n: i32): void {
  if (n >= 10) emitNumber((n / 10) | 0);
  emit(CH_0 + (n % 10));
}

/** Writes the current position's FEN at IO; returns its length. */
export function writeFen(): i32 {
  writeAt = 0;
  for (let rank = 9; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const id = pieceAt(squareOf(rank, file));
      if (id == 0) {
        empty++;
      } else {
        if (empty > 0) emit(CH_0 + empty);
        empty = 0;
        emit(letterOf(id));
      }
    }
    if (empty > 0) emit(CH_0 + empty);
    if (rank > 0) emit(CH_SLASH);
  }
  emit(CH_SPACE);
  emit(side == 0 ? 119 : 98);
  emit(CH_SPACE);
  emit(CH_DASH);
  emit(CH_SPACE);
  emit(CH_DASH);
  emit(CH_SPACE);
  emitNumber(halfmove);
  emit(CH_SPACE);
  emitNumber(fullmoveNumber());
  return writeAt;
}
