// Messages between a page and the search worker (web/engine/worker.ts).
import type { Backend, SearchInfo, SearchLimits, SearchResult } from './types.ts';
import type { WorkerFailureKind } from './errors.ts';

export type WorkerRequest =
  /**
   * `thread`: one of several search threads on a shared memory (threads.ts); slot 0 is the main one.
   * `urls`: where the page's copy of the adapter found the engine builds (load.ts, engineUrls).
   */
  | {
      type: 'init';
      backend: Backend;
      stopBuffer: SharedArrayBuffer | null;
      thread?: { memory: WebAssembly.Memory; slot: number };
      urls?: { wasmUrl?: string; jsUrl?: string; threadsWasmUrl?: string };
    }
  | { type: 'search'; id: number; fen: string; moves: readonly string[]; limits: SearchLimits }
  /** A helper thread searches as Lazy SMP helper `index` until search `id` is stopped. */
  | { type: 'help'; id: number; fen: string; moves: readonly string[]; index: number }
  | { type: 'hash'; megabytes: number }
  | { type: 'clear' };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'done'; id: number; result: SearchResult }
  | { type: 'helped'; id: number }
  /** `failure`: the worker itself cannot search (its engine did not load, or it was never initialised). */
  | { type: 'error'; id: number | null; message: string; failure?: WorkerFailureKind };
