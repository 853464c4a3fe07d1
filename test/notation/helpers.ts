// Engines for the notation tests: the real engine on both backends, since legal moves (and so
// disambiguation) must come from the rules the rest of the project uses.

import { createEngine } from '../../web/engine/index.ts';
import type { Backend, Engine } from '../../web/engine/types.ts';
import { Random } from '../../bench/lib/random.ts';
import type { ReplayEngine, RuleBoard } from '../../web/notation/index.ts';

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

/** A ReplayEngine without undo: the readers then set the position afresh for each line. */
export function withoutUndo(board: RuleBoard): ReplayEngine {
  return {
    setPosition: (fen, moves) => board.setPosition(fen, moves),
    play: (move) => board.play(move),
    fen: () => board.fen(),
    board: () => board.board(),
    turn: () => board.turn(),
    legalMoves: () => board.legalMoves(),
  };
}
