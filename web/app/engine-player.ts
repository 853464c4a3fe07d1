// The computer opponent: the engine's search in its own module Web Worker (web/engine/search-worker),
// levels 1-10 as limits, and recovery from a crashed or hung worker. Every request carries a token;
// cancelling bumps it, so the answer to a search whose position is gone is never used.
import { searchLimits } from '../board/computer.ts';
import { SearchWorker } from '../engine/search-worker.ts';
import { WorkerFailure } from '../engine/errors.ts';
import { searchWithRetry } from '../engine/retry.ts';
import type { SearchLimits, SearchResult } from '../engine/types.ts';
import { isWeakened } from '../engine/strength.ts';
import { giveReachableTables } from '../egtb/search-tables.ts';
import type { TablebaseWorker } from '../egtb/tablebase-worker.ts';

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The engine's limits for a level: skill 0-20 and the thinking time (as the board's `level`). */
export function levelLimits(level: number): SearchLimits {
  return searchLimits(level, undefined, undefined);
}

/** Thinking time of a level in milliseconds. */
export function levelTime(level: number): number {
  return levelLimits(level).movetime ?? 0;
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface PlayerCallbacks {
  /** The worker died or hung; it is being replaced and the search retried. */
  onCrash?(reason: string): void;
}

export class EnginePlayer {
  private worker: SearchWorker;
  private token = 0;
  /** The endgame tables its searches at full strength probe (useTables). */
  private tables: TablebaseWorker | null = null;

  constructor(
    private readonly callbacks: PlayerCallbacks = {},
    private readonly makeWorker = () => new SearchWorker('wasm'),
  ) {
    this.worker = makeWorker();
  }

  get busy(): boolean {
    return this.token % 2 === 1;
  }

  /**
   * The computer's move for the position reached by `moves` from `fen` (the whole game, so the
   * repetition rules apply). Rejects with Cancelled if cancel() or another move() came first; retries
   * once on a fresh worker after the worker failed (searchWithRetry).
   */
  async move(fen: string, moves: readonly string[], limits: SearchLimits): Promise<SearchResult> {
    this.cancel();
    const token = ++this.token; // odd while a search runs
    try {
      const result = await searchWithRetry(
        async () => {
          // A weakened level plays its endgames as it plays the rest: without the tables.
          if (!this.tables || isWeakened(limits)) this.worker.useTables(null);
          else {
            // Tables that failed to come leave the search as it would be without them: it still plays.
            await giveReachableTables(this.tables, this.worker, fen, moves, limits).catch(() => {});
            if (token !== this.token) throw new Cancelled();
          }
          return this.worker.search(fen, moves, limits);
        },
        (failure) => {
          if (token !== this.token) throw new Cancelled();
          this.callbacks.onCrash?.(failure.message);
          // SearchWorker starts a fresh worker on the next search; a new object makes sure of it.
          this.worker.dispose();
          this.worker = this.makeWorker();
        },
      );
      if (token !== this.token) throw new Cancelled();
      return result;
    } catch (error) {
      if (token !== this.token) throw new Cancelled();
      throw error instanceof Error ? error : new Error(String(error));
    } finally {
      if (token === this.token) this.token++;
    }
  }

  /**
   * Lets its searches at full strength probe the endgame tables `tables` makes, where captures may
   * reach them; null: none.
   */
  useTables(tables: TablebaseWorker | null): void {
    this.tables = tables;
  }

  /** Abandons the running search (its answer is never delivered). */
  cancel(): void {
    if (this.busy) {
      this.token++;
      this.worker.cancel();
    }
  }

  /** For tests: what a crash of the worker does, while a search runs. */
  simulateCrash(): void {
    this.worker.abandon(new WorkerFailure('crashed', 'the engine worker crashed: simulated'));
  }

  /** Search threads from the next search on. */
  setThreads(threads: number): void {
    this.worker.setThreads(threads);
  }

  dispose(): void {
    this.cancel();
    this.worker.dispose();
  }
}
