// Public entry of the engine adapter: one Engine interface over the wasm or the JS build.
import type { Backend, Engine } from './types.ts';
import { CoreEngine } from './engine.ts';
import { loadBuild, type LoadOptions } from './load.ts';

export type * from './types.ts';
export { FenError, IllegalMoveError } from './errors.ts';
export { START_FEN } from './engine.ts';
export { squareName, squareIndex, parseIccs } from './squares.ts';
export type { LoadOptions } from './load.ts';

/** Creates an engine on a fresh instance of the chosen build, set to the start position. */
export async function createEngine(backend: Backend = 'wasm', options: LoadOptions = {}): Promise<Engine> {
  return new CoreEngine(backend, await loadBuild(backend, options));
}
