// The endgame tables inside the search. They are not in this module: their own (assembly/egtb/)
// makes them and the host holds them and answers `probeTable`. This module knows which materials
// the host holds (marked by key) and hands it a position piece by piece, the attacking side as Red
// and the board turned round when Black attacks, as the tables' module sets positions up.
//
// The key is the tables' own (assembly/egtb/layout.ts): one base-3 digit per kind, the attacking
// side's advisors, elephants, rooks, horses, cannons and pawns, then the defending side's advisors
// and elephants. A table has one attacking side with at most two attacking pieces.
import { TABLE_MATERIALS, TABLE_PIECES, TABLE_KEYS, PIECE_SQ, SQUARE90, SQUARE90_FLIPPED } from './layout';
import { ldU8, stU8 } from './target/mem';
import { probeTable } from './target/host';
import { side } from './board';
import { pieceType, sideTag, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, SLOT_KNIGHT, SLOTS_END } from './pieces';
import { MATE, MATE_BOUND, MAX_PLY } from './facts';

/** A probe's answer when no table holds the position. */
export const NO_TABLE: i32 = -0x40000000;
/**
 * A win whose mate lies beyond the distances mate scores can carry from the root (MAX_PLY): scored
 * below every mate and above every evaluation, less the ply so that the nearer win is preferred.
 */
const TABLE_WIN: i32 = MATE_BOUND - MAX_PLY;

/** The most pieces, kings included, of a material the host holds a table of (0: none). */
export let tablePieces: i32 = 0;
/** Positions the tables answered in the current search. */
export let tableHits: i32 = 0;

export function resetTableHits(): void {
  tableHits = 0;
}

/** Marks the material `key` as held by the host; `pieces`: how many pieces its positions have. */
export function markTableMaterial(key: i32, pieces: i32): void {
  if (key < 0 || key >= TABLE_KEYS) return;
  stU8(TABLE_MATERIALS + key, 1);
  if (pieces > tablePieces) tablePieces = pieces;
}

export function clearTableMaterials(): void {
  for (let key = 0; key < TABLE_KEYS; key++) stU8(TABLE_MATERIALS + key, 0);
  tablePieces = 0;
}

// What a piece of each type (engine numbering) adds to the key as the attacking side's, and as the
// defending side's (-1: a piece the defending side may not have).
function attackerUnit(type: i32): i32 {
  if (type == ADVISOR) return 1;
  if (type == BISHOP) return 3;
  if (type == ROOK) return 9;
  if (type == KNIGHT) return 27;
  if (type == CANNON) return 81;
  return 243; // a pawn
}
function defenderUnit(type: i32): i32 {
  return type == ADVISOR ? 729 : type == BISHOP ? 2187 : -1;
}

/**
 * The tables' value of the position for the side to move as a score `ply` plies from the root (a
 * mate at its exact distance, 0 for a draw), or NO_TABLE. Call only where pieceTotal <= tablePieces.
 */
export function probeTables(ply: i32): i32 {
  // Which side attacks: the one with a horse, rook, cannon or pawn; never both.
  let attackers = 0;
  let attacking = -1;
  for (let s = 0; s < 2; s++) {
    const tag = sideTag(s);
    for (let slot = SLOT_KNIGHT; slot < SLOTS_END; slot++) {
      if (ldU8(PIECE_SQ + tag + slot) == 0) continue;
      if (attacking >= 0 && attacking != s) return NO_TABLE;
      attacking = s;
      attackers++;
    }
  }
  if (attacking < 0 || attackers > 2) return NO_TABLE;
  let key = 0;
  let count = 0;
  for (let id = 16; id < 48; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq == 0) continue;
    const type = pieceType(id);
    const own = id >> 5 == attacking;
    if (type != 0) key += own ? attackerUnit(type) : defenderUnit(type);
    // The tables' points and codes: the attacking side as Red, its own half at ranks 0-4.
    const at = TABLE_PIECES + count * 2;
    stU8(at, ldU8((attacking == 0 ? SQUARE90 : SQUARE90_FLIPPED) + sq));
    stU8(at + 1, type + 1 + (own ? 0 : 8));
    count++;
  }
  if (ldU8(TABLE_MATERIALS + key) == 0) return NO_TABLE;
  const value = probeTable(count, side == attacking ? 0 : 1);
  if (value < 0 || value == 0xffff) return NO_TABLE;
  tableHits++;
  if (value == 0) return 0;
  const plies = value - 1;
  const toMate = ply + plies;
  // An even count of plies to mate: the side to move is the one mated.
  if ((plies & 1) == 0) return toMate < MAX_PLY ? -MATE + toMate : -TABLE_WIN + ply;
  return toMate < MAX_PLY ? MATE - toMate : TABLE_WIN - ply;
}
