// Static evaluation from the side to move's point of view: material and placement (kept
// incrementally by make/unmake), plus mobility of rooks and horses, cannons aimed at the king,
// and king safety (palace defenders against attackers across the river).
import { SQUARES, PIECE_SQ, IN_BOARD, HALF } from './layout';
import { ldU8 } from './target/mem';
import { side, placement } from './board';
import {
  sideTag, SLOT_ADVISOR, SLOT_BISHOP, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN, SLOTS_END,
} from './pieces';

const TEMPO: i32 = 10;
const ROOK_MOBILITY: i32 = 3;
const HORSE_MOBILITY: i32 = 5;
const TRAPPED_HORSE: i32 = 20;
const HOLLOW_CANNON: i32 = 45;
const CANNON_ON_SCREEN: i32 = 12;

function rayLength(from: i32, step: i32): i32 {
  let n = 0;
  let sq = from + step;
  while (ldU8(IN_BOARD + sq) != 0 && ldU8(SQUARES + sq) == 0) {
    n++;
    sq += step;
  }
  return n;
}

function horseTargets(from: i32, own: i32): i32 {
  let n = 0;
  if (ldU8(SQUARES + from + 16) == 0) n += freeHorsePoint(from + 31, own) + freeHorsePoint(from + 33, own);
  if (ldU8(SQUARES + from - 16) == 0) n += freeHorsePoint(from - 31, own) + freeHorsePoint(from - 33, own);
  if (ldU8(SQUARES + from + 1) == 0) n += freeHorsePoint(from + 18, own) + freeHorsePoint(from - 14, own);
  if (ldU8(SQUARES + from - 1) == 0) n += freeHorsePoint(from - 18, own) + freeHorsePoint(from + 14, own);
  return n;
}

function freeHorsePoint(sq: i32, own: i32): i32 {
  return ldU8(IN_BOARD + sq) != 0 && (ldU8(SQUARES + sq) & own) == 0 ? 1 : 0;
}

/** Pieces between two points on one file (both exclusive), or -1 when they are not on one file. */
function piecesBetweenOnFile(a: i32, b: i32): i32 {
  if ((a & 15) != (b & 15)) return -1;
  const step = a < b ? 16 : -16;
  let n = 0;
  for (let sq = a + step; sq != b; sq += step) {
    if (ldU8(SQUARES + sq) != 0) n++;
  }
  return n;
}

/** Everything but placement, for side `s`. */
function sideTerms(s: i32): i32 {
  const own = sideTag(s);
  const enemy = sideTag(s ^ 1);
  const enemyKing = ldU8(PIECE_SQ + enemy);
  let score = 0;

  for (let slot = SLOT_ROOK; slot < SLOT_CANNON; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      score += ROOK_MOBILITY * (rayLength(sq, 16) + rayLength(sq, -16) + rayLength(sq, 1) + rayLength(sq, -1));
    }
  }
  for (let slot = SLOT_KNIGHT; slot < SLOT_ROOK; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      const n = horseTargets(sq, own);
      score += HORSE_MOBILITY * n - (n <= 1 ? TRAPPED_HORSE : 0);
    }
  }
  for (let slot = SLOT_CANNON; slot < SLOT_PAWN; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      const between = piecesBetweenOnFile(sq, enemyKing);
      if (between == 0) score += HOLLOW_CANNON;
      else if (between == 1) score += CANNON_ON_SCREEN;
    }
  }

  // King safety: the enemy's attackers across the river weighed against our palace defenders.
  let attack = 0;
  const ownHalfBit = 1 << s;
  for (let slot = SLOT_KNIGHT; slot < SLOTS_END; slot++) {
    const sq = ldU8(PIECE_SQ + enemy + slot);
    if (sq != 0 && (ldU8(HALF + sq) & ownHalfBit) != 0) attack += slot < SLOT_ROOK ? 2 : slot < SLOT_CANNON ? 3 : slot < SLOT_PAWN ? 2 : 1;
  }
  let defenders = 0;
  for (let slot = SLOT_ADVISOR; slot < SLOT_KNIGHT; slot++) {
    if (ldU8(PIECE_SQ + own + slot) != 0) defenders++;
  }
  score -= attack * (4 - defenders) * 4;
  return score;
}

export function evaluate(): i32 {
  const material = side == 0 ? placement : -placement;
  return material + sideTerms(side) - sideTerms(side ^ 1) + TEMPO;
}

/** Positional terms rarely move the score by more than this; beyond it, material decides. */
const LAZY_MARGIN: i32 = 250;

/** The evaluation, skipping the positional terms when material alone is far outside (alpha, beta). */
export function evaluateLazy(alpha: i32, beta: i32): i32 {
  const material = (side == 0 ? placement : -placement) + TEMPO;
  if (material - LAZY_MARGIN >= beta || material + LAZY_MARGIN <= alpha) return material;
  return material + sideTerms(side) - sideTerms(side ^ 1);
}
