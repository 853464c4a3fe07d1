// Human messages for the engine's FEN error codes (assembly/fen.ts): what is wrong and where.
import { squareName } from './squares.ts';
import {
  FEN_BAD_SQUARE,
  FEN_CHAR,
  FEN_COUNTER,
  FEN_COUNTER_RANGE,
  FEN_EMPTY,
  FEN_IN_CHECK,
  FEN_MAX_PLY_CLOCK,
  FEN_NO_KING,
  FEN_ROW_WIDTH,
  FEN_ROWS,
  FEN_SIDE,
  FEN_TOO_LONG,
  FEN_TOO_MANY,
} from './shared.ts';

const NAMES: Record<string, string> = {
  k: 'king',
  a: 'advisor',
  b: 'elephant',
  n: 'horse',
  r: 'rook',
  c: 'cannon',
  p: 'pawn',
};
const LIMITS: Record<string, number> = { k: 1, a: 2, b: 2, n: 2, r: 2, c: 2, p: 5 };
const WHERE: Record<string, string> = {
  k: 'a king stays in its palace',
  a: 'an advisor stays on the five points of its palace',
  b: 'an elephant stays on its seven points on its own side of the river',
  p: 'a pawn never stands behind its start rank, nor beside it before crossing the river',
};

function describe(letterCode: number): string {
  const letter = String.fromCharCode(letterCode);
  const lower = letter.toLowerCase();
  const color = letter === lower ? 'black' : 'red';
  return `${color} ${NAMES[lower] ?? lower}`;
}

const colorOf = (side: number): string => (side === 0 ? 'red' : 'black');

export function fenErrorMessage(code: number, a: number, b: number): string {
  switch (code) {
    case FEN_EMPTY:
      return 'FEN is empty';
    case FEN_ROWS:
      return `FEN has ${a} rows; a Xiangqi board needs 10, separated by "/"`;
    case FEN_ROW_WIDTH:
      return `FEN row ${a + 1} (rank ${9 - a}) describes ${b} points; every row needs exactly 9`;
    case FEN_CHAR:
      return `FEN has an unknown character "${String.fromCharCode(a)}" at position ${b + 1}`;
    case FEN_TOO_MANY: {
      const lower = String.fromCharCode(a).toLowerCase();
      return `FEN has too many pieces of one kind: more than ${LIMITS[lower]} ${describe(a)}${LIMITS[lower] === 1 ? '' : 's'}`;
    }
    case FEN_BAD_SQUARE: {
      const lower = String.fromCharCode(a).toLowerCase();
      return `FEN puts a ${describe(a)} on ${squareName(b)}, where it can never stand (${WHERE[lower] ?? 'no such point'})`;
    }
    case FEN_NO_KING:
      return `FEN has no ${colorOf(a)} king`;
    case FEN_SIDE:
      return a === 0
        ? 'FEN is missing the side to move ("w" or "b") after the board'
        : `FEN side to move "${String.fromCharCode(a)}" at position ${b + 1} is not "w", "b" or "r"`;
    case FEN_COUNTER:
      return `FEN field at position ${b + 1} is not a move counter (expected "- - halfmoves fullmove")`;
    case FEN_IN_CHECK:
      return `FEN position is impossible: ${colorOf(a)} is in check (or the kings face each other) but it is ${colorOf(a ^ 1)} to move`;
    case FEN_TOO_LONG:
      return `FEN is too long (${a} characters)`;
    case FEN_COUNTER_RANGE:
      return `FEN ply clock ${a} at position ${b + 1} is larger than a game can reach (at most ${FEN_MAX_PLY_CLOCK})`;
    default:
      return `FEN is invalid (code ${code})`;
  }
}
