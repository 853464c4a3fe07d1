// FEN for RuleBoard, read by the same grammar and checks as the engine's reader (assembly/fen.ts)
// and refused with the same FenError messages (web/engine/fen-messages.ts), so a record read
// without an engine is read exactly as the page, which reads with one, reads it.

import { FenError } from '../engine/errors.ts';
import { fenErrorMessage } from '../engine/fen-messages.ts';
import { canStand } from '../engine/piece-points.ts';
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
  IO_SIZE,
} from '../engine/shared.ts';
import { inCheck, type Board } from './rule-moves.ts';
import type { Color, PieceLetter } from './types.ts';

export interface FenPosition {
  board: Board;
  turn: Color;
  /** Plies since the last capture. */
  halfmove: number;
  /** The move number of the position (1 or more). */
  fullmove: number;
}

/** How many of each piece a side may have. */
const LIMITS: Record<string, number> = { K: 1, A: 2, B: 2, N: 2, R: 2, C: 2, P: 5 };

/** The canonical letter (K A B N R C P) of a FEN letter, H and E read as N and B; null if none. */
function kindOf(ch: string): string | null {
  const upper = ch.toUpperCase();
  if (upper === 'H') return 'N';
  if (upper === 'E') return 'B';
  return 'KABNRCP'.includes(upper) && upper.length === 1 ? upper : null;
}

function fail(fen: string, code: number, a: number, b: number): never {
  throw new FenError(fenErrorMessage(code, a, b), fen);
}

/** Reads a FEN as the engine does; throws FenError with the engine's message. */
export function readFen(fen: string): FenPosition {
  // Typed as text, but a page's script may pass anything.
  const given: unknown = fen;
  if (typeof given !== 'string')
    throw new FenError(`FEN must be text, not ${given === null ? 'null' : typeof given}`, String(given));
  for (let i = 0; i < fen.length; i++) {
    const code = fen.charCodeAt(i);
    if (code > 126 || code < 32)
      throw new FenError(`FEN has an unknown character "${fen[i]}" at position ${i + 1}`, fen);
  }
  if (fen.length > IO_SIZE) fail(fen, FEN_TOO_LONG, fen.length, 0);
  const length = fen.length;
  const skipSpaces = (from: number): number => {
    while (from < length && fen[from] === ' ') from++;
    return from;
  };
  let i = skipSpaces(0);
  if (i === length) fail(fen, FEN_EMPTY, 0, 0);
  const fieldEnd = fen.indexOf(' ', i) < 0 ? length : fen.indexOf(' ', i);
  const rows = fen.slice(i, fieldEnd).split('/').length;
  if (rows !== 10) fail(fen, FEN_ROWS, rows, 0);

  const board: Board = new Array<PieceLetter | null>(90).fill(null);
  const counts = new Map<string, number>();
  let row = 0;
  let file = 0;
  for (; i < length && fen[i] !== ' '; i++) {
    const ch = fen[i]!;
    if (ch === '/') {
      if (file !== 9) fail(fen, FEN_ROW_WIDTH, row, file);
      row++;
      file = 0;
    } else if (ch >= '1' && ch <= '9') {
      file += Number(ch);
      if (file > 9) fail(fen, FEN_ROW_WIDTH, row, file);
    } else {
      const kind = kindOf(ch);
      if (!kind) fail(fen, FEN_CHAR, ch.charCodeAt(0), i);
      if (file > 8) fail(fen, FEN_ROW_WIDTH, row, file + 1);
      const red = ch === ch.toUpperCase();
      const letter = (red ? kind : kind.toLowerCase()) as PieceLetter;
      const count = (counts.get(letter) ?? 0) + 1;
      if (count > LIMITS[kind]!) fail(fen, FEN_TOO_MANY, letter.charCodeAt(0), 0);
      counts.set(letter, count);
      const rank = 9 - row;
      if (!canStand(kind, red, rank, file)) fail(fen, FEN_BAD_SQUARE, letter.charCodeAt(0), rank * 9 + file);
      board[rank * 9 + file] = letter;
      file++;
    }
  }
  if (file !== 9) fail(fen, FEN_ROW_WIDTH, row, file);
  if (!counts.has('K')) fail(fen, FEN_NO_KING, 0, 0);
  if (!counts.has('k')) fail(fen, FEN_NO_KING, 1, 0);

  i = skipSpaces(i);
  if (i === length) fail(fen, FEN_SIDE, 0, i);
  const sideChar = fen[i]!;
  const turn: Color | null = 'wrWR'.includes(sideChar) ? 'red' : 'bB'.includes(sideChar) ? 'black' : null;
  if (!turn || (i + 1 < length && fen[i + 1] !== ' ')) fail(fen, FEN_SIDE, sideChar.charCodeAt(0), i);
  i++;

  // Optional: the two unused "-" fields of chess FEN, then the ply clock and the move number.
  let dashes = 0;
  let numbers = 0;
  let halfmove = 0;
  let fullmove = 1;
  i = skipSpaces(i);
  while (i < length) {
    if (fen[i] === '-' && numbers === 0 && dashes < 2 && (i + 1 === length || fen[i + 1] === ' ')) {
      dashes++;
      i++;
    } else {
      const end = fen.indexOf(' ', i) < 0 ? length : fen.indexOf(' ', i);
      const digits = fen.slice(i, end);
      // Six digits at most, as the engine reads them.
      if (!/^[0-9]{1,6}$/.test(digits) || numbers >= 2) fail(fen, FEN_COUNTER, 0, i);
      const value = Number(digits);
      if (numbers === 0 && value > FEN_MAX_PLY_CLOCK) fail(fen, FEN_COUNTER_RANGE, value, i);
      if (numbers === 0) halfmove = value;
      else fullmove = value;
      numbers++;
      i = end;
    }
    i = skipSpaces(i);
  }
  const waiting: Color = turn === 'red' ? 'black' : 'red';
  if (inCheck(board, waiting)) fail(fen, FEN_IN_CHECK, waiting === 'red' ? 0 : 1, 0);
  return { board, turn, halfmove, fullmove: fullmove < 1 ? 1 : fullmove };
}

/** The FEN the engine writes: canonical letters, w or b, `- -`, the two counters. */
export function writeFen(
  board: readonly (PieceLetter | null)[],
  turn: Color,
  halfmove: number,
  fullmove: number,
): string {
  const ranks: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const piece = board[rank * 9 + file];
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += piece;
    }
    ranks.push(text + (empty ? String(empty) : ''));
  }
  return `${ranks.join('/')} ${turn === 'red' ? 'w' : 'b'} - - ${halfmove} ${fullmove}`;
}
