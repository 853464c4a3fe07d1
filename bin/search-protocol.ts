// Messages between the UCI loop and its search thread.
import type { SearchInfo, SearchLimits, SearchResult } from '../web/engine/types.ts';

export type SearchRequest =
  | { type: 'search'; fen: string; moves: string[]; limits: SearchLimits }
  | { type: 'hash'; megabytes: number }
  | { type: 'clear' };

export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'info'; info: SearchInfo }
  | { type: 'done'; result: SearchResult }
  | { type: 'error'; message: string };
