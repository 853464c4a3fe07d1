// The endgame tables' own board: 90 points, point = rank * 9 + file, rank 0 Red's back rank, as the
// project's squares a0-i9 count them. Written apart from the engine's 16x16 mailbox so that the
// generator is a small module of its own (its own wasm and JS builds, its own memory); a test checks
// its moves against the engine's. initGeometry fills the tables of regions.ts once.
import {
  POINTS,
  RANK,
  FILE,
  MIRROR,
  PALACE,
  ADVISOR_POINT,
  ELEPHANT_POINT,
  PAWN_POINT,
  STEP,
  DIAGONAL,
  HORSE_TO,
  HORSE_LEG,
  HORSE_FROM,
  HORSE_FROM_LEG,
} from './regions';
import { ldU8, stU8 } from './target/heap';

export const NONE: i32 = -1;

// Piece codes on the board: the type, plus 8 for Black.
export const EMPTY: i32 = 0;
export const KING: i32 = 1;
export const ADVISOR: i32 = 2;
export const ELEPHANT: i32 = 3;
export const HORSE: i32 = 4;
export const ROOK: i32 = 5;
export const CANNON: i32 = 6;
export const PAWN: i32 = 7;
export const BLACK_BIT: i32 = 8;

const JUMP_RANK: StaticArray<i32> = [2, 2, -2, -2, 1, 1, -1, -1];
const JUMP_FILE: StaticArray<i32> = [1, -1, 1, -1, 2, -2, 2, -2];

function at(rank: i32, file: i32): i32 {
  return rank < 0 || rank > 9 || file < 0 || file > 8 ? NONE : rank * 9 + file;
}

function sign(n: i32): i32 {
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

export function rankOf(p: i32): i32 {
  return ldU8(RANK + p);
}
export function fileOf(p: i32): i32 {
  return ldU8(FILE + p);
}

/** Fills the geometry regions (the heap must be ready). */
export function initGeometry(): void {
  for (let p = 0; p < POINTS; p++) {
    const file = p % 9;
    const rank = (p - file) / 9;
    stU8(RANK + p, rank);
    stU8(FILE + p, file);
    stU8(MIRROR + p, rank * 9 + 8 - file);
  }
  for (let p = 0; p < POINTS; p++) {
    const r = rankOf(p);
    const f = fileOf(p);
    stU8(STEP + p * 4, at(r + 1, f));
    stU8(STEP + p * 4 + 1, at(r - 1, f));
    stU8(STEP + p * 4 + 2, at(r, f + 1));
    stU8(STEP + p * 4 + 3, at(r, f - 1));
    stU8(DIAGONAL + p * 4, at(r + 1, f + 1));
    stU8(DIAGONAL + p * 4 + 1, at(r + 1, f - 1));
    stU8(DIAGONAL + p * 4 + 2, at(r - 1, f + 1));
    stU8(DIAGONAL + p * 4 + 3, at(r - 1, f - 1));
    for (let k = 0; k < 8; k++) {
      const dr = JUMP_RANK[k];
      const df = JUMP_FILE[k];
      // The leg is the point next to the horse along the jump's long side.
      const legRank = dr == 2 || dr == -2 ? sign(dr) : 0;
      const legFile = df == 2 || df == -2 ? sign(df) : 0;
      const to = at(r + dr, f + df);
      stU8(HORSE_TO + p * 8 + k, to);
      stU8(HORSE_LEG + p * 8 + k, to == NONE ? NONE : at(r + legRank, f + legFile));
      const from = at(r - dr, f - df);
      stU8(HORSE_FROM + p * 8 + k, from);
      stU8(HORSE_FROM_LEG + p * 8 + k, from == NONE ? NONE : at(r - dr + legRank, f - df + legFile));
    }
  }
  for (let p = 0; p < POINTS; p++) {
    const r = rankOf(p);
    const f = fileOf(p);
    // Red's points in bit 0; Black's, the same points reflected top to bottom, in bit 1.
    const q = (9 - r) * 9 + f;
    if (r <= 2 && f >= 3 && f <= 5) mark(PALACE, p, q);
    if (r <= 2 && f >= 3 && f <= 5 && (r + f) % 2 == 1) mark(ADVISOR_POINT, p, q);
    if (((r == 0 || r == 4) && (f == 2 || f == 6)) || (r == 2 && (f == 0 || f == 4 || f == 8)))
      mark(ELEPHANT_POINT, p, q);
    if (((r == 3 || r == 4) && f % 2 == 0) || r >= 5) mark(PAWN_POINT, p, q);
  }
}

function mark(region: i32, red: i32, black: i32): void {
  stU8(region + red, ldU8(region + red) | 1);
  stU8(region + black, ldU8(region + black) | 2);
}
