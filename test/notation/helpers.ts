// Engines for the notation tests: the real engine on both backends, since legal moves (and so
// disambiguation) must come from the rules the rest of the project uses.

import { createEngine } from '../../web/engine/index.ts';
import type { Backend, Engine } from '../../web/engine/types.ts';
import { Random } from '../../bench/lib/random.ts';

export const BACKENDS: readonly Backend[] = ['js', 'wasm'];

const cache = new Map<Backend, Promise<Engine>>();

/** One engine per backend, shared by a test file (each test sets its own position). */
export function engineFor(backend: Backend): Promise<Engine> {
  let e = cache.get(backend);
  if (!e) cache.set(backend, (e = createEngine(backend)));
  return e;
}

/** A seeded PRNG as a function, so a failing random game can be replayed by seed. */
export function rng(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
