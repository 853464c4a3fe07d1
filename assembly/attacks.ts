// Check detection, flying general included: is `s`'s king attacked by the other side?
import { SQUARES, PIECE_SQ } from './layout';
import { ldU8, stU8 } from './target/mem';
import { sideTag, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN, moveFrom, moveTo, WALL } from './pieces';

function isInRange(id: i32, lo: i32, hi: i32): bool {
  return id >= lo && id <= hi;
}

/** Scans a line from the king: the first piece may be a rook or the other king (flying general);
 *  the second, over that screen, a cannon. */
function lineAttack(king: i32, step: i32, enemy: i32): bool {
  let sq = king;
  let id = 0;
  do {
    sq += step;
    id = ldU8(SQUARES + sq);
  } while (id == 0);
  if (id == WALL) return false;
  if (id == enemy || isInRange(id, enemy + SLOT_ROOK, enemy + SLOT_ROOK + 1)) return true;
  do {
    sq += step;
    id = ldU8(SQUARES + sq);
  } while (id == 0);
  return isInRange(id, enemy + SLOT_CANNON, enemy + SLOT_CANNON + 1); // never the wall
}

/** A horse attacks the king when its leg, the point diagonally next to the king, is empty. */
function horseAttack(king: i32, vertical: i32, horizontal: i32, enemy: i32): bool {
  if (ldU8(SQUARES + king + vertical + horizontal) != 0) return false;
  const lo = enemy + SLOT_KNIGHT;
  return (
    isInRange(ldU8(SQUARES + king + vertical + vertical + horizontal), lo, lo + 1) ||
    isInRange(ldU8(SQUARES + king + vertical + horizontal + horizontal), lo, lo + 1)
  );
}

export function inCheck(s: i32): bool {
  const king = ldU8(PIECE_SQ + sideTag(s));
  const enemy = sideTag(s ^ 1);
  // Enemy pawns hit the king from in front of it (from its point of view) or from the side;
  // they are always past the river when they stand next to a palace.
  const ahead = s == 0 ? 16 : -16;
  const pawnLo = enemy + SLOT_PAWN;
  const pawnHi = enemy + 15;
  if (
    isInRange(ldU8(SQUARES + king + ahead), pawnLo, pawnHi) ||
    isInRange(ldU8(SQUARES + king - 1), pawnLo, pawnHi) ||
    isInRange(ldU8(SQUARES + king + 1), pawnLo, pawnHi)
  )
    return true;
  if (
    horseAttack(king, 16, 1, enemy) ||
    horseAttack(king, 16, -1, enemy) ||
    horseAttack(king, -16, 1, enemy) ||
    horseAttack(king, -16, -1, enemy)
  )
    return true;
  return (
    lineAttack(king, 16, enemy) ||
    lineAttack(king, -16, enemy) ||
    lineAttack(king, 1, enemy) ||
    lineAttack(king, -1, enemy)
  );
}

/**
 * False only when `mv` (not yet made, by the side to move) certainly gives no check: a check needs
 * the moved piece to land on or leave the enemy king's file or rank (rooks, cannons and their
 * screens, pawns, the kings' file), leave a horse-leg point next to the king, or a horse to land a
 * horse's move away from it. Lets the search skip playing out moves it is about to prune.
 */
export function mayGiveCheck(mv: i32, s: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const king = ldU8(PIECE_SQ + sideTag(s ^ 1));
  const kingFile = king & 15;
  const kingRank = king >> 4;
  if ((to & 15) == kingFile || to >> 4 == kingRank || (from & 15) == kingFile || from >> 4 == kingRank) return true;
  const d = from - king;
  if (d == 15 || d == 17 || d == -15 || d == -17) return true;
  const slot = ldU8(SQUARES + from) & 15;
  if (slot >= SLOT_KNIGHT && slot < SLOT_ROOK) {
    const e = to - king;
    return e == 33 || e == 31 || e == 18 || e == 14 || e == -33 || e == -31 || e == -18 || e == -14;
  }
  return false;
}

/** Which of the four lines from `king` (bits: up, down, right, left in mailbox steps) pass through `sq`. */
function lineThrough(king: i32, sq: i32): i32 {
  if ((sq & 15) == (king & 15)) return sq > king ? 1 : 2;
  if (sq >> 4 == king >> 4) return sq > king ? 4 : 8;
  return 0;
}

/**
 * inCheck(s) right after the other side made `mv`, found by looking only where that move can have
 * made a check: the piece it moved (a horse or a pawn strikes from where it landed), the lines from
 * s's king through the points it left and took (a rook, a cannon and its screen, the flying
 * general), and the horse leg next to the king it may have left. Side s was not in check before
 * (a position with the side not to move in check is never set up, nor reached by a legal move).
 */
export function inCheckAfter(mv: i32, s: i32): bool {
  const king = ldU8(PIECE_SQ + sideTag(s));
  const enemy = sideTag(s ^ 1);
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const slot = ldU8(SQUARES + to) & 15;
  if (slot >= SLOT_KNIGHT && slot < SLOT_ROOK) {
    // The horse's leg is the point next to the king diagonally, as horseAttack reads it.
    const d = to - king;
    let leg = 0;
    if (d == 33 || d == 18) leg = 17;
    else if (d == 31 || d == 14) leg = 15;
    else if (d == -31 || d == -14) leg = -15;
    else if (d == -33 || d == -18) leg = -17;
    if (leg != 0 && ldU8(SQUARES + king + leg) == 0) return true;
  } else if (slot >= SLOT_PAWN) {
    if (to == king + (s == 0 ? 16 : -16) || to == king + 1 || to == king - 1) return true;
  }
  const lines = lineThrough(king, from) | lineThrough(king, to);
  if ((lines & 1) != 0 && lineAttack(king, 16, enemy)) return true;
  if ((lines & 2) != 0 && lineAttack(king, -16, enemy)) return true;
  if ((lines & 4) != 0 && lineAttack(king, 1, enemy)) return true;
  if ((lines & 8) != 0 && lineAttack(king, -1, enemy)) return true;
  const left = from - king;
  if (left == 17) return horseAttack(king, 16, 1, enemy);
  if (left == 15) return horseAttack(king, 16, -1, enemy);
  if (left == -15) return horseAttack(king, -16, 1, enemy);
  if (left == -17) return horseAttack(king, -16, -1, enemy);
  return false;
}

/**
 * Whether `mv` (not yet made, by side s) gives check: inCheckAfter with the move played on the
 * points alone, for a move the search prunes unless it checks (a full make and unmake also keeps
 * the keys, the history and the network's notes, for nothing).
 */
export function givesCheck(mv: i32, s: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece = ldU8(SQUARES + from);
  const captured = ldU8(SQUARES + to);
  stU8(SQUARES + to, piece);
  stU8(SQUARES + from, 0);
  const check = inCheckAfter(mv, s ^ 1);
  stU8(SQUARES + from, piece);
  stU8(SQUARES + to, captured);
  return check;
}
