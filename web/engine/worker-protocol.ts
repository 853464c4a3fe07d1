// Messages between a page and the search worker (web/engine/worker.ts).
import type { Backend, SearchInfo, SearchLimits, SearchResult } from './types.ts';

export type WorkerRequest =
  | { type: 'init'; backend: Backend; stopBuffer: SharedArrayBuffer | null }
  | { type: 'search'; id: number; fen: string; moves: readonly string[]; limits: SearchLimits }
  | { type: 'hash'; megabytes: number }
  | { type: 'clear' };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'done'; id: number; result: SearchResult }
  | { type: 'error'; id: number | null; message: string };
