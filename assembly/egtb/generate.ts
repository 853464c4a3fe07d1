// Retrograde analysis: a table's every position with its distance to mate, in plies.
//
// A value is 0 for a draw, INVALID for an entry that is no position (layout.ts), else the distance d
// plus one: even d, the side to move is mated in d plies; odd d, it mates in d. Stalemate loses in
// Xiangqi, so a side with no legal move is lost in 0 whether in check or not.
//
// The tables hold no attacking piece for the defending side (Black), so it can give no perpetual
// check or chase: a position that no side can force out of a cycle is a draw, as under every rule
// set, and the move limit is ignored (as in Fang's databases; the page says when a mate lies beyond it).
//
// Generation goes level by level, level L finding every position mated or mating in exactly L
// plies: the quiet moves that lead to a position decided at L - 1 are taken back (position.ts's
// un-moves); a position one of whose moves reaches a loss is won, and a position whose every move
// reaches a win for the other side is lost, counting down its quiet moves as they are found won.
// Captures leave the table for a smaller one, generated first, whose values are read once at the start.
import { TABLE_AT, KEYS, MOVES, CHILDREN, STATIC_SIZE } from './regions';
import { attackersOf, digit, digitOf, gatherKept, indexAfterMove, indexOf, keyWithout, setUp, sizeOf } from './layout';
import {
  generateLegal,
  generateUnmoves,
  inCheck,
  kingPoint,
  makeMove,
  nearKing,
  nearlySymmetric,
  pieceCode,
  pieceOn,
  unmakeMove,
} from './position';
import { reserve, heapTop, releaseTo, ldU8, stU8, ldU16, st16, ld32, st32 } from './target/heap';

export const INVALID: i32 = 0xffff;
/** In the losses after captures: some capture draws, so the position cannot be lost. */
const CANNOT_LOSE: i32 = 0xffff;

/** Where the table of `key` lies in the heap (Red to move, then Black, u16 values), 0 for none. */
export function tableAt(key: i32): i32 {
  return ld32(TABLE_AT + key * 4);
}

/** Forgets every table, handing their memory back. */
export function forgetTables(): void {
  for (let key = 0; key < KEYS; key++) st32(TABLE_AT + key * 4, 0);
  releaseTo(STATIC_SIZE);
}

/** The value of the position on the board in the (generated) table of `key`, `side` to move. */
export function valueHere(key: i32, side: i32): i32 {
  return ldU16(tableAt(key) + (side * sizeOf(key) + indexOf(key)) * 2);
}

/**
 * Makes room for a table made before (its values are written there from outside, two bytes an entry,
 * Red to move then Black) and registers it; returns where, or -1 when memory cannot grow.
 */
export function adopt(key: i32): i32 {
  if (tableAt(key) != 0) return tableAt(key);
  const values = reserve(sizeOf(key) * 4);
  if (values < 0) return -1;
  st32(TABLE_AT + key * 4, values);
  return values;
}

/** Whether a material's table is generated. */
export function hasTable(key: i32): bool {
  return key >= 0 && key < KEYS && tableAt(key) != 0;
}

/** The most plies a table's distances may reach (the buckets of decisions held back by captures). */
const MAX_LEVEL: i32 = 4096;
/** A position's capture outcome (`captures`): some capture wins, or some capture draws. */
const WINS_BY_CAPTURE: i32 = 0xfffe;

/**
 * Generates the table of `key` and, first, every smaller one a capture leads to. Returns false
 * when memory runs out (the tables made so far stay).
 */
export function generate(key: i32): bool {
  if (tableAt(key) != 0) return true;
  // Every capture a position of this material allows leads to one of these.
  for (let code = 0; code < 16; code++) {
    const which = digitOf(code);
    if (which >= 0 && digit(key, which) > 0 && !generate(keyWithout(key, code))) return false;
  }
  const size = sizeOf(key);
  const entries = size * 2;
  const values = reserve(entries * 2);
  if (values < 0) return false;
  const scratch = heapTop();
  // Per entry: its quiet moves not yet known to lose (u8); what its captures decide (u16: 0 none,
  // WINS_BY_CAPTURE, CANNOT_LOSE, else the plies of the slowest loss they allow); the next entry
  // in its bucket (i32). Per level: the first entry of the bucket of positions a capture decides
  // there. And the queue of decided entries, in the order of their distance.
  const quietLeft = reserve(entries);
  const captures = reserve(entries * 2);
  const next = reserve(entries * 4);
  const buckets = reserve(MAX_LEVEL * 4);
  const queue = reserve(entries * 4);
  if (quietLeft < 0 || captures < 0 || next < 0 || buckets < 0 || queue < 0) {
    releaseTo(values);
    return false;
  }
  for (let level = 0; level < MAX_LEVEL; level++) st32(buckets + level * 4, -1);
  let queued = 0;
  let lastBucket = 0;
  const attackers = attackersOf(key);

  for (let side = 0; side < 2; side++) {
    for (let index = 0; index < size; index++) {
      const entry = side * size + index;
      if (!setUp(key, index) || indexOf(key) != index || inCheck(1 - side)) {
        st16(values + entry * 2, INVALID);
        continue;
      }
      const n = generateLegal(side, MOVES);
      if (n == 0) {
        st16(values + entry * 2, 1); // mated or stalemated: lost in 0
        st32(queue + queued++ * 4, entry);
        continue;
      }
      gatherKept();
      const twice = nearlySymmetric();
      let quiet = 0;
      let win = 0;
      let loss = 0;
      for (let i = 0; i < n; i++) {
        const mv = ld32(MOVES + i * 4);
        const code = pieceOn(mv & 127);
        const captured = makeMove(mv);
        if (captured < 0) {
          // Count each position reached once: a move and its mirror image may reach the same entry.
          const child = indexAfterMove(key, attackers, code, mv & 127, mv >> 7);
          let seen = false;
          for (let j = 0; twice && j < quiet; j++) if (ld32(CHILDREN + j * 4) == child) seen = true;
          if (!seen) st32(CHILDREN + quiet++ * 4, child);
        } else {
          const v = valueHere(keyWithout(key, pieceCode(captured)), 1 - side);
          if (v == 0) loss = CANNOT_LOSE;
          else if (((v - 1) & 1) == 0) {
            // The other side is lost in v - 1 plies: this side wins in v.
            if (win == 0 || v < win) win = v;
          } else if (loss != CANNOT_LOSE && v > loss) loss = v;
        }
        unmakeMove(mv, captured);
      }
      stU8(quietLeft + entry, quiet);
      st16(captures + entry * 2, win > 0 ? WINS_BY_CAPTURE : loss);
      // Decided by a capture at the latest at `win`; or, with only captures, lost at `loss`.
      const held = win > 0 ? win : quiet == 0 && loss != CANNOT_LOSE ? loss : 0;
      if (held > 0) {
        if (held >= MAX_LEVEL) {
          releaseTo(values);
          return false;
        }
        st32(next + entry * 4, ld32(buckets + held * 4));
        st32(buckets + held * 4, entry);
        if (held > lastBucket) lastBucket = held;
      }
    }
  }

  // The queue from `from` to `to` holds the entries decided in level - 1 plies.
  let from = 0;
  for (let level = 1; ; level++) {
    const to = queued;
    if (from == to && level > lastBucket) break;
    if (level < MAX_LEVEL) {
      for (let entry = ld32(buckets + level * 4); entry >= 0; entry = ld32(next + entry * 4)) {
        if (ldU16(values + entry * 2) != 0) continue; // a quiet move decided it sooner
        st16(values + entry * 2, level + 1);
        st32(queue + queued++ * 4, entry);
      }
    }
    for (let q = from; q < to; q++) {
      const done = ld32(queue + q * 4);
      const side = done < size ? 0 : 1;
      const mover = 1 - side;
      setUp(key, done - side * size);
      const n = generateUnmoves(mover, MOVES);
      const king = kingPoint(side);
      const checked = inCheck(side);
      gatherKept();
      const twice = nearlySymmetric();
      let found = 0;
      for (let i = 0; i < n; i++) {
        const mv = ld32(MOVES + i * 4);
        const code = pieceOn(mv & 127);
        makeMove(mv);
        // The position before must not have had the side now to move in check; a piece moved
        // far from that king's lines and surroundings changed nothing there.
        const exposed = (checked || nearKing(mv & 127, king) || nearKing(mv >> 7, king)) && inCheck(side);
        const before = exposed ? -1 : indexAfterMove(key, attackers, code, mv & 127, mv >> 7);
        unmakeMove(mv, -1);
        if (before < 0) continue;
        let seen = false;
        for (let j = 0; twice && j < found; j++) if (ld32(CHILDREN + j * 4) == before) seen = true;
        if (seen) continue;
        st32(CHILDREN + found++ * 4, before);
        const entry = mover * size + before;
        if (ldU16(values + entry * 2) != 0) continue;
        if (((level - 1) & 1) == 0) {
          // A move to a lost position: won in `level`.
          st16(values + entry * 2, level + 1);
          st32(queue + queued++ * 4, entry);
          continue;
        }
        const left = ldU8(quietLeft + entry) - 1;
        stU8(quietLeft + entry, left);
        const capture = ldU16(captures + entry * 2);
        if (left > 0 || capture == WINS_BY_CAPTURE || capture == CANNOT_LOSE) continue;
        if (capture <= level) {
          // Every move loses, the slowest in `level`.
          st16(values + entry * 2, level + 1);
          st32(queue + queued++ * 4, entry);
        } else {
          // A capture loses more slowly: decided at its distance.
          st32(next + entry * 4, ld32(buckets + capture * 4));
          st32(buckets + capture * 4, entry);
          if (capture > lastBucket) lastBucket = capture;
        }
      }
    }
    from = to;
  }
  releaseTo(scratch);
  st32(TABLE_AT + key * 4, values);
  return true;
}

/**
 * Checks every position of a generated table against its moves, as retrograde analysis promises:
 * won in d plies, some move reaches a position lost in d - 1 and none one lost sooner; lost in d,
 * every move reaches a position won in at most d - 1 and some in exactly d - 1 (d = 0: no move);
 * drawn, no move reaches a lost position and some move a drawn one. Returns how many break it.
 */
export function verify(key: i32): i32 {
  const size = sizeOf(key);
  const values = tableAt(key);
  let wrong = 0;
  for (let side = 0; side < 2; side++) {
    for (let index = 0; index < size; index++) {
      const value = ldU16(values + (side * size + index) * 2);
      if (value == INVALID) continue;
      setUp(key, index);
      const n = generateLegal(side, MOVES);
      let fastestWin = 0; // the smallest value of a child lost for the other side
      let slowestLoss = 0; // the largest value of a child won by the other side
      let draws = 0;
      for (let i = 0; i < n; i++) {
        const mv = ld32(MOVES + i * 4);
        const captured = makeMove(mv);
        const v = valueHere(captured < 0 ? key : keyWithout(key, pieceCode(captured)), 1 - side);
        unmakeMove(mv, captured);
        if (v == 0) draws++;
        else if (((v - 1) & 1) == 0) {
          if (fastestWin == 0 || v < fastestWin) fastestWin = v;
        } else if (v > slowestLoss) slowestLoss = v;
      }
      let ok: bool;
      if (value == 0) ok = fastestWin == 0 && draws > 0;
      else if (((value - 1) & 1) == 1) ok = fastestWin == value - 1;
      else if (value == 1) ok = n == 0;
      else ok = fastestWin == 0 && draws == 0 && slowestLoss == value - 1;
      if (!ok) wrong++;
    }
  }
  return wrong;
}
