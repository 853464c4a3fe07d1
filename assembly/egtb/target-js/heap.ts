// Memory for the JS build of the tables' module: the names of target/heap.ts over one ArrayBuffer,
// replaced by one twice as large (and copied) when a reservation outgrows it.
import { STATIC_SIZE } from '../regions';

let buffer = new ArrayBuffer(0);
let u8 = new Uint8Array(buffer);
let i8 = new Int8Array(buffer);
let u16 = new Uint16Array(buffer);
let i16 = new Int16Array(buffer);
let i32 = new Int32Array(buffer);
let top = 0;

function ensure(end: number): boolean {
  if (end <= buffer.byteLength) return true;
  let size = Math.max(buffer.byteLength * 2, 1 << 20);
  while (size < end) size *= 2;
  let next: ArrayBuffer;
  try {
    next = new ArrayBuffer(size);
  } catch {
    return false;
  }
  new Uint8Array(next).set(u8);
  buffer = next;
  u8 = new Uint8Array(buffer);
  i8 = new Int8Array(buffer);
  u16 = new Uint16Array(buffer);
  i16 = new Int16Array(buffer);
  i32 = new Int32Array(buffer);
  return true;
}

export function initHeap(): void {
  ensure(STATIC_SIZE);
  u8.fill(0, 0, STATIC_SIZE);
  top = STATIC_SIZE;
}

export function reserve(bytes: number): number {
  const at = top;
  const end = at + ((bytes + 15) & ~15);
  if (!ensure(end)) return -1;
  u8.fill(0, at, end);
  top = end;
  return at;
}

export function heapTop(): number {
  return top;
}

export function releaseTo(mark: number): void {
  top = mark;
}

export function ldU8(p: number): number {
  return u8[p];
}
export function ldI8(p: number): number {
  return i8[p];
}
export function stU8(p: number, v: number): void {
  u8[p] = v;
}
export function ldU16(p: number): number {
  return u16[p >> 1];
}
export function ldI16(p: number): number {
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
export function heapBase(): number {
  return 0;
}
/** The JS build's stand-in for wasm's `memory.buffer` (it changes when the heap grows). */
export function heapBuffer(): ArrayBuffer {
  return buffer;
}
