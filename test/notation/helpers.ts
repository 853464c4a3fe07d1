// Engines for the notation tests: the real engine on both backends, since legal moves (and so
// disambiguation) must come from the rules the rest of the project uses.

import { createEngine } from '../../web/engine/index.ts';
import type { Backend, Engine } from '../../web/engine/types.ts';

export const BACKENDS: readonly Backend[] = ['js', 'wasm'];

const cache = new Map<Backend, Promise<Engine>>();

/** One engine per backend, shared by a test file (each test sets its own position). */
export function engineFor(backend: Backend): Promise<Engine> {
  let e = cache.get(backend);
  if (!e) cache.set(backend, (e = createEngine(backend)));
  return e;
}

/** A small deterministic PRNG (mulberry32), so a failing random game can be replayed by seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
