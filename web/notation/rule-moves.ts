// The rules of play for RuleBoard, on a board of 90 points (index rank * 9 + file, a0 = 0, i9 = 89,
// FEN letters, Red uppercase): where each piece may go, and whether a king is attacked (the two
// kings facing each other on an open file count as an attack, as the rules say). Only what game
// records need: no repetition rulings, no search.

import type { Color, PieceLetter } from './types.ts';

export type Board = (PieceLetter | null)[];

const fileOf = (sq: number): number => sq % 9;
const rankOf = (sq: number): number => (sq - (sq % 9)) / 9;
const at = (rank: number, file: number): number =>
  rank >= 0 && rank < 10 && file >= 0 && file < 9 ? rank * 9 + file : -1;

/** Red's letters are uppercase (A-Z come before a-z). */
export const isRed = (piece: PieceLetter): boolean => piece.charCodeAt(0) < 97;
export const colorOf = (piece: PieceLetter): Color => (isRed(piece) ? 'red' : 'black');

/** In its own palace: files d-f, ranks 0-2 for Red, 7-9 for Black. */
function inPalace(rank: number, file: number, red: boolean): boolean {
  return file >= 3 && file <= 5 && (red ? rank <= 2 : rank >= 7);
}

/** Past the river, where a pawn may also step sideways and an elephant may never go. */
function acrossRiver(rank: number, red: boolean): boolean {
  return red ? rank >= 5 : rank <= 4;
}

const ORTHOGONAL = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
const DIAGONAL = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

/** The points the piece on `from` may move to, its own king's safety not yet considered. */
export function targets(board: Board, from: number): number[] {
  const piece = board[from];
  if (!piece) return [];
  const red = isRed(piece);
  const rank = rankOf(from);
  const file = fileOf(from);
  const out: number[] = [];
  const add = (sq: number): void => {
    if (sq < 0) return;
    const there = board[sq];
    if (!there || isRed(there) !== red) out.push(sq);
  };
  switch (piece.toUpperCase()) {
    case 'K':
      for (const [dr, df] of ORTHOGONAL) if (inPalace(rank + dr, file + df, red)) add(at(rank + dr, file + df));
      break;
    case 'A':
      for (const [dr, df] of DIAGONAL) if (inPalace(rank + dr, file + df, red)) add(at(rank + dr, file + df));
      break;
    case 'B':
      for (const [dr, df] of DIAGONAL) {
        const to = at(rank + 2 * dr, file + 2 * df);
        if (to >= 0 && !acrossRiver(rank + 2 * dr, red) && !board[at(rank + dr, file + df)]) add(to);
      }
      break;
    case 'N':
      for (const [dr, df] of ORTHOGONAL) {
        const leg = at(rank + dr, file + df);
        if (leg < 0 || board[leg]) continue;
        // From the leg, one more step diagonally outward: two landing points per leg.
        if (dr !== 0) {
          add(at(rank + 2 * dr, file + 1));
          add(at(rank + 2 * dr, file - 1));
        } else {
          add(at(rank + 1, file + 2 * df));
          add(at(rank - 1, file + 2 * df));
        }
      }
      break;
    case 'R':
    case 'C': {
      const cannon = piece.toUpperCase() === 'C';
      for (const [dr, df] of ORTHOGONAL) {
        let r = rank + dr;
        let f = file + df;
        let screen = false;
        for (let sq = at(r, f); sq >= 0; r += dr, f += df, sq = at(r, f)) {
          const there = board[sq];
          if (!screen) {
            if (!there) {
              out.push(sq);
              continue;
            }
            if (!cannon) {
              if (isRed(there) !== red) out.push(sq);
              break;
            }
            screen = true;
          } else if (there) {
            if (isRed(there) !== red) out.push(sq);
            break;
          }
        }
      }
      break;
    }
    case 'P': {
      const ahead = red ? 1 : -1;
      add(at(rank + ahead, file));
      if (acrossRiver(rank, red)) {
        add(at(rank, file + 1));
        add(at(rank, file - 1));
      }
      break;
    }
  }
  return out;
}

/** The piece on (rank, file), or null when empty or off the board. */
function on(board: Board, rank: number, file: number): PieceLetter | null {
  return rank >= 0 && rank < 10 && file >= 0 && file < 9 ? (board[rank * 9 + file] ?? null) : null;
}

/**
 * Is the king of `color` (on `king`, found when not given) attacked by the other side, or facing
 * the other king? Called for every move a position has, so it compares letters and builds nothing.
 */
export function inCheck(board: Board, color: Color, king = board.indexOf(color === 'red' ? 'K' : 'k')): boolean {
  if (king < 0) return false;
  const red = color === 'red';
  const [rook, general, cannon, horse, pawn] = red ? ENEMY_OF_RED : ENEMY_OF_BLACK;
  const rank = (king - (king % 9)) / 9;
  const file = king % 9;
  // Rooks and the other king on the first piece of a line, cannons on the second.
  for (const [dr, df] of ORTHOGONAL) {
    let screened = false;
    for (let r = rank + dr, f = file + df; r >= 0 && r < 10 && f >= 0 && f < 9; r += dr, f += df) {
      const there = board[r * 9 + f];
      if (!there) continue;
      if (!screened) {
        if (there === rook || there === general) return true;
        screened = true;
      } else {
        if (there === cannon) return true;
        break;
      }
    }
  }
  // A horse attacks when its leg, the point diagonally next to the king, is empty.
  for (const [dr, df] of DIAGONAL) {
    const r = rank + dr;
    const f = file + df;
    if (r < 0 || r > 9 || f < 0 || f > 8 || board[r * 9 + f]) continue;
    if (on(board, rank + 2 * dr, f) === horse || on(board, r, file + 2 * df) === horse) return true;
  }
  // A pawn attacks the point ahead of it and, past the river, the points beside it.
  if (on(board, rank + (red ? 1 : -1), file) === pawn) return true;
  return acrossRiver(rank, !red) && (on(board, rank, file + 1) === pawn || on(board, rank, file - 1) === pawn);
}

/** The other side's rook, king, cannon, horse and pawn letters. */
const ENEMY_OF_RED = ['r', 'k', 'c', 'n', 'p'] as const;
const ENEMY_OF_BLACK = ['R', 'K', 'C', 'N', 'P'] as const;

/**
 * Plays from -> to on `board` and says whether the mover's king (on `king`, found when not given) is
 * then safe; the board is put back.
 */
export function keepsKingSafe(board: Board, from: number, to: number, king?: number): boolean {
  const piece = board[from]!;
  const captured = board[to] ?? null;
  const red = isRed(piece);
  const kingAfter = piece === 'K' || piece === 'k' ? to : (king ?? board.indexOf(red ? 'K' : 'k'));
  board[to] = piece;
  board[from] = null;
  const safe = !inCheck(board, red ? 'red' : 'black', kingAfter);
  board[from] = piece;
  board[to] = captured;
  return safe;
}
