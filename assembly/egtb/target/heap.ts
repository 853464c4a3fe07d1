// Memory for the wasm build of the tables' module: one block past the static data, the fixed
// regions first (regions.ts), then the tables, taken in order and handed back from the top
// (`reserve`, `releaseTo`). The JS build swaps this file for target-js/heap.ts, which has the
// same names over one growing ArrayBuffer, so both builds lay memory out alike.
import { STATIC_SIZE } from '../regions';

const BASE: usize = (__heap_base + 15) & ~(<usize>15);
let top: i32 = 0;

function ensure(end: i32): bool {
  const have = <usize>memory.size() << 16;
  const want = BASE + <usize>end;
  if (want <= have) return true;
  return memory.grow(<i32>((want - have + 0xffff) >> 16)) >= 0;
}

/** Makes the fixed regions ready, zeroed. */
export function initHeap(): void {
  ensure(STATIC_SIZE);
  memory.fill(BASE, 0, <usize>STATIC_SIZE);
  top = STATIC_SIZE;
}

/** Reserves `bytes` zeroed bytes; returns their offset, or -1 when memory cannot grow that far. */
export function reserve(bytes: i32): i32 {
  const at = top;
  const end = at + ((bytes + 15) & ~15);
  if (end < at || !ensure(end)) return -1;
  memory.fill(BASE + <usize>at, 0, <usize>(end - at));
  top = end;
  return at;
}

/** The offset where the next reservation starts, to hand everything after it back later. */
export function heapTop(): i32 {
  return top;
}

export function releaseTo(mark: i32): void {
  top = mark;
}

// @ts-ignore: decorator
@inline export function ldU8(p: i32): i32 {
  return <i32>load<u8>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function ldI8(p: i32): i32 {
  return <i32>load<i8>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function stU8(p: i32, v: i32): void {
  store<u8>(BASE + <usize>p, <u8>v);
}
// @ts-ignore: decorator
@inline export function ldU16(p: i32): i32 {
  return <i32>load<u16>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function ldI16(p: i32): i32 {
  return <i32>load<i16>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function st16(p: i32, v: i32): void {
  store<u16>(BASE + <usize>p, <u16>v);
}
// @ts-ignore: decorator
@inline export function ld32(p: i32): i32 {
  return load<i32>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function st32(p: i32, v: i32): void {
  store<i32>(BASE + <usize>p, v);
}

/** Where the block starts in linear memory (the adapter reads tables through it). */
export function heapBase(): i32 {
  return <i32>BASE;
}
