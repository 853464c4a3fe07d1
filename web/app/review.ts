// 复盘, going over a game: the engine scores every position of the line shown (a short search each,
// in a worker of its own, so the computer and the analysis are not disturbed), and each move is judged
// by how much it lost against the engine's choice: an inaccuracy, a mistake or a blunder, with the
// better move. It can be cancelled at any time; the result belongs to the moves it reviewed.
import { SearchWorker } from '../engine/search-worker.ts';
import type { Color, Score } from '../engine/types.ts';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** Centipawns lost from which a move is an inaccuracy, a mistake, a blunder. */
export const THRESHOLDS: Record<Judgement, number> = { inaccuracy: 60, mistake: 150, blunder: 300 };

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
  error: string | null;
}

/** A score as centipawns (a mate in n as 3000 - 10n, so that a nearer mate is better). */
export function centipawns(score: Score): number {
  if ('mate' in score) return Math.sign(score.mate) * (3000 - 10 * Math.abs(score.mate));
  return score.cp;
}

export function judge(loss: number): Judgement | null {
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  if (loss >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/**
 * Judges every move of a line from the scores of its positions (`evals`, Red's side, one more than
 * the moves) and the engine's best move in each. A move that is the engine's own choice loses nothing.
 */
export function judgeLine(
  line: readonly { id: number; move: string }[],
  evals: readonly number[],
  best: readonly (string | null)[],
  first: Color,
): ReviewedMove[] {
  const out: ReviewedMove[] = [];
  for (let i = 0; i < line.length && i + 1 < evals.length; i++) {
    const mover: Color = (i % 2 === 0) === (first === 'red') ? 'red' : 'black';
    const sign = mover === 'red' ? 1 : -1;
    const played = line[i]!.move;
    // Clamp: the difference between a won position and a mate is no mistake.
    const clamp = (cp: number) => Math.max(-1500, Math.min(1500, cp));
    const loss = best[i] === played ? 0 : Math.max(0, sign * (clamp(evals[i]!) - clamp(evals[i + 1]!)));
    out.push({ nodeId: line[i]!.id, ply: i, mover, loss, judgement: judge(loss), best: best[i] ?? null });
  }
  return out;
}

export class GameReview {
  state: ReviewState | null = null;
  private worker: SearchWorker | null = null;
  private generation = 0;

  constructor(
    private readonly onChange: () => void,
    private readonly makeWorker: () => SearchWorker = () => new SearchWorker('wasm'),
  ) {}

  /** Reviews `line` (from the start FEN); `first` is the side to move at the start. */
  async run(fen: string, line: readonly { id: number; move: string }[], first: Color, ms = REVIEW_MS): Promise<void> {
    this.cancel();
    const generation = ++this.generation;
    const total = line.length + 1;
    this.state = { running: true, done: 0, total, evals: [], moves: [], error: null };
    this.onChange();
    const best: (string | null)[] = [];
    const worker = (this.worker ??= this.makeWorker());
    try {
      for (let i = 0; i < total; i++) {
        const moves = line.slice(0, i).map((m) => m.move);
        const result = await worker.search(fen, moves, { movetime: ms });
        if (generation !== this.generation) return;
        const turn: Color = (i % 2 === 0) === (first === 'red') ? 'red' : 'black';
        // A position with no legal move scores from the search all the same (mated or stalemated).
        const cp = centipawns(result.score);
        const evals: number[] = [...this.state.evals, turn === 'red' ? cp : -cp];
        best.push(result.bestMove);
        this.state = { ...this.state, done: i + 1, evals, moves: judgeLine(line, evals, best, first) };
        this.onChange();
      }
      this.state = { ...this.state, running: false };
    } catch (error) {
      if (generation !== this.generation) return;
      this.state = { ...this.state, running: false, error: error instanceof Error ? error.message : String(error) };
    }
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
