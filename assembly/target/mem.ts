// Linear-memory access for the wasm build. The JS build swaps this file for target-js/mem.ts,
// which offers the same names over typed arrays. Asserts bound-check the debug build only.
import { CORE_SIZE } from '../layout';

const BASE: usize = memory.data(CORE_SIZE, 16);

// @ts-ignore: decorator
@inline export function ldU8(p: i32): i32 {
  assert(<u32>p < <u32>CORE_SIZE);
  return <i32>load<u8>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function stU8(p: i32, v: i32): void {
  assert(<u32>p < <u32>CORE_SIZE);
  store<u8>(BASE + <usize>p, <u8>v);
}
// @ts-ignore: decorator
@inline export function ld16(p: i32): i32 {
  assert(<u32>p < <u32>CORE_SIZE && (p & 1) == 0);
  return <i32>load<i16>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function st16(p: i32, v: i32): void {
  assert(<u32>p < <u32>CORE_SIZE && (p & 1) == 0);
  store<i16>(BASE + <usize>p, <i16>v);
}
// @ts-ignore: decorator
@inline export function ld32(p: i32): i32 {
  assert(<u32>p < <u32>CORE_SIZE && (p & 3) == 0);
  return load<i32>(BASE + <usize>p);
}
// @ts-ignore: decorator
@inline export function st32(p: i32, v: i32): void {
  assert(<u32>p < <u32>CORE_SIZE && (p & 3) == 0);
  store<i32>(BASE + <usize>p, v);
}

/** Where the engine's block starts in linear memory (the adapter adds region offsets to it). */
export function basePtr(): i32 {
  return <i32>BASE;
}

/**
 * This build has one engine block per instance: only slot 0 exists. (The threaded build keeps
 * one block per search thread in shared memory; see target-threads/mem.ts.)
 */
export function selectSlot(slot: i32): bool {
  return slot == 0;
}
