// Weakened play that looks like a person's: below full strength the engine sees less deeply (a
// depth and node budget), and it overlooks moves, far from the action more often than near it,
// quiet moves more often than captures or checks, and more of them in a busy position than in a
// quiet one. A rated 1600 or more never overlooks a capture or a check, so it always sees a mate in 1.
// Whether a move is overlooked is not a coin flip per search: it follows from the position, the
// move and the game's seed, so the same position shows the same blind spot, and the errors grow
// with how hard the position is (many moves, the good one quiet and far away, deep tactics).
// From a rated 1600 up (the adapter says so by `keepMajors`) the root never plays a move that lets a
// horse, cannon or rook go by static exchange with nothing in return while another move keeps it.
// At full strength none of this runs: the search is the same, node for node.
import { PIECE_SQ, SQUARES, MAX_PLY } from './layout';
import { ldU8, ld32 } from './target/mem';
import { side, keyLo, keyHi, historyLength, historyMove, makeMove, unmakeMove } from './board';
import { generatePseudo, isLegalMove, moveListAt } from './movegen';
import { seeValue } from './see';
import { moveFrom, moveTo, rankOf, fileOf, pieceType, pieceSide, sideTag, KNIGHT, ROOK, CANNON } from './pieces';
import { inCheck, mayGiveCheck } from './attacks';
import { STRENGTH_FULL } from './facts';

/** On while a weakened search runs (search.ts asks before every move it would skip). */
export let weakened: bool = false;
/** Overlooked moves per mille before the move's own factors (0 at full strength). */
let blindRate: i32 = 0;
/** Never overlook a capture or a check, and never hang a horse, cannon or rook at the root. */
let keepMajors: bool = false;
let seedMix: i32 = 0;
/** The root's blind spots are lifted when they would leave no move worth playing (see think.ts). */
let rootBlind: bool = true;
let rootGuard: bool = true;

/** Net material a move may give away by static exchange before it counts as hanging a piece. */
const HANG_LIMIT: i32 = 150;
/** ... when what it gives away is at least a horse, cannon or rook's worth. */
const MAJOR_LOSS: i32 = 250;
/** The most a move is overlooked, per mille. */
const BLIND_MAX: i32 = 900;

/** Search depth a strength reaches at most (1 at strength 0, 14 just below full). */
export function depthCapFor(strength: i32): i32 {
  return (1 + (strength * 13) / STRENGTH_FULL) | 0;
}

/**
 * Nodes a strength searches at most: 160 at strength 0, doubling every 1/12 of the scale (about
 * 550,000 just below full strength), by whole numbers so that every build agrees.
 */
export function nodeCapFor(strength: i32): f64 {
  const scaled = strength * 12;
  const k = (scaled / STRENGTH_FULL) | 0;
  const rest = scaled - k * STRENGTH_FULL;
  const base: f64 = <f64>160 * <f64>(1 << k);
  return base + Math.floor((base * <f64>rest) / <f64>STRENGTH_FULL);
}

/** Overlooked per mille at `strength`: 600 at 0, falling faster than linearly to 0 at full. */
export function blindRateFor(strength: i32): i32 {
  const u = STRENGTH_FULL - strength; // 0..2000
  // 600 * (u^2 / F^2 + u / F) / 2, in integers.
  const square = ((u * u) / STRENGTH_FULL) | 0;
  return ((300 * (square + u)) / STRENGTH_FULL) | 0;
}

/** Sets up a search at `strength` (STRENGTH_FULL: none of this). */
export function beginWeakness(strength: i32, seed: i32, guard: bool): void {
  weakened = strength < STRENGTH_FULL;
  blindRate = weakened ? blindRateFor(strength) : 0;
  keepMajors = weakened && guard;
  seedMix = seed ^ 0x5bd1e995;
  rootBlind = true;
  rootGuard = keepMajors;
}

export function endWeakness(): void {
  weakened = false;
}

/** A number in 0..999 fixed by the position, the move and the seed (xorshift steps: int32 in both builds). */
function spot(mv: i32): i32 {
  let h = keyLo ^ seedMix ^ (mv << 7);
  h ^= h << 13;
  h ^= h >>> 17;
  h ^= h << 5;
  h ^= keyHi ^ mv;
  h ^= h << 13;
  h ^= h >>> 17;
  h ^= h << 5;
  return (h & 0x7fffffff) % 1000;
}

function distance(a: i32, b: i32): i32 {
  const dr = rankOf(a) - rankOf(b);
  const df = fileOf(a) - fileOf(b);
  const r = dr < 0 ? -dr : dr;
  const f = df < 0 ? -df : df;
  return r > f ? r : f;
}

/**
 * How far the move is from the action: the points of the last two moves (the opponent's, which
 * came to the point the player looks at first, and the player's own before it). 0 next to it, 3 far.
 */
function farness(mv: i32): i32 {
  let best = 9;
  for (let back = 1; back <= 2; back++) {
    if (historyLength < back) break;
    const last = historyMove(historyLength - back);
    if (last == 0) continue; // a null move in the search
    const points = back == 1 ? 2 : 1;
    for (let p = 0; p < points; p++) {
      const at = p == 0 ? moveTo(last) : moveFrom(last);
      const a = distance(moveFrom(mv), at);
      const b = distance(moveTo(mv), at);
      const d = a < b ? a : b;
      if (d < best) best = d;
    }
  }
  if (best == 9) return 2; // nothing played yet: everything is as far as anything else
  return best <= 1 ? 0 : best >= 4 ? 3 : best - 1;
}

/** Does `mv` (by the side to move) check the enemy king? */
function givesCheck(mv: i32): bool {
  if (!mayGiveCheck(mv, side)) return false;
  makeMove(mv);
  const check = inCheck(side);
  unmakeMove();
  return check;
}

/**
 * The chance (per mille) that the player overlooks `mv` in a position with `moves` moves to
 * choose from: its farness, whether it captures (and what) or checks, and how busy the position is.
 */
function blindChance(mv: i32, moves: i32): i32 {
  const victim = ldU8(SQUARES + moveTo(mv));
  let kind = 8; // eighths: a quiet move
  if (victim != 0) {
    if (keepMajors) return 0;
    const type = pieceType(victim);
    kind = type == ROOK || type == CANNON || type == KNIGHT ? 1 : 2;
  } else if (givesCheck(mv)) {
    // A check is seen as readily as the capture of a major piece: people look at checks first.
    if (keepMajors) return 0;
    kind = 1;
  }
  const far = 3 + 3 * farness(mv); // eighths: 3, 6, 9, 12
  let busy = 4 + moves / 8; // eighths: more moves to look through, more to miss
  if (busy > 14) busy = 14;
  const chance = (blindRate * kind * far * busy) >> 9;
  return chance > BLIND_MAX ? BLIND_MAX : chance;
}

/** Does the player overlook `mv` here (a node with `moves` pseudo-legal moves, not in check)? */
export function overlooks(mv: i32, moves: i32): bool {
  return spot(mv) < blindChance(mv, moves);
}

/** In quiescence: is the capture `mv` overlooked? (Never from a rated 1600 up.) */
export function overlooksCapture(mv: i32): bool {
  if (keepMajors) return false;
  return spot(mv) < blindChance(mv, 24);
}

/** Captures deep an exchange is played out (each step a move list of its own above the search's). */
const EXCHANGE_DEPTH: i32 = 5;

/**
 * What the side to move wins by capturing on `to` and the exchange that follows, each side taking
 * with its least valuable piece and free to stop: the exchange played out with legal captures on
 * the board (the engine's see() prunes it and can let the defender off lightly).
 */
function exchangeOn(to: i32, depth: i32): i32 {
  if (depth >= EXCHANGE_DEPTH) return 0;
  const list = moveListAt(MAX_PLY - 3 - depth);
  const n = generatePseudo(list, true);
  const king = ldU8(PIECE_SQ + sideTag(side));
  const checked = inCheck(side);
  let chosen = 0;
  let cheapest = 0x7fffffff;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (moveTo(mv) != to) continue;
    const worth = seeValue(ldU8(SQUARES + moveFrom(mv)), to);
    if (worth >= cheapest || !isLegalMove(mv, king, checked)) continue;
    cheapest = worth;
    chosen = mv;
  }
  if (chosen == 0) return 0;
  const won = seeValue(ldU8(SQUARES + to), to);
  makeMove(chosen);
  const back = exchangeOn(to, depth + 1);
  unmakeMove();
  return won > back ? won - back : 0;
}

/**
 * Does `mv` (legal, side to move) leave a horse, cannon or rook of the mover to be won by
 * exchange, for less than the move itself took? Only the opponent's legal captures count.
 */
export function hangsMajor(mv: i32): bool {
  const mover = side;
  const to = moveTo(mv);
  const victim = ldU8(SQUARES + to);
  const gain = victim != 0 ? seeValue(victim, to) : 0;
  makeMove(mv);
  const list = moveListAt(MAX_PLY - 2);
  const n = generatePseudo(list, true);
  const king = ldU8(PIECE_SQ + sideTag(side));
  const checked = inCheck(side);
  let loss = 0;
  for (let i = 0; i < n; i++) {
    const reply = ld32(list + (i << 2));
    const at = moveTo(reply);
    const target = ldU8(SQUARES + at);
    if (target == 0 || pieceSide(target) != mover) continue;
    const type = pieceType(target);
    if (type != KNIGHT && type != ROOK && type != CANNON) continue;
    if (!isLegalMove(reply, king, checked)) continue;
    const value = seeValue(target, at);
    if (value <= loss) continue;
    makeMove(reply);
    const back = exchangeOn(at, 0);
    unmakeMove();
    if (value - back > loss) loss = value - back;
  }
  unmakeMove();
  return loss >= MAJOR_LOSS && loss - gain >= HANG_LIMIT;
}

/** At the root: is `mv` left out (overlooked, or it hangs a piece while another move does not)? */
export function rootSkips(mv: i32, moves: i32): bool {
  if (rootBlind && overlooks(mv, moves)) return true;
  return rootGuard && hangsMajor(mv);
}

/**
 * Before the search: the root's blind spots and its guard must leave a move to play. With a
 * guard and every seen move hanging a piece, the blind spots are lifted; with every move
 * hanging one, the guard is. Returns how many root moves the search will look at.
 */
export function settleRoot(list: i32, n: i32, pseudoMoves: i32): i32 {
  if (!weakened) return n;
  if (inCheck(side)) {
    rootBlind = false; // a player in check sees the check
  }
  let seen = 0;
  let safe = 0;
  let seenSafe = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const visible = !rootBlind || !overlooks(mv, pseudoMoves);
    const keeps = !rootGuard || !hangsMajor(mv);
    if (visible) seen++;
    if (keeps) safe++;
    if (visible && keeps) seenSafe++;
  }
  if (seenSafe > 0) return seenSafe;
  if (safe > 0) {
    rootBlind = false;
    return safe;
  }
  rootGuard = false;
  if (seen > 0) return seen;
  rootBlind = false;
  return n;
}
