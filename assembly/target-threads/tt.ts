// Transposition-table storage for the threaded build: one table in the shared memory at a fixed
// address, used by every search thread at once (tt.ts checks entries, so a torn one is ignored).
// Its size lives in shared memory too: an instance that starts later (a helper, a replaced thread)
// takes the table as it is; only the main search (slot 0) resizes or clears it.
import { CONTROL, TABLE_BASE, slot } from './mem';

const WORDS: usize = CONTROL;
const GENERATION: usize = CONTROL + 4;

/** Makes room for `wanted` i32 words, cleared; false when memory cannot grow that far. */
export function resizeTable(wanted: i32): bool {
  if (slot != 0 && atomic.load<i32>(WORDS) != 0) return true;  // join the table in use
  const end = TABLE_BASE + (<usize>wanted << 2);
  const have = <usize>memory.size() << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return false;
  }
  memory.fill(TABLE_BASE, 0, <usize>wanted << 2);
  atomic.store<i32>(WORDS, wanted);
  return true;
}

export function tableWords(): i32 {
  return atomic.load<i32>(WORDS);
}

/** The main search owns the generation; helpers adopt it so that all age entries alike. */
export function publishGeneration(generation: i32): void {
  if (slot == 0) atomic.store<i32>(GENERATION, generation);
}
export function sharedGeneration(own: i32): i32 {
  return slot < 0 ? own : atomic.load<i32>(GENERATION);
}

// @ts-ignore: decorator
@inline export function tableLd(i: i32): i32 {
  return load<i32>(TABLE_BASE + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline export function tableSt(i: i32, v: i32): void {
  store<i32>(TABLE_BASE + (<usize>i << 2), v);
}
