// Work sharing between search threads, after Tom Kerrigan's "simplified ABDADA": a thread marks
// each move it starts searching (position key, move and depth) in a small shared table; another
// thread that reaches the same node defers that move to the end of its list and first searches the
// moves nobody is on, so the two split the node's work instead of repeating it. When it comes back
// to the deferred move, the answer is usually waiting in the transposition table. The first move
// of a node is never deferred (it sets the bound the others are searched against).
//
// Entries are single i32 words, written and cleared with atomics. A lost or stale mark only
// changes the order moves are searched in, never which moves are searched.
import { CONTROL, IN_PROGRESS, IN_PROGRESS_ENTRIES, slot } from './mem';

export const SHARED_SEARCH: bool = true;

const MASK: i32 = IN_PROGRESS_ENTRIES - 1;
const LEADER_DEPTH: usize = CONTROL + 8;

/**
 * The main search publishes each depth it completes (0 when it starts and ends); helpers start
 * their next iteration past it, so they work on the iteration the main search is on or the one
 * after, never on one it has finished.
 */
export function publishLeaderDepth(depth: i32): void {
  if (slot == 0) atomic.store<i32>(LEADER_DEPTH, depth);
}
export function leaderDepth(): i32 {
  return atomic.load<i32>(LEADER_DEPTH);
}

// @ts-ignore: decorator
@inline function entryAt(keyLo: i32, mv: i32): usize {
  return IN_PROGRESS + (<usize>((keyLo ^ (mv * <i32>0x9e3779b1)) & MASK) << 2);
}
/** Never 0 (an empty entry). Includes the depth: a search to another depth is other work. */
// @ts-ignore: decorator
@inline function mark(keyHi: i32, mv: i32, depth: i32): i32 {
  return (keyHi ^ (mv * <i32>0x85ebca6b) ^ (depth * <i32>0xc2b2ae35)) | 1;
}

/** Is another thread searching move `mv` from this position right now? */
export function searchedElsewhere(keyLo: i32, keyHi: i32, mv: i32, depth: i32): bool {
  return atomic.load<i32>(entryAt(keyLo, mv)) == mark(keyHi, mv, depth);
}

export function beginMove(keyLo: i32, keyHi: i32, mv: i32, depth: i32): void {
  atomic.store<i32>(entryAt(keyLo, mv), mark(keyHi, mv, depth));
}

/** Clears the mark unless another thread has taken the entry since. */
export function endMove(keyLo: i32, keyHi: i32, mv: i32, depth: i32): void {
  const m = mark(keyHi, mv, depth);
  atomic.cmpxchg<i32>(entryAt(keyLo, mv), m, 0);
}

/** At the start of a search: marks left by a search that was cut short (or a thread that died). */
export function forgetMovesInProgress(): void {
  memory.fill(IN_PROGRESS, 0, <usize>IN_PROGRESS_ENTRIES << 2);
}
