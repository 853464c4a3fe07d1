// Multi-core search (Lazy SMP): several search threads, each with its own instance of the threaded
// build (build/engine.threads.wasm) on ONE shared WebAssembly.Memory, share a transposition table
// and a stop flag. Slot 0 searches with the limits and reports; helpers (1, 2, ...) search the same
// position without limits until the main search ends, only filling the table (and sharing out the
// moves of each node with the others through the same memory; see assembly/target-threads/smp.ts).

import { MAX_THREADS, THREAD_MEMORY_MAX_PAGES } from './shared.ts';

/** The most pages of the memory the threaded build imports (scripts/build-engine.js builds it with this maximum). */
export { THREAD_MEMORY_MAX_PAGES };
/** The threaded build has blocks for this many search threads. */
export { MAX_THREADS };
/**
 * 64 MiB: the default 16 MB table and the engine blocks of a few threads (about 6.3 MB each, see
 * THREAD_BLOCKS_MB in assembly/facts.ts) fit without growing; more threads or a larger table grow it.
 */
export const THREAD_MEMORY_INITIAL_PAGES = 1024;

/** Where one search thread sits: the memory all threads share and its slot in it. */
export interface ThreadSeat {
  /** The shared memory all threads' instances run in (createThreadMemory). */
  memory: WebAssembly.Memory;
  /** This thread's slot: 0 searches and reports, 1 and up help (Lazy SMP). */
  slot: number;
}

/** A shared memory for the threaded build, to hand to every search thread's instance. */
export function createThreadMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({
    initial: THREAD_MEMORY_INITIAL_PAGES,
    maximum: THREAD_MEMORY_MAX_PAGES,
    shared: true,
  });
}

/** The cores the browser reports (1 where there is no `navigator`, as in Node 20). */
function hostCores(): number {
  return (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
}

/** The default number of search threads: the machine's cores less one, from 1 to MAX_THREADS. */
export function defaultThreads(cores: number = hostCores()): number {
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(cores) - 1));
}
