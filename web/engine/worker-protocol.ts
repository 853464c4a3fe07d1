// The one protocol between a search thread and whoever runs it: the page's SearchWorker and its Web
// Workers (worker.ts), and the UCI engine's SearchThread/SearchPool and their Node worker threads
// (bin/search-thread.ts). Both ends of both shells speak it; only the transport differs (a Web
// Worker's `init` message, a Node worker's workerData), and search-handler.ts answers it.
import type { Backend, RuleSet, SearchInfo, SearchLimits, SearchResult } from './types.ts';
import type { WorkerFailureKind } from './errors.ts';

/**
 * What a search asks of its thread. `id` rises with every search; the shared stop flag holds the id
 * of the newest search to stop, so a stop meant for an old search never halts a newer one.
 */
export type SearchRequest =
  | { type: 'search'; id: number; fen: string; moves: readonly string[]; limits: SearchLimits }
  /** A helper thread searches as Lazy SMP helper `index` until search `id` is stopped. */
  | { type: 'help'; id: number; fen: string; moves: readonly string[]; index: number }
  | { type: 'hash'; megabytes: number }
  | { type: 'clear' }
  /** Evaluate with this network file (an `.nnue` file's bytes), or the hand-written evaluation (null). */
  | { type: 'network'; file: Uint8Array | null }
  /** Judge repetitions by this rule set, in the search and its status (Engine.setRule). */
  | { type: 'rule'; rule: RuleSet }
  /** Search with these named constants (Engine.setSearchParams: `name=value` pairs, for tuners). */
  | { type: 'params'; text: string }
  /**
   * Probe endgame tables inside the search (`on`), taking these besides those taken before (each a
   * material's name and its values, as web/egtb's Tablebases gives them); or probe none.
   */
  | { type: 'tables'; on: boolean; add: readonly { material: string; values: Uint16Array }[] }
  /** Answered with `synced` once every request sent before it is done (the UCI engine's `isready`). */
  | { type: 'sync'; id: number };

/** The requests that set a thread up rather than run a search. */
export type SetupRequest = Extract<
  SearchRequest,
  { type: 'hash' | 'clear' | 'network' | 'rule' | 'params' | 'tables' }
>;

/** The Web Worker's transport: its engine comes with this first message. */
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
  | SearchRequest;

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'done'; id: number; result: SearchResult }
  /** A helper's search ended; `depth`: how deep it got. */
  | { type: 'helped'; id: number; depth: number }
  /** Every request before `sync` `id` is done. */
  | { type: 'synced'; id: number }
  /**
   * `id`: the search's, or null for a setup request or the thread itself. `failure`: the thread
   * itself cannot search (its engine did not load, or it was never initialised).
   */
  | { type: 'error'; id: number | null; message: string; failure?: WorkerFailureKind };
