// Transposition table: a fixed number of 4-word entries (check, packed move/depth/bound/age,
// score, keyLo) in a region sized once by the Hash option; it never grows during a search.
// The check word is keyHi ^ packed ^ score ("lockless hashing"): in the threaded build several
// searches write the table at once, and an entry torn by two writers fails the check instead of
// lending one position's score to another. A hash move only orders moves generated in the node,
// so even an entry that passes by chance can never make the search play an illegal move.
import { resizeTable, tableWords, tableLd, tableSt, publishGeneration, sharedGeneration } from './target/tt';
import { keyLo, keyHi } from './board';

export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

let mask: i32 = 0;
let entries: i32 = 0;
let generation: i32 = 0;

/** Sizes the table to `megabytes` (a power-of-two number of entries that fits); false on failure. */
export function setTableSize(megabytes: i32): bool {
  let n = 1024;
  while (n * 2 <= megabytes * 65536 && n < (1 << 26)) n *= 2;
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
  mask = entries - 1;
  generation = sharedGeneration(generation);
}

export function clearTable(): void {
  for (let i = 0; i < entries * 4; i++) tableSt(i, 0);
  generation = 0;
  publishGeneration(0);
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

/** Looks the current position up; on a hit fills hit*, else returns false. */
export function probe(): bool {
  if (entries == 0) return false;
  const at = (keyLo & mask) << 2;
  if (tableLd(at + 3) != keyLo) return false;
  const packed = tableLd(at + 1);
  const score = tableLd(at + 2);
  if ((tableLd(at) ^ packed ^ score) != keyHi) return false;
  hitMove = packed & 0xffff;
  hitDepth = (packed >> 16) & 255;
  hitBound = (packed >> 24) & 3;
  hitScore = score;
  return true;
}

export function store(move: i32, depth: i32, bound: i32, score: i32): void {
  if (entries == 0) return;
  const at = (keyLo & mask) << 2;
  const old = tableLd(at + 1);
  const sameKey = tableLd(at + 3) == keyLo && (tableLd(at) ^ old ^ tableLd(at + 2)) == keyHi;
  const oldDepth = (old >> 16) & 255;
  const oldAge = (old >> 26) & 63;
  if (!sameKey && oldAge == generation && oldDepth > depth + 2 && bound != BOUND_EXACT) return;
  // Keep a known move when the new result has none.
  if (sameKey && move == 0) move = old & 0xffff;
  const d = depth < 0 ? 0 : depth > 255 ? 255 : depth;
  const packed = (move & 0xffff) | (d << 16) | (bound << 24) | (generation << 26);
  tableSt(at, keyHi ^ packed ^ score);
  tableSt(at + 1, packed);
  tableSt(at + 2, score);
  tableSt(at + 3, keyLo);
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
