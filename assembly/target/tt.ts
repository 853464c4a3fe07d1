// Transposition-table storage for the wasm build: a raw region past the static data, sized once
// by `resizeTable` (memory grows at most to the largest size asked for, never during search).

const TABLE_BASE: usize = (__heap_base + 15) & ~(<usize>15);

/** Makes room for `words` i32 words; returns false when memory cannot grow that far. */
export function resizeTable(words: i32): bool {
  const end = TABLE_BASE + (<usize>words << 2);
  const have = <usize>memory.size() << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return false;
  }
  memory.fill(TABLE_BASE, 0, <usize>words << 2);
  return true;
}

// @ts-ignore: decorator
@inline export function tableLd(i: i32): i32 {
  return load<i32>(TABLE_BASE + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline export function tableSt(i: i32, v: i32): void {
  store<i32>(TABLE_BASE + (<usize>i << 2), v);
}
