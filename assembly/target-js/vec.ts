// Vector kernels of the network evaluation (nnue.ts) for the JS build: the functions of
// target/vec.ts as plain loops over the block's i16 view, with the same results (stores into i16
// wrap as SIMD lanes do). Arguments are byte offsets in the engine block.
import { ld16, st16, ld32, ldU8 } from './mem';

export function vecCopy(dst: number, src: number, n: number): void {
  for (let j = 0; j < n * 2; j += 2) st16(dst + j, ld16(src + j));
}

export function vecAdd(dst: number, row: number, n: number): void {
  for (let j = 0; j < n * 2; j += 2) st16(dst + j, ld16(dst + j) + ld16(row + j));
}

export function vecMove(dst: number, src: number, add: number, sub: number, n: number): void {
  for (let j = 0; j < n * 2; j += 2) st16(dst + j, ld16(src + j) + ld16(add + j) - ld16(sub + j));
}

export function vecCapture(dst: number, src: number, add: number, sub: number, sub2: number, n: number): void {
  for (let j = 0; j < n * 2; j += 2) st16(dst + j, ld16(src + j) + ld16(add + j) - ld16(sub + j) - ld16(sub2 + j));
}

export function vecClampDot(acc: number, w: number, n: number, top: number): number {
  let sum = 0;
  for (let j = 0; j < n * 2; j += 2) {
    const v = ld16(acc + j);
    sum = (sum + (v < 0 ? 0 : v > top ? top : v) * ld16(w + j)) | 0;
  }
  return sum;
}

// The fused kernels of target/vec.ts: here the update and the sum are two passes, with the same
// results (the sum reads the lanes as the store wrapped them).

/** vecMove(dst, src, add, sub, n), then vecClampDot(dst, w, n, top). */
export function vecMoveDot(
  dst: number,
  src: number,
  add: number,
  sub: number,
  w: number,
  n: number,
  top: number,
): number {
  vecMove(dst, src, add, sub, n);
  return vecClampDot(dst, w, n, top);
}

/** vecCapture(dst, src, add, sub, sub2, n), then vecClampDot(dst, w, n, top). */
export function vecCaptureDot(
  dst: number,
  src: number,
  add: number,
  sub: number,
  sub2: number,
  w: number,
  n: number,
  top: number,
): number {
  vecCapture(dst, src, add, sub, sub2, n);
  return vecClampDot(dst, w, n, top);
}

/** vecMove8(dst, src, add, sub, n), then vecClampDot(dst, w, n, top). */
export function vecMoveDot8(
  dst: number,
  src: number,
  add: number,
  sub: number,
  w: number,
  n: number,
  top: number,
): number {
  vecMove8(dst, src, add, sub, n);
  return vecClampDot(dst, w, n, top);
}

/** vecCapture8(dst, src, add, sub, sub2, n), then vecClampDot(dst, w, n, top). */
export function vecCaptureDot8(
  dst: number,
  src: number,
  add: number,
  sub: number,
  sub2: number,
  w: number,
  n: number,
  top: number,
): number {
  vecCapture8(dst, src, add, sub, sub2, n);
  return vecClampDot(dst, w, n, top);
}

/** The greatest of the n i32 at `at`; n >= 1 (target/vec.ts may read the seven after them too). */
export function greatest(at: number, n: number): number {
  let best = ld32(at);
  for (let k = 1; k < n; k++) {
    const v = ld32(at + (k << 2));
    if (v > best) best = v;
  }
  return best;
}

/** An int8 weight of version 2's first layer, at byte offset p. */
function i8(p: number): number {
  return (ldU8(p) << 24) >> 24;
}

export function vecAdd8(dst: number, row: number, n: number): void {
  for (let j = 0; j < n; j++) st16(dst + 2 * j, ld16(dst + 2 * j) + i8(row + j));
}

export function vecSub8(dst: number, row: number, n: number): void {
  for (let j = 0; j < n; j++) st16(dst + 2 * j, ld16(dst + 2 * j) - i8(row + j));
}

export function vecMove8(dst: number, src: number, add: number, sub: number, n: number): void {
  for (let j = 0; j < n; j++) st16(dst + 2 * j, ld16(src + 2 * j) + i8(add + j) - i8(sub + j));
}

export function vecCapture8(dst: number, src: number, add: number, sub: number, sub2: number, n: number): void {
  for (let j = 0; j < n; j++) st16(dst + 2 * j, ld16(src + 2 * j) + i8(add + j) - i8(sub + j) - i8(sub2 + j));
}
