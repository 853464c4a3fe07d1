// Memory access for the JS build: the same names as target/mem.ts, over typed arrays on one
// ArrayBuffer laid out exactly like the wasm block, so the adapter reads both builds alike.
import { CORE_SIZE } from '../layout';

const buffer = new ArrayBuffer(CORE_SIZE);
const u8 = new Uint8Array(buffer);
const i16 = new Int16Array(buffer);
const i32 = new Int32Array(buffer);

export function ldU8(p: number): number {
  return u8[p];
}
export function stU8(p: number, v: number): void {
  u8[p] = v;
}
export function ld16(p: number): number {
  return i16[p >> 1];
}
export function st16(p: number, v: number): void {
  i16[p >> 1] = v;
}
export function ld32(p: number): number {
  return i32[p >> 2];
}
export function st32(p: number, v: number): void {
  i32[p >> 2] = v;
}
export function basePtr(): number {
  return 0;
}
/** The JS build's stand-in for wasm's `memory.buffer`. */
export function memoryBuffer(): ArrayBuffer {
  return buffer;
}
/** One engine block per instance: only slot 0 exists (see target-threads/mem.ts). */
export function selectSlot(slot: number): boolean {
  return slot === 0;
}
