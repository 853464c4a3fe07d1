// Piece identities and square arithmetic.
//
// Each piece on the board has an id 16..47: 16 + 16 * side + slot, where the slot says its type
// (0 king, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 rooks, 9-10 cannons, 11-15 pawns).
// A side's ids therefore carry the bit 16 << side, and the id itself indexes the piece list.
//
// Squares are indexes into a 16x16 mailbox: square = (rank + 3) * 16 + file + 3, rank 0 being
// Red's back rank, so Red moves "forward" by +16 and the padding (WALL) catches every jump off the board.
import { MOVE90_SHIFT } from './facts';
import { PIECE_TYPES, SQUARE90 } from './layout';
import { ldU8 } from './target/mem';

export const RED: i32 = 0;
export const BLACK: i32 = 1;

export const KING: i32 = 0;
export const ADVISOR: i32 = 1;
export const BISHOP: i32 = 2;
export const KNIGHT: i32 = 3;
export const ROOK: i32 = 4;
export const CANNON: i32 = 5;
export const PAWN: i32 = 6;

export const SLOT_KING: i32 = 0;
export const SLOT_ADVISOR: i32 = 1;
export const SLOT_BISHOP: i32 = 3;
export const SLOT_KNIGHT: i32 = 5;
export const SLOT_ROOK: i32 = 7;
export const SLOT_CANNON: i32 = 9;
export const SLOT_PAWN: i32 = 11;
export const SLOTS_END: i32 = 16;
/**
 * What the mailbox holds off the board: no side's bit and no piece's id, so it is neither empty nor
 * an enemy, and a line walked point by point stops on it with one load a point, not two.
 */
export const WALL: i32 = 64;

/** Bit carried by every id of `side`. */
export function sideTag(side: i32): i32 {
  return 16 << side;
}

export function pieceSide(id: i32): i32 {
  return (id >> 5) & 1;
}

/** Type of a slot (0..15), for filling the PIECE_TYPES table. */
export function slotType(slot: i32): i32 {
  if (slot < SLOT_ADVISOR) return KING;
  if (slot < SLOT_BISHOP) return ADVISOR;
  if (slot < SLOT_KNIGHT) return BISHOP;
  if (slot < SLOT_ROOK) return KNIGHT;
  if (slot < SLOT_CANNON) return ROOK;
  if (slot < SLOT_PAWN) return CANNON;
  return PAWN;
}

/** Type of piece id (16..47), from the table initTables fills. */
export function pieceType(id: i32): i32 {
  return ldU8(PIECE_TYPES + id);
}

/** First slot of a type, and one past its last. */
export function firstSlot(type: i32): i32 {
  if (type == KING) return SLOT_KING;
  if (type == ADVISOR) return SLOT_ADVISOR;
  if (type == BISHOP) return SLOT_BISHOP;
  if (type == KNIGHT) return SLOT_KNIGHT;
  if (type == ROOK) return SLOT_ROOK;
  if (type == CANNON) return SLOT_CANNON;
  return SLOT_PAWN;
}
export function endSlot(type: i32): i32 {
  return type == PAWN ? SLOTS_END : firstSlot(type + 1);
}

export function squareOf(rank: i32, file: i32): i32 {
  return ((rank + 3) << 4) + file + 3;
}
export function rankOf(sq: i32): i32 {
  return (sq >> 4) - 3;
}
export function fileOf(sq: i32): i32 {
  return (sq & 15) - 3;
}
/** Index 0..89 used at the API boundary: rank * 9 + file (from the table initTables fills). */
export function squareTo90(sq: i32): i32 {
  return ldU8(SQUARE90 + sq);
}
export function squareFrom90(i: i32): i32 {
  const rank = (i / 9) | 0;
  return squareOf(rank, i - rank * 9);
}

export function moveFrom(mv: i32): i32 {
  return mv & 255;
}
export function moveTo(mv: i32): i32 {
  return (mv >> 8) & 255;
}
export function makeMoveCode(from: i32, to: i32): i32 {
  return from | (to << 8);
}
/** A move as the API hands it out: from90 | to90 << MOVE90_SHIFT (points rank * 9 + file). */
export function packMove90(mv: i32): i32 {
  return squareTo90(moveFrom(mv)) | (squareTo90(moveTo(mv)) << MOVE90_SHIFT);
}
