// Public entry of the engine adapter: one Engine interface over the wasm or the JS build.
import type { Backend, Engine, ThreadEngine } from './types.ts';
import type { ThreadSeat } from './threads.ts';
import { CoreEngine } from './engine.ts';
import { loadBuild, type LoadOptions } from './load.ts';

export type * from './types.ts';
export { FenError, IllegalMoveError, WorkerFailure, type WorkerFailureKind } from './errors.ts';
export { searchWithRetry } from './retry.ts';
export { START_FEN } from './start-fen.ts';
export { squareName, squareIndex, parseIccs } from './squares.ts';
export { RULE_SETS, DEFAULT_RULE_SET, isRuleSet, parseRuleSet } from './rule-sets.ts';
export {
  ELO_MIN,
  ELO_MAX,
  KEEP_MAJORS_FROM,
  KEEP_MAJORS_FROM_SKILL,
  RATED_MOVETIME_MS,
  bookSkill,
  clampElo,
  eloForStrength,
  isWeakened,
  strengthForElo,
  weakeningFor,
  type Weakening,
} from './strength.ts';
export type { LoadOptions } from './load.ts';
export { decodeNetwork, encodeNetwork, NetworkFileError, type QuantisedNetwork } from './nnue-file.ts';
export { loadNetwork, readNetwork, type AnyNetwork } from './network-file.ts';
export {
  decodeKingBucketNetwork,
  encodeKingBucketNetwork,
  referenceEvaluateKB,
  type KingBucketNetwork,
} from './nnue-kb.ts';
export { createThreadMemory, defaultThreads, MAX_THREADS, type ThreadSeat } from './threads.ts';

/** Creates an engine on a fresh instance of the chosen build, set to the start position. */
export async function createEngine(backend: Backend = 'wasm', options: LoadOptions = {}): Promise<Engine> {
  return new CoreEngine(backend, await loadBuild(backend, options));
}

/**
 * Creates one search thread of a multi-core search: the threaded wasm build, in `options.thread`'s
 * slot of the memory all threads share (see threads.ts).
 */
export async function createThreadEngine(options: LoadOptions & { thread: ThreadSeat }): Promise<ThreadEngine> {
  return new CoreEngine('wasm', await loadBuild('wasm', options));
}
