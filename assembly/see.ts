// Static exchange evaluation: what a move wins or loses on its target point if both sides keep
// capturing there with their least valuable piece, each free to stop when it would lose more.
// Xiangqi makes the attackers of a point depend on the board as it changes: a cannon needs exactly
// one screen, a horse an empty leg, an elephant an empty eye; so the exchange is played out on the
// board itself (points only, put back afterwards) and the attackers are found again at each step.
// Pins are not considered (as in most engines' SEE).
import { SQUARES, PALACE, HALF, SEE_SWAP, SEE_SWAP_SLOTS, SEE_VALUES } from './layout';
import { ldU8, stU8, ld16, st16, ld32, st32 } from './target/mem';
import {
  KING,
  ADVISOR,
  BISHOP,
  KNIGHT,
  ROOK,
  CANNON,
  pieceType,
  sideTag,
  pieceSide,
  moveFrom,
  moveTo,
  SLOT_ADVISOR,
  SLOT_BISHOP,
  SLOT_KNIGHT,
  SLOT_ROOK,
  SLOT_CANNON,
  SLOT_PAWN,
  SLOTS_END,
  WALL,
} from './pieces';

const MAX_SWAPS: i32 = SEE_SWAP_SLOTS;

/** Exchange values by piece type (a pawn across the river counts double). */
function exchangeValue(id: i32, half: i32): i32 {
  const type = pieceType(id);
  if (type == ROOK) return 600;
  if (type == CANNON) return 285;
  if (type == KNIGHT) return 270;
  if (type == ADVISOR || type == BISHOP) return 120;
  if (type == KING) return 5000;
  // Pawn: worth more once it has crossed (it then also moves sideways).
  return (half & (1 << pieceSide(id))) != 0 ? 30 : 70;
}

/** Fills SEE_VALUES: every piece id's value on a point of each HALF kind (after initTables). */
export function initSeeValues(): void {
  for (let id = 16; id < 48; id++) {
    for (let half = 0; half < 4; half++) st16(SEE_VALUES + (id * 4 + half) * 2, exchangeValue(id, half));
  }
}

/** Exchange value of piece `id` standing on `sq`. */
export function seeValue(id: i32, sq: i32): i32 {
  return ld16(SEE_VALUES + ((id << 2) + ldU8(HALF + sq)) * 2);
}

function isOf(id: i32, tag: i32, lo: i32, hi: i32): bool {
  return id >= tag + lo && id < tag + hi;
}

/** The square of side `s`'s least valuable piece that attacks `to` now, or 0. */
function leastAttacker(to: i32, s: i32): i32 {
  const tag = sideTag(s);
  // Pawns: from behind (its forward step), or from the side once across the river.
  const back = s == 0 ? -16 : 16;
  if (isOf(ldU8(SQUARES + to + back), tag, SLOT_PAWN, SLOTS_END)) return to + back;
  if ((ldU8(HALF + to) & (1 << s)) == 0) {
    if (isOf(ldU8(SQUARES + to - 1), tag, SLOT_PAWN, SLOTS_END)) return to - 1;
    if (isOf(ldU8(SQUARES + to + 1), tag, SLOT_PAWN, SLOTS_END)) return to + 1;
  }
  // Advisors, within their palace.
  if ((ldU8(PALACE + to) & (1 << s)) != 0) {
    if (isOf(ldU8(SQUARES + to + 15), tag, SLOT_ADVISOR, SLOT_BISHOP)) return to + 15;
    if (isOf(ldU8(SQUARES + to + 17), tag, SLOT_ADVISOR, SLOT_BISHOP)) return to + 17;
    if (isOf(ldU8(SQUARES + to - 15), tag, SLOT_ADVISOR, SLOT_BISHOP)) return to - 15;
    if (isOf(ldU8(SQUARES + to - 17), tag, SLOT_ADVISOR, SLOT_BISHOP)) return to - 17;
  }
  // Elephants, on their own half, eye empty.
  if ((ldU8(HALF + to) & (1 << s)) != 0) {
    if (ldU8(SQUARES + to + 15) == 0 && isOf(ldU8(SQUARES + to + 30), tag, SLOT_BISHOP, SLOT_KNIGHT)) return to + 30;
    if (ldU8(SQUARES + to + 17) == 0 && isOf(ldU8(SQUARES + to + 34), tag, SLOT_BISHOP, SLOT_KNIGHT)) return to + 34;
    if (ldU8(SQUARES + to - 15) == 0 && isOf(ldU8(SQUARES + to - 30), tag, SLOT_BISHOP, SLOT_KNIGHT)) return to - 30;
    if (ldU8(SQUARES + to - 17) == 0 && isOf(ldU8(SQUARES + to - 34), tag, SLOT_BISHOP, SLOT_KNIGHT)) return to - 34;
  }
  // Horses: the leg is the point diagonally next to the target, toward the horse.
  if (ldU8(SQUARES + to - 17) == 0) {
    if (isOf(ldU8(SQUARES + to - 33), tag, SLOT_KNIGHT, SLOT_ROOK)) return to - 33;
    if (isOf(ldU8(SQUARES + to - 18), tag, SLOT_KNIGHT, SLOT_ROOK)) return to - 18;
  }
  if (ldU8(SQUARES + to - 15) == 0) {
    if (isOf(ldU8(SQUARES + to - 31), tag, SLOT_KNIGHT, SLOT_ROOK)) return to - 31;
    if (isOf(ldU8(SQUARES + to - 14), tag, SLOT_KNIGHT, SLOT_ROOK)) return to - 14;
  }
  if (ldU8(SQUARES + to + 15) == 0) {
    if (isOf(ldU8(SQUARES + to + 31), tag, SLOT_KNIGHT, SLOT_ROOK)) return to + 31;
    if (isOf(ldU8(SQUARES + to + 14), tag, SLOT_KNIGHT, SLOT_ROOK)) return to + 14;
  }
  if (ldU8(SQUARES + to + 17) == 0) {
    if (isOf(ldU8(SQUARES + to + 33), tag, SLOT_KNIGHT, SLOT_ROOK)) return to + 33;
    if (isOf(ldU8(SQUARES + to + 18), tag, SLOT_KNIGHT, SLOT_ROOK)) return to + 18;
  }
  // Lines: the first piece may be a rook, the second (over one screen) a cannon.
  let rook = 0;
  for (let dir = 0; dir < 4; dir++) {
    const step = dir == 0 ? 16 : dir == 1 ? -16 : dir == 2 ? 1 : -1;
    let sq = to + step;
    let id = ldU8(SQUARES + sq);
    while (id == 0) {
      sq += step;
      id = ldU8(SQUARES + sq);
    }
    if (id == WALL) continue; // ran off the board
    if (rook == 0 && isOf(id, tag, SLOT_ROOK, SLOT_CANNON)) rook = sq;
    sq += step;
    id = ldU8(SQUARES + sq);
    while (id == 0) {
      sq += step;
      id = ldU8(SQUARES + sq);
    }
    if (isOf(id, tag, SLOT_CANNON, SLOT_PAWN)) return sq; // never the wall
  }
  if (rook != 0) return rook;
  // The king, next to the target inside its palace.
  if ((ldU8(PALACE + to) & (1 << s)) != 0) {
    if (ldU8(SQUARES + to + 16) == tag) return to + 16;
    if (ldU8(SQUARES + to - 16) == tag) return to - 16;
    if (ldU8(SQUARES + to + 1) == tag) return to + 1;
    if (ldU8(SQUARES + to - 1) == tag) return to - 1;
  }
  return 0;
}

/**
 * The material the side to move gains by `mv` and the exchange it starts on the target point,
 * both sides choosing their best moment to stop (negative: the move loses material).
 */
export function see(mv: i32): i32 {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const mover = ldU8(SQUARES + from);
  const captured = ldU8(SQUARES + to);
  // Changed points are put back from this list: (square, id) pairs.
  let changes = 0;
  st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8, to);
  st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8 + 4, captured);
  changes++;
  st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8, from);
  st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8 + 4, mover);
  changes++;
  stU8(SQUARES + from, 0);
  stU8(SQUARES + to, mover);

  st32(SEE_SWAP, captured != 0 ? seeValue(captured, to) : 0);
  let onTarget = seeValue(mover, to);
  let s = pieceSide(mover) ^ 1;
  let d = 0;
  while (d < MAX_SWAPS - 1) {
    const at = leastAttacker(to, s);
    if (at == 0) break;
    d++;
    const gain = onTarget - ld32(SEE_SWAP + (d - 1) * 4);
    st32(SEE_SWAP + d * 4, gain);
    // Neither side can do better than stop here whatever follows.
    const prev = -ld32(SEE_SWAP + (d - 1) * 4);
    if ((prev > gain ? prev : gain) < 0) break;
    const id = ldU8(SQUARES + at);
    st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8, at);
    st32(SEE_SWAP + MAX_SWAPS * 4 + changes * 8 + 4, id);
    changes++;
    stU8(SQUARES + at, 0);
    stU8(SQUARES + to, id);
    onTarget = seeValue(id, to);
    s ^= 1;
  }
  while (d > 0) {
    const mine = -ld32(SEE_SWAP + (d - 1) * 4);
    const theirs = ld32(SEE_SWAP + d * 4);
    st32(SEE_SWAP + (d - 1) * 4, -(mine > theirs ? mine : theirs));
    d--;
  }
  for (let i = changes - 1; i >= 0; i--) {
    stU8(SQUARES + ld32(SEE_SWAP + MAX_SWAPS * 4 + i * 8), ld32(SEE_SWAP + MAX_SWAPS * 4 + i * 8 + 4));
  }
  return ld32(SEE_SWAP);
}

/**
 * Whether see(mv) < threshold, with the exchange played out only when its bounds leave it open:
 * the mover keeps at most what it takes, and loses at most itself on top of that.
 */
export function seeBelow(mv: i32, threshold: i32): bool {
  const to = moveTo(mv);
  const captured = ldU8(SQUARES + to);
  const taken = captured != 0 ? seeValue(captured, to) : 0;
  if (taken < threshold) return true;
  if (taken - seeValue(ldU8(SQUARES + moveFrom(mv)), to) >= threshold) return false;
  return see(mv) < threshold;
}
