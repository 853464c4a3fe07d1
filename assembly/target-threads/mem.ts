// Memory access for the threaded wasm build (build/engine.threads.wasm): every search thread runs
// its own instance on ONE shared, imported memory. The AssemblyScript runtime is not thread-safe
// and each instance re-applies the data segments when it starts, so nothing shared may live in
// static data or on a heap: everything here is raw memory past __heap_base, at addresses every
// instance computes alike.
//
//   CONTROL  i32 table size in words, i32 table generation, i32 the main search's completed depth,
//            then (at +64) f64 nodes per slot
//   SLOTS    MAX_SLOTS engine blocks (board, move lists, history, PV ...), one per search thread
//   SCRATCH  one more block: each instance sets its tables up here while it starts, since it does
//            not know its slot yet; selectSlot() copies the result into its own block
//   IN_PROGRESS  the moves the threads are searching right now (see smp.ts)
//   TABLE    the transposition table, one for all (see tt.ts)
// The names and semantics are those of target/mem.ts; only the base moves with the slot.
import { CORE_SIZE } from '../layout';
import { MAX_THREADS } from '../facts';

/** One block per search thread the host may start (web/engine/threads.ts offers as many). */
export const MAX_SLOTS: i32 = MAX_THREADS;
const SLOT_SIZE: usize = (<usize>CORE_SIZE + 63) & ~(<usize>63);
export const CONTROL: usize = (__heap_base + 63) & ~(<usize>63);
const NODE_COUNTS: usize = CONTROL + 64;
const SLOTS: usize = CONTROL + 128;
const SCRATCH: usize = SLOTS + <usize>MAX_SLOTS * SLOT_SIZE;
export const IN_PROGRESS: usize = SCRATCH + SLOT_SIZE;
export const IN_PROGRESS_ENTRIES: i32 = 8192;
export const TABLE_BASE: usize = IN_PROGRESS + (<usize>IN_PROGRESS_ENTRIES << 2);

let BASE: usize = SCRATCH;
/** This instance's slot; -1 while it starts. */
export let slot: i32 = -1;

// The memory the host made may be smaller than the blocks need (the first instance grows it; the
// host starts the main search's instance before any helper, so two never grow it at once).
if (<usize>memory.size() << 16 < TABLE_BASE) {
  memory.grow(<i32>((TABLE_BASE - (<usize>memory.size() << 16) + 0xffff) >> 16));
}

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

export function basePtr(): i32 {
  return <i32>BASE;
}

/**
 * Moves this instance into block `index` (0 = main search, 1.. helpers), starting it from the
 * tables set up in the scratch block. A replaced thread takes over its predecessor's block.
 */
export function selectSlot(index: i32): bool {
  if (index < 0 || index >= MAX_SLOTS) return false;
  BASE = SLOTS + <usize>index * SLOT_SIZE;
  memory.copy(BASE, SCRATCH, <usize>CORE_SIZE);
  slot = index;
  return true;
}

/** Shares the node count of this instance's search (the host sums them for its reports). */
export function publishNodes(nodes: f64): void {
  if (slot >= 0) store<f64>(NODE_COUNTS + (<usize>slot << 3), nodes);
}

/** For the host: where the control words start; node counts are f64 at +64, one per slot. */
export function threadControlOffset(): i32 {
  return <i32>CONTROL;
}
export function threadSlots(): i32 {
  return MAX_SLOTS;
}
