// What a piece attacks on the board as it stands, one point at a time, and who attacks a king:
// the questions the repetition rules ask about chases, protectors and pins (rules-asian.ts,
// rules-chinese.ts). Written for clarity, not speed: the rules ask them only when a position
// repeats. Squares are mailbox squares (pieces.ts); piece sets are masks of bit (id & 31), which
// gives each of the 32 ids 16..47 its own bit.
import { SQUARES, PIECE_SQ, PALACE, HALF } from './layout';
import { ldU8, stU8 } from './target/mem';
import { KING, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, pieceType, pieceSide, sideTag, rankOf, fileOf } from './pieces';

/** The bit of a piece id in a piece set. */
export function bitOf(id: i32): i32 {
  return 1 << (id & 31);
}

/** Pieces between two points of one rank or file (neither end counted); -1 when not in line. */
export function piecesBetween(a: i32, b: i32): i32 {
  let step = 0;
  if (rankOf(a) == rankOf(b)) step = b > a ? 1 : -1;
  else if (fileOf(a) == fileOf(b)) step = b > a ? 16 : -16;
  else return -1;
  let n = 0;
  for (let sq = a + step; sq != b; sq += step) {
    if (ldU8(SQUARES + sq) != 0) n++;
  }
  return n;
}

/**
 * Whether piece `id`, standing on `from` (where it may not be yet), attacks `target`: could capture
 * a piece there by its move geometry, its leg, eye or screen, ignoring whose piece stands there
 * and whether the capture would leave its own king in check.
 */
export function attacksPoint(id: i32, from: i32, target: i32): bool {
  if (from == target) return false;
  const type = pieceType(id);
  const s = pieceSide(id);
  const d = target - from;
  if (type == ROOK) return piecesBetween(from, target) == 0;
  if (type == CANNON) return piecesBetween(from, target) == 1;
  if (type == KNIGHT) {
    let leg = 0;
    if (d == 33 || d == 31) leg = from + 16;
    else if (d == -33 || d == -31) leg = from - 16;
    else if (d == 18 || d == -14) leg = from + 1;
    else if (d == -18 || d == 14) leg = from - 1;
    else return false;
    return ldU8(SQUARES + leg) == 0;
  }
  if (type == BISHOP) {
    if (d != 34 && d != 30 && d != -34 && d != -30) return false;
    return (ldU8(HALF + target) & (1 << s)) != 0 && ldU8(SQUARES + from + (d >> 1)) == 0;
  }
  if (type == ADVISOR) return (d == 17 || d == 15 || d == -17 || d == -15) && (ldU8(PALACE + target) & (1 << s)) != 0;
  if (type == KING) return (d == 16 || d == -16 || d == 1 || d == -1) && (ldU8(PALACE + target) & (1 << s)) != 0;
  // A pawn: one step forward, or sideways once across the river.
  if (d == (s == 0 ? 16 : -16)) return true;
  return (d == 1 || d == -1) && (ldU8(HALF + from) & (1 << s)) == 0;
}

/** The pieces of side `s` that attack `target`. */
export function attackersOf(target: i32, s: i32): i32 {
  const tag = sideTag(s);
  let set = 0;
  for (let id = tag; id < tag + 16; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq != 0 && attacksPoint(id, sq, target)) set |= bitOf(id);
  }
  return set;
}

/** The enemy pieces that attack side `s`'s king, the other king included when the two face each other. */
export function kingAttackers(s: i32): i32 {
  const king = ldU8(PIECE_SQ + sideTag(s));
  const enemyKing = sideTag(s ^ 1);
  let set = attackersOf(king, s ^ 1);
  if (piecesBetween(king, ldU8(PIECE_SQ + enemyKing)) == 0) set |= bitOf(enemyKing);
  return set;
}

/**
 * The pieces (either side's, kings apart) that shield side `s`'s king: taken off the board, an
 * enemy piece would attack the king that does not now (a rook's line, a cannon's second screen, a
 * horse's leg, the kings' file). Side `s`'s own such pieces are pinned; the other side's would give
 * a discovered check if they moved.
 */
export function kingShields(s: i32): i32 {
  const now = kingAttackers(s);
  let set = 0;
  for (let id = 16; id < 48; id++) {
    if ((id & 15) == 0) continue;
    const sq = ldU8(PIECE_SQ + id);
    if (sq == 0) continue;
    // Lifted off its point only (its piece-list entry stays): what it attacks itself does not
    // depend on its own point being occupied, so only the lines it blocked change.
    stU8(SQUARES + sq, 0);
    const without = kingAttackers(s);
    stU8(SQUARES + sq, id);
    if ((without & ~now) != 0) set |= bitOf(id);
  }
  return set;
}
