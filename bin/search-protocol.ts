// Messages between the UCI loop and its search thread(s).
import type { SearchInfo, SearchLimits, SearchResult } from '../web/engine/types.ts';

export type SearchRequest =
  /** `id` (threads only): the stop flag halts every search whose id is at most the flag's value. */
  | { type: 'search'; fen: string; moves: string[]; limits: SearchLimits; id?: number }
  /** Threads only: search as Lazy SMP helper `index` until search `id` is stopped. */
  | { type: 'help'; fen: string; moves: string[]; index: number; id: number }
  | { type: 'hash'; megabytes: number }
  | { type: 'clear' };

export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'info'; info: SearchInfo }
  | { type: 'done'; result: SearchResult }
  | { type: 'helped'; id: number; depth: number }
  | { type: 'error'; message: string };

/** What a thread of a multi-core search gets in workerData besides the URLs. */
export interface ThreadSeatData {
  memory: WebAssembly.Memory;
  slot: number;
  threadsWasmUrl: string;
}
