// How a table numbers its positions. A material (which pieces each side has) is a key, one base-3
// digit per piece kind: Red's advisors, elephants, rooks, horses, cannons and pawns, then Black's
// advisors and elephants (Black, the defending side, has no attacking piece in these tables).
//
// Each side's defenders (king, advisors, elephants) are numbered by their joint placement in the
// palace and on the elephant points, so no two overlap (K 9, KA 40, KAA 70, KE 62, KEE 183, KAE 275,
// KAAE 480, KAEE 810, KAAEE 1410, as FelicityEgtb counts them). Red's attackers follow, the first
// on the left half of the board only (files a-e: 50 points, 31 for a pawn), since a position and its
// mirror image have the same value. Two attackers of one kind are one unordered pair of points
// whose files add up to at most 8 (2,225 pairs, 827 for pawns), half of what two ordered points
// would take. A position's index is the smallest of its symmetric encodings; entries that are not
// that smallest one, or hold two pieces on one point, are not positions.
import {
  POINTS,
  KEYS,
  GROUP_TYPES,
  GROUP_MAX,
  GROUP_LOOKUP_SIZE,
  LAYOUT_FIELDS,
  GROUP_COUNT,
  GROUP_LOOKUP,
  GROUP_POINTS,
  PALACE_SLOT,
  ADVISOR_BIT,
  ELEPHANT_BIT,
  PALACE_POINTS,
  ADVISOR_POINTS,
  ELEPHANT_POINTS,
  DOMAIN_POINTS,
  DOMAIN_SLOTS,
  DOMAIN_COUNT,
  MAX_PAIRS,
  PAIR_SLOTS,
  PAIR_POINTS,
  PAIR_COUNT,
  LAYOUTS,
  FILE,
  MIRROR,
  PALACE,
  ADVISOR_POINT,
  ELEPHANT_POINT,
  PAWN_POINT,
  PIECE_CODE,
  PIECE_POINT,
} from './regions';
import { NONE, KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN, BLACK_BIT } from './geometry';
import { addPiece, clearPosition, pieceCount } from './position';
import { ldU8, ldI8, stU8, ldI16, st16, ld32, st32 } from './target/heap';

// The digits of a material key, in order.
export const RED_ADVISORS: i32 = 0;
export const RED_ELEPHANTS: i32 = 1;
export const RED_ROOKS: i32 = 2;
export const RED_HORSES: i32 = 3;
export const RED_CANNONS: i32 = 4;
export const RED_PAWNS: i32 = 5;
export const BLACK_ADVISORS: i32 = 6;
export const BLACK_ELEPHANTS: i32 = 7;
export const DIGITS: i32 = 8;

const POW3: StaticArray<i32> = [1, 3, 9, 27, 81, 243, 729, 2187];

/** What one piece of the kind counted by digit `which` adds to a key. */
export function digitUnit(which: i32): i32 {
  return POW3[which];
}

export function digit(key: i32, which: i32): i32 {
  const unit = POW3[which];
  return ((key - (key % unit)) / unit) % 3;
}

/** The key digit that counts a piece code, or -1 for a king, an empty point or a Black attacker. */
export function digitOf(code: i32): i32 {
  const type = code & 7;
  if (code & BLACK_BIT) return type == ADVISOR ? BLACK_ADVISORS : type == ELEPHANT ? BLACK_ELEPHANTS : -1;
  if (type == ADVISOR) return RED_ADVISORS;
  if (type == ELEPHANT) return RED_ELEPHANTS;
  if (type == ROOK) return RED_ROOKS;
  if (type == HORSE) return RED_HORSES;
  if (type == CANNON) return RED_CANNONS;
  if (type == PAWN) return RED_PAWNS;
  return -1;
}

/** The material left when the piece `code` is captured. */
export function keyWithout(key: i32, code: i32): i32 {
  return key - POW3[digitOf(code)];
}

function bitCount(n: i32): i32 {
  let c = 0;
  for (let m = n; m != 0; m &= m - 1) c++;
  return c;
}

/** Fills the placement and attacker-point tables (the geometry must be ready). */
export function initLayout(): void {
  for (let side = 0; side < 2; side++) {
    const bit = 1 << side;
    let a = 0;
    let e = 0;
    let k = 0;
    for (let p = 0; p < POINTS; p++) {
      stU8(PALACE_SLOT + side * POINTS + p, NONE);
      stU8(ADVISOR_BIT + side * POINTS + p, NONE);
      stU8(ELEPHANT_BIT + side * POINTS + p, NONE);
      if (ldU8(PALACE + p) & bit) {
        stU8(PALACE_SLOT + side * POINTS + p, k);
        stU8(PALACE_POINTS + side * 9 + k++, p);
      }
      if (ldU8(ADVISOR_POINT + p) & bit) {
        stU8(ADVISOR_BIT + side * POINTS + p, a);
        stU8(ADVISOR_POINTS + side * 5 + a++, p);
      }
      if (ldU8(ELEPHANT_POINT + p) & bit) {
        stU8(ELEPHANT_BIT + side * POINTS + p, e);
        stU8(ELEPHANT_POINTS + side * 7 + e++, p);
      }
    }
    for (let i = 0; i < GROUP_LOOKUP_SIZE; i++) st16(GROUP_LOOKUP + (side * GROUP_LOOKUP_SIZE + i) * 2, -1);
    for (let type = 0; type < GROUP_TYPES; type++) {
      const elephants = type % 3;
      const advisors = (type - elephants) / 3;
      const list = GROUP_POINTS + (side * GROUP_TYPES + type) * GROUP_MAX * 5;
      let count = 0;
      for (let king = 0; king < 9; king++) {
        const kingPoint = ldI8(PALACE_POINTS + side * 9 + king);
        const kingAdvisor = ldI8(ADVISOR_BIT + side * POINTS + kingPoint);
        const kingElephant = ldI8(ELEPHANT_BIT + side * POINTS + kingPoint);
        for (let am = 0; am < 32; am++) {
          if (bitCount(am) != advisors || (kingAdvisor >= 0 && ((am >> kingAdvisor) & 1) != 0)) continue;
          for (let em = 0; em < 128; em++) {
            if (bitCount(em) != elephants || (kingElephant >= 0 && ((em >> kingElephant) & 1) != 0)) continue;
            const at = list + count * 5;
            for (let j = 0; j < 5; j++) stU8(at + j, 255);
            stU8(at, kingPoint);
            let j = 1;
            for (let b = 0; b < 5; b++) if ((am >> b) & 1) stU8(at + j++, ldI8(ADVISOR_POINTS + side * 5 + b));
            j = 3;
            for (let b = 0; b < 7; b++) if ((em >> b) & 1) stU8(at + j++, ldI8(ELEPHANT_POINTS + side * 7 + b));
            st16(GROUP_LOOKUP + (side * GROUP_LOOKUP_SIZE + (king * 32 + am) * 128 + em) * 2, count);
            count++;
          }
        }
      }
      st32(GROUP_COUNT + (side * GROUP_TYPES + type) * 4, count);
    }
  }
  for (let d = 0; d < 8; d++) {
    const type = HORSE + (d & 3);
    const leftHalf = d >= 4;
    let n = 0;
    for (let p = 0; p < POINTS; p++) {
      st16(DOMAIN_SLOTS + (d * POINTS + p) * 2, -1);
      if (leftHalf && ldU8(FILE + p) > 4) continue;
      if (type == PAWN && (ldU8(PAWN_POINT + p) & 1) == 0) continue;
      st16(DOMAIN_SLOTS + (d * POINTS + p) * 2, n);
      stU8(DOMAIN_POINTS + d * POINTS + n++, p);
    }
    st32(DOMAIN_COUNT + d * 4, n);
  }
  for (let d = 0; d < 4; d++) {
    const pawns = HORSE + d == PAWN;
    const slots = PAIR_SLOTS + d * POINTS * POINTS * 2;
    for (let i = 0; i < POINTS * POINTS; i++) st16(slots + i * 2, -1);
    let n = 0;
    for (let p = 0; p < POINTS; p++) {
      if (pawns && (ldU8(PAWN_POINT + p) & 1) == 0) continue;
      for (let q = p + 1; q < POINTS; q++) {
        if (pawns && (ldU8(PAWN_POINT + q) & 1) == 0) continue;
        if (ldU8(FILE + p) + ldU8(FILE + q) > 8) continue;
        st16(slots + (p * POINTS + q) * 2, n);
        st16(slots + (q * POINTS + p) * 2, n);
        stU8(PAIR_POINTS + (d * MAX_PAIRS + n) * 2, p);
        stU8(PAIR_POINTS + (d * MAX_PAIRS + n) * 2 + 1, q);
        n++;
      }
    }
    st32(PAIR_COUNT + d * 4, n);
  }
  for (let key = 0; key < KEYS; key++) st32(LAYOUTS + key * LAYOUT_FIELDS * 4 + L_READY * 4, 0);
}

/** How many placements a side's king, `advisors` advisors and `elephants` elephants have. */
export function placements(side: i32, advisors: i32, elephants: i32): i32 {
  return ld32(GROUP_COUNT + (side * GROUP_TYPES + advisors * 3 + elephants) * 4);
}

// A material's layout, kept per key in LAYOUTS: these fields, filled on first use.
const L_READY: i32 = 0;
const L_RED_GROUP: i32 = 1; // side * GROUP_TYPES + type
const L_BLACK_GROUP: i32 = 2;
const L_RED_COUNT: i32 = 3;
const L_BLACK_COUNT: i32 = 4;
const L_ATTACKERS: i32 = 5;
const L_CODE1: i32 = 6; // Red's attackers' codes, ascending (0: none)
const L_CODE2: i32 = 7;
const L_DOMAIN1: i32 = 8; // their point domains (DOMAIN_*: type - HORSE, +4 for the left half; twins: type - HORSE)
const L_DOMAIN2: i32 = 9;
const L_COUNT1: i32 = 10; // points in each domain (1 where there is no such attacker; twins: pairs, then 1)
const L_COUNT2: i32 = 11;

function field(key: i32, f: i32): i32 {
  return ld32(LAYOUTS + (key * LAYOUT_FIELDS + f) * 4);
}
function setField(key: i32, f: i32, v: i32): void {
  st32(LAYOUTS + (key * LAYOUT_FIELDS + f) * 4, v);
}

function prepare(key: i32): void {
  if (field(key, L_READY)) return;
  const red = digit(key, RED_ADVISORS) * 3 + digit(key, RED_ELEPHANTS);
  const black = GROUP_TYPES + digit(key, BLACK_ADVISORS) * 3 + digit(key, BLACK_ELEPHANTS);
  setField(key, L_RED_GROUP, red);
  setField(key, L_BLACK_GROUP, black);
  setField(key, L_RED_COUNT, ld32(GROUP_COUNT + red * 4));
  setField(key, L_BLACK_COUNT, ld32(GROUP_COUNT + black * 4));
  let c1 = 0;
  let c2 = 0;
  for (let type = HORSE; type <= PAWN; type++) {
    const n = digit(key, digitOf(type));
    for (let i = 0; i < n; i++) {
      if (c1 == 0) c1 = type;
      else c2 = type;
    }
  }
  setField(key, L_ATTACKERS, c1 == 0 ? 0 : c2 == 0 ? 1 : 2);
  setField(key, L_CODE1, c1);
  setField(key, L_CODE2, c2);
  if (c1 != 0 && c1 == c2) {
    setField(key, L_DOMAIN1, c1 - HORSE);
    setField(key, L_DOMAIN2, -1);
    setField(key, L_COUNT1, ld32(PAIR_COUNT + (c1 - HORSE) * 4));
    setField(key, L_COUNT2, 1);
  } else {
    setField(key, L_DOMAIN1, c1 == 0 ? -1 : c1 - HORSE + 4);
    setField(key, L_DOMAIN2, c2 == 0 ? -1 : c2 - HORSE);
    setField(key, L_COUNT1, c1 == 0 ? 1 : ld32(DOMAIN_COUNT + (c1 - HORSE + 4) * 4));
    setField(key, L_COUNT2, c2 == 0 ? 1 : ld32(DOMAIN_COUNT + (c2 - HORSE) * 4));
  }
  setField(key, L_READY, 1);
}

/** Positions per side to move in the table of `key`. */
export function sizeOf(key: i32): i32 {
  prepare(key);
  return field(key, L_RED_COUNT) * field(key, L_BLACK_COUNT) * field(key, L_COUNT1) * field(key, L_COUNT2);
}

// What encoding reads from the position, gathered once: each side's defenders' shape (its king's
// palace slot and its advisor and elephant masks, straight in bits 0-7 and mirrored in bits 8-15),
// their placement numbers, straight and mirrored, and the attackers' points (in the layout's order).
let redKing: i32 = 0;
let blackKing: i32 = 0;
let redAdvisors: i32 = 0;
let redElephants: i32 = 0;
let blackAdvisors: i32 = 0;
let blackElephants: i32 = 0;
let redStraight: i32 = 0;
let redMirrored: i32 = 0;
let blackStraight: i32 = 0;
let blackMirrored: i32 = 0;
let attacker1: i32 = 0;
let attacker2: i32 = 0;

function placementOf(side: i32, kingSlot: i32, advisors: i32, elephants: i32): i32 {
  return ldI16(GROUP_LOOKUP + (side * GROUP_LOOKUP_SIZE + (kingSlot * 32 + advisors) * 128 + elephants) * 2);
}

function placeRed(): void {
  redStraight = placementOf(0, redKing & 15, redAdvisors & 255, redElephants & 255);
  redMirrored = placementOf(0, redKing >> 8, redAdvisors >> 8, redElephants >> 8);
}

function placeBlack(): void {
  blackStraight = placementOf(1, blackKing & 15, blackAdvisors & 255, blackElephants & 255);
  blackMirrored = placementOf(1, blackKing >> 8, blackAdvisors >> 8, blackElephants >> 8);
}

/** A defender's bit (or a king's slot) on a point, straight and, in bits 8-15, mirrored. */
function shapeBits(region: i32, side: i32, p: i32): i32 {
  const at = region + side * POINTS;
  return region == PALACE_SLOT
    ? ldI8(at + p) | (ldI8(at + ldU8(MIRROR + p)) << 8)
    : (1 << ldI8(at + p)) | (1 << (ldI8(at + ldU8(MIRROR + p)) + 8));
}

function gather(): i32 {
  redAdvisors = 0;
  redElephants = 0;
  blackAdvisors = 0;
  blackElephants = 0;
  let attackers = 0;
  let code1 = 0;
  for (let s = 0; s < pieceCount; s++) {
    const p = ldI8(PIECE_POINT + s);
    if (p == NONE) continue;
    const code = ldU8(PIECE_CODE + s);
    const side = code >> 3;
    const type = code & 7;
    if (type == KING) {
      if (side == 0) redKing = shapeBits(PALACE_SLOT, 0, p);
      else blackKing = shapeBits(PALACE_SLOT, 1, p);
    } else if (type == ADVISOR) {
      if (side == 0) redAdvisors |= shapeBits(ADVISOR_BIT, 0, p);
      else blackAdvisors |= shapeBits(ADVISOR_BIT, 1, p);
    } else if (type == ELEPHANT) {
      if (side == 0) redElephants |= shapeBits(ELEPHANT_BIT, 0, p);
      else blackElephants |= shapeBits(ELEPHANT_BIT, 1, p);
    } else if (attackers == 0) {
      attacker1 = p;
      code1 = code;
      attackers = 1;
    } else {
      // The layout lists its attackers in ascending code order.
      if (code < code1) {
        attacker2 = attacker1;
        attacker1 = p;
      } else {
        attacker2 = p;
      }
      attackers = 2;
    }
  }
  placeRed();
  placeBlack();
  return attackers;
}

/**
 * The index of the position on the board (its pieces must be the material of `key`): the smallest
 * over it and its mirror image.
 */
export function indexOf(key: i32): i32 {
  prepare(key);
  return combine(key, gather());
}

// The position gatherKept read, kept apart from what indexOf gathers meanwhile.
let keptRedKing: i32 = 0;
let keptBlackKing: i32 = 0;
let keptRedAdvisors: i32 = 0;
let keptRedElephants: i32 = 0;
let keptBlackAdvisors: i32 = 0;
let keptBlackElephants: i32 = 0;
let keptRedStraight: i32 = 0;
let keptRedMirrored: i32 = 0;
let keptBlackStraight: i32 = 0;
let keptBlackMirrored: i32 = 0;
let keptAttacker1: i32 = 0;
let keptAttacker2: i32 = 0;

/** Reads the position for indexAfterMove (after setUp, before any move). */
export function gatherKept(): void {
  gather();
  keptRedKing = redKing;
  keptBlackKing = blackKing;
  keptRedAdvisors = redAdvisors;
  keptRedElephants = redElephants;
  keptBlackAdvisors = blackAdvisors;
  keptBlackElephants = blackElephants;
  keptRedStraight = redStraight;
  keptRedMirrored = redMirrored;
  keptBlackStraight = blackStraight;
  keptBlackMirrored = blackMirrored;
  keptAttacker1 = attacker1;
  keptAttacker2 = attacker2;
}

/**
 * The index of the position read by gatherKept after one quiet move of the piece `code` from `from`
 * to `to`: only what the move changed is looked up again.
 */
export function indexAfterMove(key: i32, attackers: i32, code: i32, from: i32, to: i32): i32 {
  redKing = keptRedKing;
  blackKing = keptBlackKing;
  redAdvisors = keptRedAdvisors;
  redElephants = keptRedElephants;
  blackAdvisors = keptBlackAdvisors;
  blackElephants = keptBlackElephants;
  redStraight = keptRedStraight;
  redMirrored = keptRedMirrored;
  blackStraight = keptBlackStraight;
  blackMirrored = keptBlackMirrored;
  attacker1 = keptAttacker1;
  attacker2 = keptAttacker2;
  const type = code & 7;
  const side = code >> 3;
  if (type >= HORSE) {
    if (attacker1 == from) attacker1 = to;
    else attacker2 = to;
    return combine(key, attackers);
  }
  if (type == KING) {
    if (side == 0) redKing = shapeBits(PALACE_SLOT, 0, to);
    else blackKing = shapeBits(PALACE_SLOT, 1, to);
  } else if (type == ADVISOR) {
    const change = shapeBits(ADVISOR_BIT, side, from) ^ shapeBits(ADVISOR_BIT, side, to);
    if (side == 0) redAdvisors ^= change;
    else blackAdvisors ^= change;
  } else {
    const change = shapeBits(ELEPHANT_BIT, side, from) ^ shapeBits(ELEPHANT_BIT, side, to);
    if (side == 0) redElephants ^= change;
    else blackElephants ^= change;
  }
  if (side == 0) placeRed();
  else placeBlack();
  return combine(key, attackers);
}

// The layout combine reads, loaded when the key changes.
let combinedKey: i32 = -1;
let blackCountNow: i32 = 0;
let count1Now: i32 = 0;
let count2Now: i32 = 0;
let slots1Now: i32 = 0;
let slots2Now: i32 = 0;
let twinsNow: bool = false;
let pairsNow: i32 = 0;

function combine(key: i32, attackers: i32): i32 {
  if (key != combinedKey) {
    combinedKey = key;
    const base = LAYOUTS + key * LAYOUT_FIELDS * 4;
    blackCountNow = ld32(base + L_BLACK_COUNT * 4);
    count1Now = ld32(base + L_COUNT1 * 4);
    count2Now = ld32(base + L_COUNT2 * 4);
    slots1Now = DOMAIN_SLOTS + ld32(base + L_DOMAIN1 * 4) * POINTS * 2;
    slots2Now = DOMAIN_SLOTS + ld32(base + L_DOMAIN2 * 4) * POINTS * 2;
    twinsNow = ld32(base + L_CODE1 * 4) == ld32(base + L_CODE2 * 4) && ld32(base + L_CODE1 * 4) != 0;
    pairsNow = PAIR_SLOTS + ld32(base + L_DOMAIN1 * 4) * POINTS * POINTS * 2;
  }
  const straight = (redStraight * blackCountNow + blackStraight) * count1Now;
  if (attackers == 0) return straight * count2Now;
  const mirrored = (redMirrored * blackCountNow + blackMirrored) * count1Now;
  let best = -1;
  for (let m = 0; m < 2; m++) {
    let p1 = attacker1;
    if (m == 1) p1 = ldU8(MIRROR + p1);
    let index = 0;
    if (twinsNow) {
      // One number for the pair (count2 is 1), whichever order the pieces were read in.
      const p2 = m == 1 ? ldU8(MIRROR + attacker2) : attacker2;
      const pair = ldI16(pairsNow + (p1 * POINTS + p2) * 2);
      if (pair < 0) continue;
      index = (m == 0 ? straight : mirrored) + pair;
    } else {
      const i1 = ldI16(slots1Now + p1 * 2);
      if (i1 < 0) continue;
      let i2 = 0;
      if (attackers == 2) i2 = ldI16(slots2Now + (m == 1 ? ldU8(MIRROR + attacker2) : attacker2) * 2);
      index = ((m == 0 ? straight : mirrored) + i1) * count2Now + i2;
    }
    if (best < 0 || index < best) best = index;
  }
  return best;
}

/** How many attackers the material of `key` has (0-2). */
export function attackersOf(key: i32): i32 {
  prepare(key);
  return field(key, L_ATTACKERS);
}

/** Sets up the position of entry `index`; false when two pieces would share a point. */
export function setUp(key: i32, index: i32): bool {
  prepare(key);
  clearPosition();
  const count2 = field(key, L_COUNT2);
  const count1 = field(key, L_COUNT1);
  const blackCount = field(key, L_BLACK_COUNT);
  let rest = index;
  const i2 = rest % count2;
  rest = (rest - i2) / count2;
  const i1 = rest % count1;
  rest = (rest - i1) / count1;
  const black = rest % blackCount;
  const red = (rest - black) / blackCount;
  const redList = GROUP_POINTS + field(key, L_RED_GROUP) * GROUP_MAX * 5 + red * 5;
  const blackList = GROUP_POINTS + field(key, L_BLACK_GROUP) * GROUP_MAX * 5 + black * 5;
  for (let j = 0; j < 5; j++) {
    const type = j == 0 ? KING : j < 3 ? ADVISOR : ELEPHANT;
    const p = ldU8(redList + j);
    if (p != 255) addPiece(type, p);
    const q = ldU8(blackList + j);
    if (q != 255) addPiece(BLACK_BIT | type, q);
  }
  const attackers = field(key, L_ATTACKERS);
  const code1 = field(key, L_CODE1);
  if (attackers == 2 && code1 == field(key, L_CODE2)) {
    const pair = PAIR_POINTS + (field(key, L_DOMAIN1) * MAX_PAIRS + i1) * 2;
    return addPiece(code1, ldU8(pair)) && addPiece(code1, ldU8(pair + 1));
  }
  if (attackers > 0 && !addPiece(code1, ldU8(DOMAIN_POINTS + field(key, L_DOMAIN1) * POINTS + i1))) return false;
  if (attackers > 1 && !addPiece(field(key, L_CODE2), ldU8(DOMAIN_POINTS + field(key, L_DOMAIN2) * POINTS + i2)))
    return false;
  return true;
}
