// What a move chases under the Asian (AXF) rules, as Fairy-Stockfish's published rule tests judge
// them: the pieces the move attacks anew, directly or by uncovering an attack, that are not
// protected by a real root (a protector that could really take back), plus a rook attacked by a
// horse or cannon and a rook, horse or cannon attacked by an advisor or elephant whatever protects
// them; and the pieces the move strips of their real protection, by pinning the protector or by
// setting up a discovered check. Kings and pawns do not chase; a king and a pawn still on its own
// side of the river are not chased. Two pieces of one type attacking each other chase only when the
// victim cannot take back (a blocked horse leg, a pin).
import { PIECE_SQ, SQUARES, HALF } from './layout';
import { ldU8, stU8 } from './target/mem';
import { side } from './board';
import { attacksPoint, attackersOf, bitOf, kingShields } from './geometry';
import {
  KING,
  ADVISOR,
  BISHOP,
  KNIGHT,
  ROOK,
  CANNON,
  PAWN,
  pieceType,
  sideTag,
  rankOf,
  fileOf,
  moveFrom,
  moveTo,
} from './pieces';

/** The set of side `s`'s pieces of one type. */
function piecesOfType(s: i32, type: i32): i32 {
  const tag = sideTag(s);
  let set = 0;
  for (let id = tag; id < tag + 16; id++) {
    if (ldU8(PIECE_SQ + id) != 0 && pieceType(id) == type) set |= bitOf(id);
  }
  return set;
}

/** Side `s`'s pieces that are never chased: its king, and its pawns still on its own half. */
function neverChased(s: i32): i32 {
  const tag = sideTag(s);
  let set = bitOf(tag);
  for (let id = tag; id < tag + 16; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq != 0 && pieceType(id) == PAWN && (ldU8(HALF + sq) & (1 << s)) != 0) set |= bitOf(id);
  }
  return set;
}

/** Side `s`'s pieces attacked by piece `id` standing on `from`. */
function targetsOf(id: i32, from: i32, s: i32): i32 {
  const tag = sideTag(s);
  let set = 0;
  for (let v = tag; v < tag + 16; v++) {
    const sq = ldU8(PIECE_SQ + v);
    if (sq != 0 && attacksPoint(id, from, sq)) set |= bitOf(v);
  }
  return set;
}

/** The pieces of side `s`, as a set. */
export function sideSet(s: i32): i32 {
  return s == 0 ? 0xffff << 16 : 0xffff;
}

function has(set: i32, id: i32): bool {
  return (set & bitOf(id)) != 0;
}

/**
 * Which of `targets` (pieces of `victim`, the side to move) the attacker `id` on `at` chases:
 * stronger victims always, others when no unpinned piece could take back on their point once the
 * attacker had taken there (and not the king alone, when taking back would face the other king).
 */
function judge(id: i32, at: i32, targets: i32, victim: i32, pinned: i32): i32 {
  let t = targets & ~neverChased(victim);
  if (t == 0) return 0;
  const type = pieceType(id);
  let chased = 0;
  if (type == KNIGHT || type == CANNON) chased |= t & piecesOfType(victim, ROOK);
  if (type == ADVISOR || type == BISHOP) {
    chased |= t & (piecesOfType(victim, ROOK) | piecesOfType(victim, CANNON) | piecesOfType(victim, KNIGHT));
  }
  // Mutual attacks between two pieces of one type are offers to exchange, unless the victim cannot
  // take the attacker: a horse whose leg is blocked on its side, or a pinned piece.
  const sameType = t & piecesOfType(victim, type);
  if (type == KNIGHT && diagonalNeighbourOccupied(at)) {
    const tag = sideTag(victim);
    for (let v = tag; v < tag + 16; v++) {
      if (has(sameType, v) && attacksPoint(v, ldU8(PIECE_SQ + v), at)) t &= ~bitOf(v);
    }
  } else {
    t &= ~(sameType & ~pinned);
  }
  const ownKing = sideTag(victim ^ 1);
  const kingBit = bitOf(sideTag(victim));
  const tag = sideTag(victim);
  stU8(SQUARES + at, 0);
  for (let v = tag; v < tag + 16; v++) {
    if (!has(t, v)) continue;
    const sq = ldU8(PIECE_SQ + v);
    const roots = attackersOf(sq, victim) & ~pinned & ~bitOf(v);
    if (roots == 0) chased |= bitOf(v);
    else if (roots == kingBit && facesAlong(ldU8(PIECE_SQ + ownKing), sq)) chased |= bitOf(v);
  }
  stU8(SQUARES + at, id);
  return chased;
}

/** Whether the king on `king` would face a piece on `sq` along its file, nothing between. */
function facesAlong(king: i32, sq: i32): bool {
  if (fileOf(king) != fileOf(sq)) return false;
  const step = sq > king ? 16 : -16;
  for (let p = king + step; p != sq; p += step) {
    if (ldU8(SQUARES + p) != 0) return false;
  }
  return true;
}

function diagonalNeighbourOccupied(sq: i32): bool {
  return (
    ldU8(SQUARES + sq + 15) != 0 ||
    ldU8(SQUARES + sq + 17) != 0 ||
    ldU8(SQUARES + sq - 15) != 0 ||
    ldU8(SQUARES + sq - 17) != 0
  );
}

function sameLine(a: i32, b: i32): bool {
  return rankOf(a) == rankOf(b) || fileOf(a) == fileOf(b);
}

/** Whether `sq` lies on the line (rank or file) through `from` and `to`. */
function onLineOfMove(sq: i32, from: i32, to: i32): bool {
  return rankOf(from) == rankOf(to) ? rankOf(sq) == rankOf(from) : fileOf(sq) == fileOf(from);
}

/**
 * The pieces chased by the move `mv` just made (the side to move is the victim), given the
 * victim's king shields before it (geometry.ts kingShields) and what it captured (0 for nothing).
 */
export function chasedByMove(mv: i32, captured: i32, shieldsBefore: i32): i32 {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const victim = side;
  const mover = victim ^ 1;
  const moved = ldU8(SQUARES + to);
  const shieldsNow = kingShields(victim);
  const victimMask = sideSet(victim);
  const victimTag = sideTag(victim);
  const pinned = shieldsNow & victimMask;
  let chased = 0;

  // Direct attacks of the moved piece (a rook or cannon's along its line of travel are not new).
  const type = pieceType(moved);
  if (type != KING && type != PAWN) {
    let targets = targetsOf(moved, to, victim);
    if (type == ROOK || type == CANNON) {
      for (let v = victimTag; v < victimTag + 16; v++) {
        if (has(targets, v) && onLineOfMove(ldU8(PIECE_SQ + v), from, to)) targets &= ~bitOf(v);
      }
    }
    chased |= judge(moved, to, targets, victim, pinned);
  }

  // Attacks the move uncovers: a horse's leg or an elephant's eye freed, a line opened, or a
  // cannon given a screen. New = attacked now, not with the points as they were before the move.
  const tag = sideTag(mover);
  for (let id = tag + 1; id < tag + 16; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq == 0) continue;
    const t = pieceType(id);
    const d = sq - from;
    const candidate =
      (t == KNIGHT && (d == 1 || d == -1 || d == 16 || d == -16)) ||
      (t == BISHOP && (d == 15 || d == 17 || d == -15 || d == -17)) ||
      ((t == ROOK || t == CANNON) && sameLine(sq, from)) ||
      (t == CANNON && sameLine(sq, to));
    if (!candidate) continue;
    const now = targetsOf(id, sq, victim);
    if (now == 0) continue;
    stU8(SQUARES + from, moved);
    stU8(SQUARES + to, captured);
    const before = targetsOf(id, sq, victim);
    stU8(SQUARES + from, 0);
    stU8(SQUARES + to, moved);
    chased |= judge(id, sq, now & ~before, victim, pinned);
  }

  // New shields are told by their points, not their identities: the moved piece shields anew from
  // its new point unless the piece it took there was a shield already.
  let keptShields = shieldsBefore & ~bitOf(moved);
  if (captured != 0 && has(shieldsBefore, captured)) keptShields |= bitOf(moved);
  const fresh = shieldsNow & ~keptShields;
  // A protector newly pinned is a fake root: what it protected and the mover attacks is chased.
  const moverShields = kingShields(mover);
  for (let p = victimTag; p < victimTag + 16; p++) {
    if (!has(fresh, p)) continue;
    const protectedByIt = targetsOf(p, ldU8(PIECE_SQ + p), victim) & ~neverChased(victim);
    for (let v = victimTag; v < victimTag + 16; v++) {
      if (has(protectedByIt, v) && (attackersOf(ldU8(PIECE_SQ + v), mover) & ~moverShields) != 0) chased |= bitOf(v);
    }
  }
  // A piece of the mover's newly set to uncover check: what it attacks can be taken with check
  // next, unless the king itself can safely take it back.
  const king = ldU8(PIECE_SQ + sideTag(victim));
  for (let d = tag + 1; d < tag + 16; d++) {
    if (!has(fresh, d)) continue;
    const dsq = ldU8(PIECE_SQ + d);
    const targets = targetsOf(d, dsq, victim) & ~bitOf(victimTag);
    for (let v = victimTag; v < victimTag + 16; v++) {
      if (!has(targets, v)) continue;
      const vsq = ldU8(PIECE_SQ + v);
      if (!attacksPoint(sideTag(victim), king, vsq)) {
        chased |= bitOf(v);
        continue;
      }
      // The king could take back on vsq: only if nothing else of the mover guards the point once
      // the discovering piece has left it and the king has left its own point.
      stU8(SQUARES + dsq, 0);
      stU8(SQUARES + king, 0);
      const guards = attackersOf(vsq, mover) & ~bitOf(d);
      stU8(SQUARES + king, sideTag(victim));
      stU8(SQUARES + dsq, d);
      if (guards != 0) chased |= bitOf(v);
    }
  }
  return chased;
}
