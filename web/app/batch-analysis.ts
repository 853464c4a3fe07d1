// Analysing many games at once (the import dialog's "Analyse all"): a pool of search workers, each
// taking the next game whole and scoring its positions one after another (analyse-game.ts), so a
// game is judged exactly as the review judges it alone. Cancelling stops every worker; the games
// already done stay done.
import { analyseLine, type GameAnalysis } from '../analysis/analyse-game.ts';
import { searchWithRetry } from '../engine/retry.ts';
import type { SearchWorker } from '../engine/search-worker.ts';
import type { Color } from '../engine/types.ts';
import { giveReachableTables } from '../egtb/search-tables.ts';
import { REACHABLE_BUDGET_MS } from '../egtb/reachable.ts';
import type { TablebaseWorker } from '../egtb/tablebase-worker.ts';
import { REVIEW_MS } from './review.ts';

/** One game to analyse: its main line from its start. */
export interface BatchGame {
  fen: string;
  moves: readonly string[];
  /** The side to move at the start. */
  first: Color;
}

export interface BatchProgress {
  running: boolean;
  games: number;
  gamesDone: number;
  /** Positions to score in all (each game's moves + 1), and scored so far. */
  positions: number;
  positionsDone: number;
}

/** What became of one game: its analysis, or why there is none. */
export type BatchResult = { analysis: GameAnalysis } | { error: string };

/**
 * Workers in the pool: one core is left to the page (and its own analysis), and past four the
 * page's memory (a table and an engine each) grows for little.
 */
export function poolSize(cores = navigator.hardwareConcurrency || 2): number {
  return Math.max(1, Math.min(cores - 1, 4));
}

export class BatchAnalysis {
  progress: BatchProgress | null = null;
  private pool: SearchWorker[] = [];
  private generation = 0;
  /** The endgame tables its searches probe where captures reach them (useTables). */
  private tables: TablebaseWorker | null = null;

  constructor(
    private readonly onChange: () => void,
    /** Makes a one-thread worker (the page's factory: its network and rules). */
    private readonly makeWorker: () => SearchWorker,
    /** Disposes of a worker of the pool (and has the page forget it). */
    private readonly dropWorker: (worker: SearchWorker) => void,
    /** Thinking time per position: the review's, so a game's marks are the ones Review would give. */
    private readonly ms = REVIEW_MS,
    private readonly size = poolSize(),
  ) {}

  /** Analyses `games`; `done(i, result)` hears each as it finishes. Resolves when all are done or cancelled. */
  async run(games: readonly BatchGame[], done: (index: number, result: BatchResult) => void): Promise<void> {
    this.cancel();
    const generation = ++this.generation;
    const live = () => generation === this.generation;
    const positions = games.reduce((n, g) => n + g.moves.length + 1, 0);
    this.progress = { running: true, games: games.length, gamesDone: 0, positions, positionsDone: 0 };
    this.onChange();
    const step = (change: Partial<BatchProgress>) => {
      if (!live()) return;
      this.progress = { ...this.progress!, ...change };
      this.onChange();
    };
    let next = 0;
    const work = async (worker: SearchWorker) => {
      for (let index = next++; index < games.length && live(); index = next++) {
        const { fen, moves, first } = games[index]!;
        // A game analysed alone starts from an empty table: so does each game here.
        worker.clearHash();
        let result: BatchResult;
        try {
          const analysis = await analyseLine(
            moves,
            first,
            // A crashed or hung worker is replaced by SearchWorker itself on the next search: retry once.
            (i) =>
              searchWithRetry(
                () => this.search(worker, fen, moves.slice(0, i), live),
                () => {},
              ),
            () => step({ positionsDone: this.progress!.positionsDone + 1 }),
          );
          result = { analysis };
        } catch (error) {
          result = { error: error instanceof Error ? error.message : String(error) };
        }
        if (!live()) return;
        done(index, result);
        step({ gamesDone: this.progress!.gamesDone + 1 });
      }
    };
    const pool = (this.pool = Array.from({ length: Math.min(this.size, games.length) }, () => this.makeWorker()));
    await Promise.all(pool.map(work));
    if (!live()) return;
    this.release();
    step({ running: false });
  }

  /** Probes the endgame tables `tables` makes in its searches, as the review does (review.ts). */
  useTables(tables: TablebaseWorker | null): void {
    this.tables = tables;
  }

  private async search(worker: SearchWorker, fen: string, moves: readonly string[], live: () => boolean) {
    const limits = { movetime: this.ms };
    // The whole budget, as the review: a table made once serves the rest of the games. Tables that
    // failed to come leave the game judged as it would be without them.
    if (this.tables) {
      await giveReachableTables(this.tables, worker, fen, moves, limits, REACHABLE_BUDGET_MS).catch(() => {});
      // Cancelled meanwhile: the worker is disposed, and a search would start a new one nobody ends.
      if (!live()) throw new Error('the analysis was cancelled');
    }
    return worker.search(fen, moves, limits);
  }

  /** Stops the analysis; the games done so far keep their results. */
  cancel(): void {
    this.generation++;
    this.release();
    if (this.progress?.running) {
      this.progress = { ...this.progress, running: false };
      this.onChange();
    }
  }

  private release(): void {
    for (const worker of this.pool) this.dropWorker(worker);
    this.pool = [];
  }
}
