// Vector kernels of the network evaluation (nnue.ts) for both wasm builds (the build script copies
// this file into the threaded build's target layer too): 128-bit SIMD, eight i16 lanes at a time. target-js/vec.ts has the same functions as plain loops; the results are equal
// (i16 lanes wrap alike, and the trainer keeps the sums far from wrapping). Arguments are byte
// offsets in the engine block, 16-byte aligned; n is a multiple of 8.
import { basePtr } from './mem';

// @ts-ignore: decorator
@inline function at(p: i32): usize {
  return <usize>(basePtr() + p);
}

/** dst = src (n lanes). */
export function vecCopy(dst: i32, src: i32, n: i32): void {
  const d = at(dst);
  const s = at(src);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) v128.store(d + j, v128.load(s + j));
}

/** dst += row. */
export function vecAdd(dst: i32, row: i32, n: i32): void {
  const d = at(dst);
  const r = at(row);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) v128.store(d + j, i16x8.add(v128.load(d + j), v128.load(r + j)));
}

/** dst = src + add - sub (a quiet move). */
export function vecMove(dst: i32, src: i32, add: i32, sub: i32, n: i32): void {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    v128.store(d + j, i16x8.sub(i16x8.add(v128.load(s + j), v128.load(a + j)), v128.load(b + j)));
  }
}

/** dst = src + add - sub - sub2 (a capture). */
export function vecCapture(dst: i32, src: i32, add: i32, sub: i32, sub2: i32, n: i32): void {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const c = at(sub2);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    v128.store(d + j, i16x8.sub(i16x8.sub(i16x8.add(v128.load(s + j), v128.load(a + j)), v128.load(b + j)), v128.load(c + j)));
  }
}

/** Sum over the lanes of clamp(acc, 0, top) * w, in i32. */
export function vecClampDot(acc: i32, w: i32, n: i32, top: i32): i32 {
  const a = at(acc);
  const b = at(w);
  const low = i16x8.splat(0);
  const high = i16x8.splat(<i16>top);
  let sum = i32x4.splat(0);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const h = i16x8.min_s(i16x8.max_s(v128.load(a + j), low), high);
    sum = i32x4.add(sum, i32x4.dot_i16x8_s(h, v128.load(b + j)));
  }
  return i32x4.extract_lane(sum, 0) + i32x4.extract_lane(sum, 1) + i32x4.extract_lane(sum, 2) + i32x4.extract_lane(sum, 3);
}

// The last step of an accumulator's update fused with the output layer: a position is evaluated
// right after its accumulators are brought forward by one move (nearly always), and one pass then
// writes each lane and adds its clamped product, instead of a second pass that reads it back.

// @ts-ignore: decorator
@inline function clampedDot(v: v128, w: v128, top: v128): v128 {
  return i32x4.dot_i16x8_s(i16x8.min_s(i16x8.max_s(v, i16x8.splat(0)), top), w);
}

// @ts-ignore: decorator
@inline function lanesSum(sum: v128): i32 {
  return i32x4.extract_lane(sum, 0) + i32x4.extract_lane(sum, 1) + i32x4.extract_lane(sum, 2) + i32x4.extract_lane(sum, 3);
}

/** vecMove(dst, src, add, sub, n), then vecClampDot(dst, w, n, top). */
export function vecMoveDot(dst: i32, src: i32, add: i32, sub: i32, w: i32, n: i32, top: i32): i32 {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const q = at(w);
  const high = i16x8.splat(<i16>top);
  let sum = i32x4.splat(0);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const v = i16x8.sub(i16x8.add(v128.load(s + j), v128.load(a + j)), v128.load(b + j));
    v128.store(d + j, v);
    sum = i32x4.add(sum, clampedDot(v, v128.load(q + j), high));
  }
  return lanesSum(sum);
}

/** vecCapture(dst, src, add, sub, sub2, n), then vecClampDot(dst, w, n, top). */
export function vecCaptureDot(dst: i32, src: i32, add: i32, sub: i32, sub2: i32, w: i32, n: i32, top: i32): i32 {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const c = at(sub2);
  const q = at(w);
  const high = i16x8.splat(<i16>top);
  let sum = i32x4.splat(0);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const v = i16x8.sub(i16x8.sub(i16x8.add(v128.load(s + j), v128.load(a + j)), v128.load(b + j)), v128.load(c + j));
    v128.store(d + j, v);
    sum = i32x4.add(sum, clampedDot(v, v128.load(q + j), high));
  }
  return lanesSum(sum);
}

/** vecMove8(dst, src, add, sub, n), then vecClampDot(dst, w, n, top). */
export function vecMoveDot8(dst: i32, src: i32, add: i32, sub: i32, w: i32, n: i32, top: i32): i32 {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const q = at(w);
  const high = i16x8.splat(<i16>top);
  let sum = i32x4.splat(0);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const k = j >> 1;
    const v = i16x8.sub(i16x8.add(v128.load(s + j), v128.load_ext<i8>(a + k)), v128.load_ext<i8>(b + k));
    v128.store(d + j, v);
    sum = i32x4.add(sum, clampedDot(v, v128.load(q + j), high));
  }
  return lanesSum(sum);
}

/** vecCapture8(dst, src, add, sub, sub2, n), then vecClampDot(dst, w, n, top). */
export function vecCaptureDot8(dst: i32, src: i32, add: i32, sub: i32, sub2: i32, w: i32, n: i32, top: i32): i32 {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const c = at(sub2);
  const q = at(w);
  const high = i16x8.splat(<i16>top);
  let sum = i32x4.splat(0);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const k = j >> 1;
    const moved = i16x8.sub(i16x8.add(v128.load(s + j), v128.load_ext<i8>(a + k)), v128.load_ext<i8>(b + k));
    const v = i16x8.sub(moved, v128.load_ext<i8>(c + k));
    v128.store(d + j, v);
    sum = i32x4.add(sum, clampedDot(v, v128.load(q + j), high));
  }
  return lanesSum(sum);
}

/**
 * The greatest of the n i32 at `at` (n >= 1), which are followed by at least seven no greater than
 * any of them (a scored move list is padded so): eight at a time, with no step for a remainder.
 */
export function greatest(at: i32, n: i32): i32 {
  const p = <usize>(basePtr() + at);
  let m = v128.load(p);
  let m2 = v128.load(p + 16);
  for (let k: usize = 32, end = <usize>n << 2; k < end; k += 32) {
    m = i32x4.max_s(m, v128.load(p + k));
    m2 = i32x4.max_s(m2, v128.load(p + k + 16));
  }
  m = i32x4.max_s(m, m2);
  m = i32x4.max_s(m, i32x4.shuffle(m, m, 2, 3, 0, 1));
  m = i32x4.max_s(m, i32x4.shuffle(m, m, 1, 0, 3, 2));
  return i32x4.extract_lane(m, 0);
}

// Version 2's first layer holds int8 weights: eight of them are loaded and sign-extended to one
// vector of i16 lanes (the row advances half as fast as the accumulator).

/** dst += row (int8 row). */
export function vecAdd8(dst: i32, row: i32, n: i32): void {
  const d = at(dst);
  const r = at(row);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    v128.store(d + j, i16x8.add(v128.load(d + j), v128.load_ext<i8>(r + (j >> 1))));
  }
}

/** dst -= row (int8 row). */
export function vecSub8(dst: i32, row: i32, n: i32): void {
  const d = at(dst);
  const r = at(row);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    v128.store(d + j, i16x8.sub(v128.load(d + j), v128.load_ext<i8>(r + (j >> 1))));
  }
}

/** dst = src + add - sub (int8 rows; a quiet move). */
export function vecMove8(dst: i32, src: i32, add: i32, sub: i32, n: i32): void {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const k = j >> 1;
    v128.store(d + j, i16x8.sub(i16x8.add(v128.load(s + j), v128.load_ext<i8>(a + k)), v128.load_ext<i8>(b + k)));
  }
}

/** dst = src + add - sub - sub2 (int8 rows; a capture). */
export function vecCapture8(dst: i32, src: i32, add: i32, sub: i32, sub2: i32, n: i32): void {
  const d = at(dst);
  const s = at(src);
  const a = at(add);
  const b = at(sub);
  const c = at(sub2);
  for (let j: usize = 0, end = <usize>n << 1; j < end; j += 16) {
    const k = j >> 1;
    const moved = i16x8.sub(i16x8.add(v128.load(s + j), v128.load_ext<i8>(a + k)), v128.load_ext<i8>(b + k));
    v128.store(d + j, i16x8.sub(moved, v128.load_ext<i8>(c + k)));
  }
}
