// Premoves: where a piece might go once the opponent has moved. The opponent's move is not known yet,
// so the answer is the piece's movement pattern alone (blockers, the horse's leg and the elephant's eye
// may change by then); whether the premove is legal is asked of the engine when it is played.
import { isRed } from './pieces.ts';
import type { PieceLetter } from './types.ts';

const inBoard = (f: number, r: number) => f >= 0 && f <= 8 && r >= 0 && r <= 9;

/** The points the piece on `sq` could reach by its pattern, ignoring what stands in the way. */
export function premoveDests(board: readonly (PieceLetter | null)[], sq: number): Set<number> {
  const piece = board[sq];
  const out = new Set<number>();
  if (!piece) return out;
  const red = isRed(piece);
  const f0 = sq % 9;
  const r0 = Math.floor(sq / 9);
  const ownHalf = (r: number) => (red ? r <= 4 : r >= 5);
  const palace = (f: number, r: number) => f >= 3 && f <= 5 && (red ? r <= 2 : r >= 7);
  const add = (f: number, r: number, ok = true) => {
    if (ok && inBoard(f, r) && (f !== f0 || r !== r0)) out.add(r * 9 + f);
  };
  switch (piece.toUpperCase()) {
    case 'K':
      for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) add(f0 + df, r0 + dr, palace(f0 + df, r0 + dr));
      break;
    case 'A':
      for (const [df, dr] of [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const) add(f0 + df, r0 + dr, palace(f0 + df, r0 + dr));
      break;
    case 'B':
      for (const [df, dr] of [[2, 2], [2, -2], [-2, 2], [-2, -2]] as const) add(f0 + df, r0 + dr, ownHalf(r0 + dr));
      break;
    case 'N':
      for (const [df, dr] of [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]] as const) add(f0 + df, r0 + dr);
      break;
    case 'R':
    case 'C':
      for (let f = 0; f <= 8; f++) add(f, r0);
      for (let r = 0; r <= 9; r++) add(f0, r);
      break;
    case 'P': {
      add(f0, r0 + (red ? 1 : -1));
      // Across the river a soldier also steps sideways.
      if (!ownHalf(r0)) {
        add(f0 - 1, r0);
        add(f0 + 1, r0);
      }
      break;
    }
  }
  return out;
}
