// What the material left says about whether an advantage can be won at all.
//
// Without a pawn, a side needs more attacking force (rooks, horses, cannons) than the defence has
// to force mate: horse against cannon, rook against rook, horse and cannon against rook end drawn
// whatever else stands on the board; and a lone rook, horse or cannon does not break both advisors
// and both elephants. The network, fitted to the scores of short searches rather
// than to results, rates such endings by material and placement alone and reports two or three
// pawns of advantage where nobody can win; the search then shuffles toward the move limit.
import { PIECE_SQ } from './layout';
import { ldU8 } from './target/mem';
import { sideTag, SLOT_ADVISOR, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN, SLOTS_END } from './pieces';

/** The share, in eighths, of an evaluation that favours `strong` which the material lets it win. */
export const FULL_SHARE: i32 = 8;
/** An ending the material leaves drawn: the little that counts keeps the better placement better. */
const DRAWN_SHARE: i32 = 2;

/** Whether the side `tag` keeps both advisors and both elephants. */
function fullDefence(tag: i32): bool {
  for (let slot = SLOT_ADVISOR; slot < SLOT_KNIGHT; slot++) {
    if (ldU8(PIECE_SQ + tag + slot) == 0) return false;
  }
  return true;
}

/** Attacking force: a rook counts two, a horse or a cannon one. */
function attackingForce(tag: i32): i32 {
  let force = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
    if (ldU8(PIECE_SQ + tag + slot) != 0) force += slot >= SLOT_ROOK && slot < SLOT_CANNON ? 2 : 1;
  }
  return force;
}

/**
 * How much of an advantage for `strong` counts, in eighths (FULL_SHARE: all of it). Only the clear
 * cases are scaled, all without a pawn and with at most a rook's worth of attack: no more of it than
 * the other side, or a single piece against the full defence.
 */
export function winnableShare(strong: i32): i32 {
  const own = sideTag(strong);
  for (let slot = SLOT_PAWN; slot < SLOTS_END; slot++) {
    if (ldU8(PIECE_SQ + own + slot) != 0) return FULL_SHARE;
  }
  const force = attackingForce(own);
  if (force > 2) return FULL_SHARE;
  // Kings, advisors and elephants alone cannot mate.
  if (force == 0) return DRAWN_SHARE;
  const other = sideTag(strong ^ 1);
  if (force <= attackingForce(other)) return DRAWN_SHARE;
  // A single piece: one rook (force 2, so no second rook), or one horse or cannon (force 1).
  const single = force == 1 || (ldU8(PIECE_SQ + own + SLOT_ROOK) | ldU8(PIECE_SQ + own + SLOT_ROOK + 1)) != 0;
  return single && fullDefence(other) ? DRAWN_SHARE : FULL_SHARE;
}
