// Transposition table: a fixed number of 4-word entries (check, packed move/depth/PV flag/bound/age,
// score and static evaluation as two i16, keyLo) in a region sized once by the Hash option; it never grows during a search.
// Entries come in buckets of four (one 64-byte cache line): a position may sit in any entry of
// its bucket, and a new one replaces the shallowest entry, entries of earlier searches first.
// With one entry a slot, a long search (or two threads writing at once) kept overwriting the
// results just found below the deep ones it protected.
// The check word is keyHi ^ packed ^ score ("lockless hashing"): in the threaded build several
// searches write the table at once, and an entry torn by two writers fails the check instead of
// lending one position's score to another. A hash move only orders moves generated in the node,
// so even an entry that passes by chance can never make the search play an illegal move.
import { resizeTable, tableWords, tableLd, tableSt, publishGeneration, sharedGeneration } from './target/tt';
import { keyLo, keyHi } from './board';

export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

const BUCKET: i32 = 4;
let bucketMask: i32 = 0;
let entries: i32 = 0;
let generation: i32 = 0;
// A weakened search (weakness.ts) keeps to a small corner of the table, cleared for it, under keys
// of its own: it starts from nothing whatever the table holds (so the same position, seed and
// strength always give the same move), and full-strength searches never take its blind results.
let salt: i32 = 0;
let fullMask: i32 = -1;
let fullGeneration: i32 = 0;
/** Buckets of the corner: 4 MB. */
const CORNER_BUCKETS: i32 = 65536;

/** Sizes the table to `megabytes` (a power-of-two number of entries that fits); false on failure. */
export function setTableSize(megabytes: i32): bool {
  let n = 1024;
  while (n * 2 <= megabytes * 65536 && n < 1 << 26) n *= 2;
  if (!resizeTable(n * 4)) return false;
  attachTable();
  generation = 0;
  publishGeneration(0);
  return true;
}

/**
 * Takes the table's size from its storage: in the threaded build another instance may have sized
 * the shared table (a helper starting up must use it, not wipe it). Also adopts the generation
 * the main search published, so all searches age entries alike.
 */
export function attachTable(): void {
  entries = tableWords() >> 2;
  bucketMask = entries / BUCKET - 1;
  fullMask = -1;
  salt = 0;
  generation = sharedGeneration(generation);
}

export function clearTable(): void {
  for (let i = 0; i < entries * 4; i++) tableSt(i, 0);
  generation = 0;
  publishGeneration(0);
}

/** A weakened search begins: the corner is cleared and used alone, under salted keys. */
export function enterCorner(): void {
  if (entries == 0) return;
  fullMask = bucketMask;
  if (bucketMask >= CORNER_BUCKETS) bucketMask = CORNER_BUCKETS - 1;
  for (let i = 0; i < (bucketMask + 1) * BUCKET * 4; i++) tableSt(i, 0);
  salt = 0x2545f491;
  // The same generation every time: which entry a store replaces depends on it.
  fullGeneration = generation;
  generation = 0;
}

/** The weakened search is over: the whole table again, under the positions' own keys. */
export function leaveCorner(): void {
  if (fullMask >= 0) {
    bucketMask = fullMask;
    generation = fullGeneration;
    publishGeneration(generation);
  }
  fullMask = -1;
  salt = 0;
}

export function newSearch(): void {
  generation = (generation + 1) & 63;
  publishGeneration(generation);
}

// The last probe's findings.
export let hitMove: i32 = 0;
export let hitDepth: i32 = 0;
export let hitBound: i32 = 0;
export let hitScore: i32 = 0;
/** Whether the entry was written by (or for) a position on a principal variation. */
export let hitPv: bool = false;
/** The static evaluation stored with the entry, or NO_EVAL. */
export let hitEval: i32 = 0;
export const NO_EVAL: i32 = -32768;

/** Word index of the first entry of the current position's bucket. */
function bucketAt(): i32 {
  return ((keyLo ^ salt) & bucketMask) * (BUCKET * 4);
}

/** Does the entry at word `at` hold the current position (and was it written whole)? */
function holdsPosition(at: i32): bool {
  return tableLd(at + 3) == (keyLo ^ salt) && (tableLd(at) ^ tableLd(at + 1) ^ tableLd(at + 2)) == keyHi;
}

/** Looks the current position up; on a hit fills hit*, else returns false. */
export function probe(): bool {
  if (entries == 0) return false;
  const bucket = bucketAt();
  for (let e = 0; e < BUCKET; e++) {
    const at = bucket + e * 4;
    if (tableLd(at + 3) != (keyLo ^ salt)) continue;
    const packed = tableLd(at + 1);
    const score = tableLd(at + 2);
    if ((tableLd(at) ^ packed ^ score) != keyHi) continue;
    hitMove = packed & 0xffff;
    hitDepth = (packed >> 16) & 127;
    hitPv = ((packed >> 23) & 1) != 0;
    hitBound = (packed >> 24) & 3;
    hitScore = (score << 16) >> 16;
    hitEval = score >> 16;
    return true;
  }
  return false;
}

/** Stores a result; `score` and `staticEval` must fit in an i16 (NO_EVAL when there is none). */
export function store(move: i32, depth: i32, bound: i32, score: i32, staticEval: i32, pv: bool = false): void {
  if (entries == 0) return;
  const bucket = bucketAt();
  const d = depth < 0 ? 0 : depth > 127 ? 127 : depth;
  let at = bucket;
  let worth = 0x7fffffff;
  for (let e = 0; e < BUCKET; e++) {
    const here = bucket + e * 4;
    const old = tableLd(here + 1);
    if (holdsPosition(here)) {
      // A shallower bound does not replace a deeper result for the same position.
      if (bound != BOUND_EXACT && ((old >> 26) & 63) == generation && ((old >> 16) & 127) > d + 2) return;
      if (move == 0) move = old & 0xffff; // keep a known move when the new result has none
      at = here;
      break;
    }
    // Entries of earlier searches go first, then the shallowest.
    const value = (((old >> 26) & 63) == generation ? 256 : 0) + ((old >> 16) & 127);
    if (value < worth) {
      worth = value;
      at = here;
    }
  }
  const packed = (move & 0xffff) | (d << 16) | ((pv ? 1 : 0) << 23) | (bound << 24) | (generation << 26);
  const values = (score & 0xffff) | (staticEval << 16);
  tableSt(at, keyHi ^ packed ^ values);
  tableSt(at + 1, packed);
  tableSt(at + 2, values);
  tableSt(at + 3, keyLo ^ salt);
}

/** Per mille of sampled entries written during the current search. */
export function hashfull(): i32 {
  const sample = entries < 1000 ? entries : 1000;
  let used = 0;
  for (let i = 0; i < sample; i++) {
    const packed = tableLd((i << 2) + 1);
    if (packed != 0 && ((packed >> 26) & 63) == generation) used++;
  }
  return sample == 0 ? 0 : ((used * 1000) / sample) | 0;
}
