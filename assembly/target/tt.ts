// Transposition-table storage for the wasm build: a raw region past the static data, sized once
// by `resizeTable` (memory grows at most to the largest size asked for, never during search).

// Aligned to a cache line: a bucket of four entries (tt.ts) is then one line, not two.
const TABLE_BASE: usize = (__heap_base + 63) & ~(<usize>63);
let words: i32 = 0;

/** Makes room for `wanted` i32 words, cleared; returns false when memory cannot grow that far. */
export function resizeTable(wanted: i32): bool {
  const end = TABLE_BASE + (<usize>wanted << 2);
  const have = <usize>memory.size() << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return false;
  }
  memory.fill(TABLE_BASE, 0, <usize>wanted << 2);
  words = wanted;
  return true;
}

/** The table's size in words. */
export function tableWords(): i32 {
  return words;
}

// One search at a time uses this table: its generation is its own (see target-threads/tt.ts).
// @ts-ignore: decorator
@inline export function publishGeneration(generation: i32): void {}
// @ts-ignore: decorator
@inline export function sharedGeneration(own: i32): i32 {
  return own;
}

// @ts-ignore: decorator
@inline export function tableLd(i: i32): i32 {
  return load<i32>(TABLE_BASE + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline export function tableSt(i: i32, v: i32): void {
  store<i32>(TABLE_BASE + (<usize>i << 2), v);
}
