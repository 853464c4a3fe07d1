// Move generation: pseudo-legal moves for every piece type, the captures-only subset for
// quiescence, and the legal filter (own king not left in check, kings not facing).
import { SQUARES, PIECE_SQ, PALACE, HALF, MAX_MOVES, MOVE_LISTS } from './layout';
import { ldU8, stU8, st32, ld32 } from './target/mem';
import {
  sideTag,
  SLOT_ADVISOR,
  SLOT_BISHOP,
  SLOT_KNIGHT,
  SLOT_ROOK,
  SLOT_CANNON,
  SLOT_PAWN,
  SLOTS_END,
  moveFrom,
  moveTo,
  WALL,
} from './pieces';
import { side } from './board';
import { inCheck } from './attacks';

// Generation state: where the list is written, how many moves so far, which targets count.
let listAt: i32 = 0;
let count: i32 = 0;
let own: i32 = 0;
let enemy: i32 = 0;
let quietsToo: bool = true;
/** How many moves at the start of the last list generatePseudo wrote are king moves. */
export let kingMoves: i32 = 0;

/** The move list slot for a search ply. */
export function moveListAt(ply: i32): i32 {
  return MOVE_LISTS + ply * MAX_MOVES * 4;
}

function add(from: i32, to: i32): void {
  st32(listAt + (count << 2), from | (to << 8));
  count++;
}

/** Adds a step to `to` if it is empty (when quiet moves are wanted) or holds an enemy piece. */
function tryStep(from: i32, to: i32): void {
  const target = ldU8(SQUARES + to);
  if (target == 0) {
    if (quietsToo) add(from, to);
  } else if ((target & enemy) != 0) {
    add(from, to);
  }
}

function genKing(from: i32, palaceBit: i32): void {
  if ((ldU8(PALACE + from + 16) & palaceBit) != 0) tryStep(from, from + 16);
  if ((ldU8(PALACE + from - 16) & palaceBit) != 0) tryStep(from, from - 16);
  if ((ldU8(PALACE + from + 1) & palaceBit) != 0) tryStep(from, from + 1);
  if ((ldU8(PALACE + from - 1) & palaceBit) != 0) tryStep(from, from - 1);
}

function genAdvisor(from: i32, palaceBit: i32): void {
  if ((ldU8(PALACE + from + 17) & palaceBit) != 0) tryStep(from, from + 17);
  if ((ldU8(PALACE + from + 15) & palaceBit) != 0) tryStep(from, from + 15);
  if ((ldU8(PALACE + from - 15) & palaceBit) != 0) tryStep(from, from - 15);
  if ((ldU8(PALACE + from - 17) & palaceBit) != 0) tryStep(from, from - 17);
}

/** Elephants move two points diagonally, never over the river, and not when the eye is blocked. */
function bishopStep(from: i32, diagonal: i32, halfBit: i32): void {
  const to = from + diagonal + diagonal;
  if ((ldU8(HALF + to) & halfBit) != 0 && ldU8(SQUARES + from + diagonal) == 0) tryStep(from, to);
}

/** Horses move one point straight, over the leg, then one diagonally outward (a wall takes neither). */
function horseLeg(from: i32, leg: i32, sideways: i32): void {
  if (ldU8(SQUARES + from + leg) != 0) return;
  tryStep(from, from + leg + leg + sideways);
  tryStep(from, from + leg + leg - sideways);
}

function genHorse(from: i32): void {
  horseLeg(from, 16, 1);
  horseLeg(from, -16, 1);
  horseLeg(from, 1, 16);
  horseLeg(from, -1, 16);
}

// The rays stop at the first point that is not empty: a piece, or the wall (never an enemy).
function rookRay(from: i32, step: i32): void {
  let to = from + step;
  let target = ldU8(SQUARES + to);
  while (target == 0) {
    if (quietsToo) add(from, to);
    to += step;
    target = ldU8(SQUARES + to);
  }
  if ((target & enemy) != 0) add(from, to);
}

/** Cannons slide like rooks but capture only by jumping exactly one screen. */
function cannonRay(from: i32, step: i32): void {
  let to = from + step;
  let target = ldU8(SQUARES + to);
  while (target == 0) {
    if (quietsToo) add(from, to);
    to += step;
    target = ldU8(SQUARES + to);
  }
  if (target == WALL) return;
  do {
    to += step;
    target = ldU8(SQUARES + to);
  } while (target == 0);
  if ((target & enemy) != 0) add(from, to);
}

function genPawn(from: i32, forward: i32, enemyHalfBit: i32): void {
  tryStep(from, from + forward);
  if ((ldU8(HALF + from) & enemyHalfBit) != 0) {
    tryStep(from, from + 1);
    tryStep(from, from - 1);
  }
}

/** Writes the side to move's pseudo-legal moves (or captures only) at `at`; returns the count. */
export function generatePseudo(at: i32, capturesOnly: bool): i32 {
  listAt = at;
  count = 0;
  own = sideTag(side);
  enemy = sideTag(side ^ 1);
  quietsToo = !capturesOnly;
  const sideBit = 1 << side;
  const forward = side == 0 ? 16 : -16;

  let sq = ldU8(PIECE_SQ + own);
  genKing(sq, sideBit);
  kingMoves = count;
  for (let slot = SLOT_ADVISOR; slot < SLOT_BISHOP; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) genAdvisor(sq, sideBit);
  }
  for (let slot = SLOT_BISHOP; slot < SLOT_KNIGHT; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      bishopStep(sq, 17, sideBit);
      bishopStep(sq, 15, sideBit);
      bishopStep(sq, -15, sideBit);
      bishopStep(sq, -17, sideBit);
    }
  }
  for (let slot = SLOT_KNIGHT; slot < SLOT_ROOK; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) genHorse(sq);
  }
  for (let slot = SLOT_ROOK; slot < SLOT_CANNON; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      rookRay(sq, 16);
      rookRay(sq, -16);
      rookRay(sq, 1);
      rookRay(sq, -1);
    }
  }
  for (let slot = SLOT_CANNON; slot < SLOT_PAWN; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) {
      cannonRay(sq, 16);
      cannonRay(sq, -16);
      cannonRay(sq, 1);
      cannonRay(sq, -1);
    }
  }
  for (let slot = SLOT_PAWN; slot < SLOTS_END; slot++) {
    sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0) genPawn(sq, forward, sideBit ^ 3);
  }
  return count;
}

/** Plays `mv` on the squares alone, asks whether the mover's king is safe, and takes it back. */
export function isMoveSafe(mv: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece = ldU8(SQUARES + from);
  const captured = ldU8(SQUARES + to);
  stU8(SQUARES + to, piece);
  stU8(SQUARES + from, 0);
  stU8(PIECE_SQ + piece, to);
  if (captured != 0) stU8(PIECE_SQ + captured, 0);
  const safe = !inCheck(side);
  stU8(SQUARES + from, piece);
  stU8(SQUARES + to, captured);
  stU8(PIECE_SQ + piece, from);
  if (captured != 0) stU8(PIECE_SQ + captured, to);
  return safe;
}

/** Whether a move of a non-king piece, made while not in check, might expose the king. Only a
 *  piece leaving or entering the king's file or rank (rook and cannon lines, cannon screens, the
 *  flying general) or leaving a horse-leg point next to the king can do that. */
function mayExposeKing(mv: i32, king: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const kingFile = king & 15;
  const kingRank = king >> 4;
  if ((from & 15) == kingFile || from >> 4 == kingRank) return true;
  if ((to & 15) == kingFile || to >> 4 == kingRank) return true;
  const d = from - king;
  return d == 15 || d == 17 || d == -15 || d == -17;
}

/** Is the pseudo-legal `mv` legal? `king` is the mover's king square, `checked` whether it is in
 *  check now; only moves that could matter are played out. */
export function isLegalMove(mv: i32, king: i32, checked: bool): bool {
  return (!checked && moveFrom(mv) != king && !mayExposeKing(mv, king)) || isMoveSafe(mv);
}

// What prepareLegality found for the side to move: its king, whether it is in check, and the
// points that make a move worth playing out. Not in check, legalFrom marks own pieces whose
// leaving may expose the king, legalTo empty points whose taking may. In check, legalFrom marks
// the points of every check (the checking piece, and the points between it and the king: a
// cannon's screen too, a horse's leg), as the from and the to points that can answer it, and
// legalTo holds the points of up to two checking horses (sq | sq << 8), which are off the king's
// lines. The masks hold the points on the king's file by mailbox rank (bits 3..12), those on its
// rank by mailbox file plus 16 (bits 19..27), and the four points diagonally next to the king
// (horse legs, bits 28..31, see legBit).
export let legalKing: i32 = 0;
export let legalChecked: bool = false;
export let legalFrom: i32 = 0;
export let legalTo: i32 = 0;
// While prepareLegality works: the masks out of check and the marks of the checks.
let pinFrom: i32 = 0;
let pinTo: i32 = 0;
let checkMarks: i32 = 0;
let checkHorses: i32 = 0;

/** The bit of a horse-leg point `king + d` (d one of +-15, +-17) in the masks. */
function legBit(d: i32): i32 {
  return d == 17 ? 1 << 28 : d == 15 ? 1 << 29 : d == -15 ? 1 << 30 : 1 << 31;
}

/** The bit of a point on the king's file or rank (`vertical`: on its file) in the masks. */
function lineBit(sq: i32, vertical: bool): i32 {
  return vertical ? 1 << (sq >> 4) : 1 << ((sq & 15) + 16);
}

/** Whether `sq` is one of the points `mask` marks around the king. */
function marked(sq: i32, king: i32, mask: i32): bool {
  if ((sq & 15) == (king & 15)) return ((mask >> (sq >> 4)) & 1) != 0;
  if (sq >> 4 == king >> 4) return ((mask >> ((sq & 15) + 16)) & 1) != 0;
  if (mask >>> 28 == 0) return false;
  const d = sq - king;
  return (d == 15 || d == 17 || d == -15 || d == -17) && (mask & legBit(d)) != 0;
}

function isEnemyHorse(id: i32, enemy: i32): bool {
  return id >= enemy + SLOT_KNIGHT && id < enemy + SLOT_ROOK;
}

/** A horse behind the leg `king + vertical + horizontal`: a check if the leg is empty, a pinned leg if it is ours. */
function legDanger(king: i32, vertical: i32, horizontal: i32, enemy: i32): void {
  const leg = king + vertical + horizontal;
  const id = ldU8(SQUARES + leg);
  if (id != 0 && (id & enemy) != 0) return; // an enemy piece there stays (capturing it keeps it blocked)
  const behindVertical = isEnemyHorse(ldU8(SQUARES + leg + vertical), enemy);
  const behindHorizontal = isEnemyHorse(ldU8(SQUARES + leg + horizontal), enemy);
  if (!behindVertical && !behindHorizontal) return;
  if (id != 0) {
    pinFrom |= legBit(vertical + horizontal);
    return;
  }
  if (behindVertical) noteHorse(leg + vertical);
  if (behindHorizontal) noteHorse(leg + horizontal);
  checkMarks |= legBit(vertical + horizontal);
}

function noteHorse(sq: i32): void {
  checkHorses = (checkHorses & 255) == 0 ? sq : (checkHorses & 255) | (sq << 8);
}

/** The next piece along a line from `sq` (exclusive), or 0 when the line leaves the board first. */
function nextPiece(sq: i32, step: i32): i32 {
  let id = 0;
  do {
    sq += step;
    id = ldU8(SQUARES + sq);
  } while (id == 0);
  return id == WALL ? 0 : sq;
}

/** Marks the points of a line from the king to `last` (inclusive) as a check's. */
function markCheck(king: i32, step: i32, last: i32, vertical: bool): void {
  for (let sq = king + step; ; sq += step) {
    checkMarks |= lineBit(sq, vertical);
    if (sq == last) return;
  }
}

/**
 * One line from the king: the first three pieces on it decide. The first an enemy rook or king
 * (flying general), or the second an enemy cannon: check. Otherwise the first piece leaving lets
 * an enemy rook or king second, or an enemy cannon third, attack; the second leaving, a cannon
 * third; and a piece put between the king and an enemy cannon first makes its screen.
 */
function lineDanger(king: i32, step: i32, enemy: i32): void {
  const vertical = step == 16 || step == -16;
  const p1 = nextPiece(king, step);
  if (p1 == 0) return;
  const a = ldU8(SQUARES + p1);
  if (a == enemy || a == enemy + SLOT_ROOK || a == enemy + SLOT_ROOK + 1) {
    markCheck(king, step, p1, vertical);
    return;
  }
  if (a == enemy + SLOT_CANNON || a == enemy + SLOT_CANNON + 1) {
    for (let sq = king + step; sq != p1; sq += step) pinTo |= lineBit(sq, vertical);
  }
  const p2 = nextPiece(p1, step);
  if (p2 == 0) return;
  const b = ldU8(SQUARES + p2);
  if (b == enemy + SLOT_CANNON || b == enemy + SLOT_CANNON + 1) {
    markCheck(king, step, p2, vertical);
    return;
  }
  if (b == enemy || b == enemy + SLOT_ROOK || b == enemy + SLOT_ROOK + 1) pinFrom |= lineBit(p1, vertical);
  const p3 = nextPiece(p2, step);
  if (p3 == 0) return;
  const c = ldU8(SQUARES + p3);
  if (c == enemy + SLOT_CANNON || c == enemy + SLOT_CANNON + 1) {
    pinFrom |= lineBit(p1, vertical) | lineBit(p2, vertical);
  }
}

/** A pawn of the enemy's next to the king, on a point it attacks the king from: a check. */
function pawnDanger(king: i32, step: i32, enemy: i32): void {
  const id = ldU8(SQUARES + king + step);
  if (id >= enemy + SLOT_PAWN && id < enemy + SLOTS_END) checkMarks |= lineBit(king + step, step == 16 || step == -16);
}

/**
 * Works out once for a node what the legality of every move of the side to move depends on (see
 * isPreparedLegal): whether its king is in check and by what, or else the few points a move must
 * leave or take to possibly expose it. Pawns attack the king only from next to it, which no move
 * of ours can open.
 */
export function prepareLegality(): void {
  const s = side;
  const king = ldU8(PIECE_SQ + sideTag(s));
  const enemy = sideTag(s ^ 1);
  pinFrom = 0;
  pinTo = 0;
  checkMarks = 0;
  checkHorses = 0;
  // Enemy pawns attack from in front of the king (its side's forward) or from beside it.
  pawnDanger(king, s == 0 ? 16 : -16, enemy);
  pawnDanger(king, 1, enemy);
  pawnDanger(king, -1, enemy);
  legDanger(king, 16, 1, enemy);
  legDanger(king, 16, -1, enemy);
  legDanger(king, -16, 1, enemy);
  legDanger(king, -16, -1, enemy);
  lineDanger(king, 16, enemy);
  lineDanger(king, -16, enemy);
  lineDanger(king, 1, enemy);
  lineDanger(king, -1, enemy);
  legalKing = king;
  legalChecked = checkMarks != 0;
  legalFrom = legalChecked ? checkMarks : pinFrom;
  legalTo = legalChecked ? checkHorses : pinTo;
}

/**
 * Is the pseudo-legal `mv` legal, given what prepareLegality found (passed back in, since a search
 * prepares again in every node below)? King moves are played out. In check, only a move that
 * leaves or takes a point of a check can answer it: those are played out, the others are not
 * legal. Out of check, a move is played out only when it leaves or takes a marked point: all
 * others are legal.
 */
export function isPreparedLegal(mv: i32, king: i32, checked: bool, fromMask: i32, toMask: i32): bool {
  const from = moveFrom(mv);
  if (from == king) return isMoveSafe(mv);
  const to = moveTo(mv);
  if (checked) {
    const answers =
      marked(from, king, fromMask) ||
      marked(to, king, fromMask) ||
      (toMask != 0 && (to == (toMask & 255) || to == toMask >> 8));
    return answers && isMoveSafe(mv);
  }
  if ((fromMask | toMask) == 0) return true;
  return !(marked(from, king, fromMask) || marked(to, king, toMask)) || isMoveSafe(mv);
}

/** Compacts the pseudo-legal list at `at` (length n) to its legal moves; returns the new count. */
export function filterLegal(at: i32, n: i32): i32 {
  prepareLegality();
  const king = legalKing;
  const checked = legalChecked;
  const fromMask = legalFrom;
  const toMask = legalTo;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(at + (i << 2));
    if (isPreparedLegal(mv, king, checked, fromMask, toMask)) {
      st32(at + (kept << 2), mv);
      kept++;
    }
  }
  return kept;
}

/** How many of the pseudo-legal moves generatePseudo just wrote at `at` (n of them) are legal. */
export function countLegal(at: i32, n: i32): i32 {
  prepareLegality();
  const king = legalKing;
  const checked = legalChecked;
  const fromMask = legalFrom;
  const toMask = legalTo;
  let count = 0;
  if (!checked && (fromMask | toMask) == 0) {
    // Nothing to expose: only the king's own moves (written first) can be illegal.
    count = n;
    for (let i = 0; i < kingMoves; i++) {
      if (!isMoveSafe(ld32(at + (i << 2)))) count--;
    }
    return count;
  }
  for (let i = 0; i < n; i++) {
    if (isPreparedLegal(ld32(at + (i << 2)), king, checked, fromMask, toMask)) count++;
  }
  return count;
}

export function generateLegal(at: i32): i32 {
  return filterLegal(at, generatePseudo(at, false));
}

/** True when the side to move has at least one legal move (stops at the first). */
export function hasLegalMove(at: i32): bool {
  const n = generatePseudo(at, false);
  for (let i = 0; i < n; i++) {
    if (isMoveSafe(ld32(at + (i << 2)))) return true;
  }
  return false;
}
