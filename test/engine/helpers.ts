// Shared helpers for the engine suites: the three builds, a seeded PRNG, FEN normalisation
// written from the FEN standard (not from the engine), and error assertions.
import { expect } from 'vitest';
import { PUBLIC_SUITE } from '../../bench/public-suite.ts';
import { createEngine, FenError, IllegalMoveError } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/index.ts';
import { START_FEN } from '../../web/engine/start-fen.ts';
import { CoreEngine } from '../../web/engine/engine.ts';
import { loadBuild } from '../../web/engine/load.ts';
import type { LoadedBuild } from '../../web/engine/raw.ts';

export { START_FEN };

/** The release wasm build, the JS build, and the bounds-checked debug wasm build. */
export const BUILDS = ['wasm', 'js', 'debug'] as const;
export type BuildName = (typeof BUILDS)[number];

const DEBUG_WASM_URL = new URL('../../build/engine.debug.wasm', import.meta.url);

/** A new engine on the named build (each one its own instance: see instances.test.ts). */
export function engineFor(build: BuildName): Promise<Engine> {
  if (build === 'debug') return createEngine('wasm', { wasmUrl: DEBUG_WASM_URL });
  return createEngine(build);
}

/** The named build loaded with its raw exports and memory in reach, and an engine on it. */
export async function coreEngineFor(name: BuildName): Promise<{ build: LoadedBuild; engine: CoreEngine }> {
  const backend = name === 'js' ? 'js' : 'wasm';
  const build = await loadBuild(backend, name === 'debug' ? { wasmUrl: DEBUG_WASM_URL } : {});
  return { build, engine: new CoreEngine(backend, build) };
}

export interface PerftCase {
  fen: string;
  perft: Record<string, number>;
}

/** Published perft counts: the repository's one copy, in bench/public-suite.ts. */
export function loadPerftData(): PerftCase[] {
  return PUBLIC_SUITE.map(({ fen, perft }) => ({ fen, perft: { ...perft } }));
}

import { Random } from '../../bench/lib/random.ts';

export { Random };

/** Copy of a move list in code-point order, for comparing move sets. */
export function sorted(moves: readonly string[]): string[] {
  return [...moves].sort();
}

/**
 * The FEN a conforming writer gives for `fen`: H/E written N/B, side `r` written `w`, and the
 * counters `- - halfmove fullmove` filled in (0 and 1 when absent).
 */
export function normalizeFen(fen: string): string {
  const [board = '', side = 'w', ...rest] = fen.trim().split(/\s+/);
  const letters: Record<string, string> = { H: 'N', E: 'B', h: 'n', e: 'b' };
  const canonicalBoard = board.replace(/[HEhe]/g, (letter) => letters[letter]!);
  const canonicalSide = side === 'r' ? 'w' : side;
  const numbers = rest.filter((field) => field !== '-');
  const half = numbers[0] ?? '0';
  const full = numbers[1] ?? '1';
  return `${canonicalBoard} ${canonicalSide} - - ${half} ${full}`;
}

/** Plays `plies` random legal moves (fewer if the game ends); returns the FEN seen before each. */
export function randomGame(engine: Engine, random: Random, plies: number): string[] {
  const seen: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const moves = engine.legalMoves();
    if (moves.length === 0) break;
    seen.push(engine.fen());
    engine.play(random.pick(moves));
  }
  return seen;
}

/** What an engine shows of its position: used to check that failed calls change nothing. */
export function snapshot(engine: Engine): { fen: string; history: string[]; legal: string[] } {
  return { fen: engine.fen(), history: engine.history(), legal: engine.legalMoves() };
}

/** Runs `action`, expecting a FenError whose message matches every pattern. */
export function expectFenError(action: () => unknown, ...patterns: RegExp[]): FenError {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(FenError);
  const error = caught as FenError;
  for (const pattern of patterns) expect(error.message).toMatch(pattern);
  return error;
}

/** Runs `action`, expecting an IllegalMoveError. */
export function expectIllegalMove(action: () => unknown): IllegalMoveError {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(IllegalMoveError);
  return caught as IllegalMoveError;
}
