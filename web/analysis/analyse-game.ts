// Analysing one game: every position of its main line searched (by whatever `search` the caller
// has: an engine in this thread, a worker, a pool), each move judged against the engine's choice,
// and each side summed up. The page's review and the command line's `analyse` both run it, so a
// game gets the same judgement in either place.
import type { Color, Score } from '../engine/types.ts';
import { MATE_CP, centipawns, judgeMoves, summarise, type JudgedMove, type SideSummary } from './judgement.ts';

/** What a search of one position gave: from the side to move's point of view, as engines say it. */
export interface PositionSearch {
  /** null when the side to move has no legal move (mated or stalemated: it has lost). */
  bestMove: string | null;
  score: Score;
  pv: readonly string[];
}

export interface GameAnalysis {
  /** The side to move at the start. */
  first: Color;
  /** Each position's score from Red's side (moves + 1 of them); null where the side to move had no move. */
  scores: (Score | null)[];
  /** The same in centipawns from Red's side (a side with no move has lost: ∓3000). */
  evals: number[];
  /** The engine's line in each position (empty where there was no move). */
  lines: string[][];
  moves: JudgedMove[];
  red: SideSummary;
  black: SideSummary;
}

/** A score from the side to move's view turned to Red's. */
export function redScore(score: Score, turn: Color): Score {
  if (turn === 'red') return score;
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}

/**
 * Scores the positions of `moves` from `fen` one by one (`search(i)` searches the position after the
 * first i moves) and judges the moves. `onPosition` hears each position as it is done (its index, and
 * the analysis so far), so a page can draw progress.
 */
export async function analyseLine(
  moves: readonly string[],
  first: Color,
  search: (ply: number) => PositionSearch | Promise<PositionSearch>,
  onPosition?: (done: number, partial: GameAnalysis) => void,
): Promise<GameAnalysis> {
  const scores: (Score | null)[] = [];
  const evals: number[] = [];
  const lines: string[][] = [];
  const best: (string | null)[] = [];
  let analysis = build(moves, first, scores, evals, lines, best);
  for (let i = 0; i <= moves.length; i++) {
    const result = await search(i);
    const turn: Color = i % 2 === 0 ? first : first === 'red' ? 'black' : 'red';
    if (result.bestMove === null) {
      scores.push(null);
      evals.push(turn === 'red' ? -MATE_CP : MATE_CP);
    } else {
      const score = redScore(result.score, turn);
      scores.push(score);
      evals.push(centipawns(score));
    }
    lines.push([...result.pv]);
    best.push(result.bestMove);
    analysis = build(moves, first, scores, evals, lines, best);
    onPosition?.(i + 1, analysis);
  }
  return analysis;
}

function build(
  moves: readonly string[],
  first: Color,
  scores: (Score | null)[],
  evals: number[],
  lines: string[][],
  best: (string | null)[],
): GameAnalysis {
  const judged = judgeMoves(moves, evals, best, first);
  return {
    first,
    scores: [...scores],
    evals: [...evals],
    lines: lines.map((l) => [...l]),
    moves: judged,
    red: summarise(judged, evals, 'red'),
    black: summarise(judged, evals, 'black'),
  };
}
