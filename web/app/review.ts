// 复盘, going over a game: the engine scores every position of the line shown (a short search each,
// in a worker of its own, so the computer and the analysis are not disturbed), and each move is judged
// by how much it lost against the engine's choice: an inaccuracy, a mistake or a blunder, with the
// better move. It can be cancelled at any time; the result belongs to the moves it reviewed.
import { SearchWorker } from '../engine/search-worker.ts';
import type { Color } from '../engine/types.ts';
import { giveReachableTables } from '../egtb/search-tables.ts';
import { REACHABLE_BUDGET_MS } from '../egtb/reachable.ts';
import type { TablebaseWorker } from '../egtb/tablebase-worker.ts';
import { analyseLine, type GameAnalysis } from '../analysis/analyse-game.ts';
import type { Judgement, SideSummary } from '../analysis/judgement.ts';

export type { Judgement } from '../analysis/judgement.ts';

/** Thinking time per position: a 40-move game takes about half a minute. */
export const REVIEW_MS = 300;

export interface ReviewedMove {
  /** The move's node in the game tree. */
  nodeId: number;
  /** Its index on the reviewed line (0: the first move). */
  ply: number;
  mover: Color;
  /** Centipawns the mover lost by it (0 or more). */
  loss: number;
  judgement: Judgement | null;
  /** The engine's choice in the position before it (ICCS). */
  best: string | null;
}

export interface ReviewState {
  running: boolean;
  /** Positions scored so far, and in all (moves + 1). */
  done: number;
  total: number;
  /** Score of each position from Red's side in centipawns (mates as ±3000 less the distance). */
  evals: number[];
  moves: ReviewedMove[];
  /** Each side's accuracy and counts, once the review is whole. */
  summary: { red: SideSummary; black: SideSummary } | null;
  error: string | null;
}

export class GameReview {
  state: ReviewState | null = null;
  private worker: SearchWorker | null = null;
  private generation = 0;
  /** The endgame tables its searches probe where captures reach them (useTables). */
  private tables: TablebaseWorker | null = null;

  constructor(
    private readonly onChange: () => void,
    private readonly makeWorker: () => SearchWorker = () => new SearchWorker('wasm'),
  ) {}

  /** Reviews `line` (from the start FEN); `first` is the side to move at the start. */
  async run(fen: string, line: readonly { id: number; move: string }[], first: Color, ms = REVIEW_MS): Promise<void> {
    this.cancel();
    const generation = ++this.generation;
    const total = line.length + 1;
    this.state = { running: true, done: 0, total, evals: [], moves: [], summary: null, error: null };
    this.onChange();
    const worker = (this.worker ??= this.makeWorker());
    const moves = line.map((m) => m.move);
    try {
      const analysis = await analyseLine(
        moves,
        first,
        async (i) => {
          const played = moves.slice(0, i);
          const limits = { movetime: ms };
          // The whole budget, not a quarter of the move time: a table made once serves the rest of
          // the game. Tables that failed to come leave the review as it would be without them.
          if (this.tables) {
            await giveReachableTables(this.tables, worker, fen, played, limits, REACHABLE_BUDGET_MS).catch(() => {});
          }
          if (generation !== this.generation) throw new Cancelled();
          const result = await worker.search(fen, played, limits);
          if (generation !== this.generation) throw new Cancelled();
          return result;
        },
        (done, partial) => {
          this.state = { ...this.state!, done, evals: partial.evals, moves: reviewed(line, partial) };
          this.onChange();
        },
      );
      this.state = { ...this.state, running: false, summary: { red: analysis.red, black: analysis.black } };
    } catch (error) {
      if (generation !== this.generation || error instanceof Cancelled) return;
      this.state = { ...this.state, running: false, error: error instanceof Error ? error.message : String(error) };
    }
    this.onChange();
  }

  /**
   * Probes the endgame tables `tables` makes in its searches, where captures may reach them: an
   * ending is then judged by what the tables know (a won position is a mate, a drawn one a draw).
   */
  useTables(tables: TablebaseWorker | null): void {
    this.tables = tables;
  }

  /** Shows a finished analysis of `line` (the import list's "Analyse all" made it) as if it had been reviewed here. */
  show(line: readonly { id: number }[], analysis: GameAnalysis): void {
    this.cancel();
    const { evals, red, black } = analysis;
    const moves = reviewed(line, analysis);
    this.state = {
      running: false,
      done: evals.length,
      total: line.length + 1,
      evals,
      moves,
      summary: { red, black },
      error: null,
    };
    this.onChange();
  }

  /** Stops a review under way, keeping what it found so far. */
  cancel(): void {
    this.generation++;
    this.worker?.cancel();
    if (this.state?.running) {
      this.state = { ...this.state, running: false };
      this.onChange();
    }
  }

  /** Forgets the review (the game was replaced). */
  clear(): void {
    this.cancel();
    this.state = null;
  }

  dispose(): void {
    this.cancel();
    this.worker?.dispose();
    this.worker = null;
  }
}

/** The judged moves of an analysis, each with its node in the game tree. */
function reviewed(line: readonly { id: number }[], analysis: GameAnalysis): ReviewedMove[] {
  return analysis.moves.map((m) => ({ ...m, nodeId: line[m.ply]!.id }));
}

/** A review replaced or cancelled while a search was out: its result is for no one. */
class Cancelled extends Error {}
