// Transposition table: a fixed number of 4-word entries (keyHi, packed move/depth/bound/age,
// score, keyLo) in a region sized once by the Hash option; it never grows during a search.
import { resizeTable, tableLd, tableSt } from './target/tt';
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
  entries = n;
  mask = n - 1;
  generation = 0;
  return true;
}

export function clearTable(): void {
  for (let i = 0; i < entries * 4; i++) tableSt(i, 0);
  generation = 0;
}

export function newSearch(): void {
  generation = (generation + 1) & 63;
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
  if (tableLd(at) != keyHi || tableLd(at + 3) != keyLo) return false;
  const packed = tableLd(at + 1);
  hitMove = packed & 0xffff;
  hitDepth = (packed >> 16) & 255;
  hitBound = (packed >> 24) & 3;
  hitScore = tableLd(at + 2);
  return true;
}

export function store(move: i32, depth: i32, bound: i32, score: i32): void {
  if (entries == 0) return;
  const at = (keyLo & mask) << 2;
  const old = tableLd(at + 1);
  const sameKey = tableLd(at) == keyHi && tableLd(at + 3) == keyLo;
  const oldDepth = (old >> 16) & 255;
  const oldAge = (old >> 26) & 63;
  if (!sameKey && oldAge == generation && oldDepth > depth + 2 && bound != BOUND_EXACT) return;
  // Keep a known move when the new result has none.
  if (sameKey && move == 0) move = old & 0xffff;
  const d = depth < 0 ? 0 : depth > 255 ? 255 : depth;
  tableSt(at, keyHi);
  tableSt(at + 1, (move & 0xffff) | (d << 16) | (bound << 24) | (generation << 26));
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
