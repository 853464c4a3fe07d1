// How a reviewed move is judged, in one place for the page's review (web/app/review.ts) and the
// command line's `analyse` (bin/analyse/): the centipawns a move lost against the engine's choice
// make it an inaccuracy, a mistake or a blunder, and the winning chances it gave away make its
// accuracy. The accuracy is lichess's published formula (lila's AccuracyPercent and WinPercent,
// described at lichess.org/page/accuracy), with its chess constants: our centipawns are scaled so
// that 100 is about a pawn, as chess engines' are, and the formula is the one players know.
import type { Color, Score } from '../engine/types.ts';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** Centipawns lost from which a move is an inaccuracy, a mistake, a blunder. */
export const THRESHOLDS: Record<Judgement, number> = { inaccuracy: 60, mistake: 150, blunder: 300 };

/** The PGN NAG of each judgement: `?!` is $6, `?` is $2, `??` is $4. */
export const JUDGEMENT_NAG: Record<Judgement, number> = { inaccuracy: 6, mistake: 2, blunder: 4 };

/** A mate in n is worth MATE_CP - 10n centipawns, so that a nearer mate is better. */
export const MATE_CP = 3000;

/** Scores are clamped to this before a loss is taken: the difference between a won position and a mate is no mistake. */
export const LOSS_CLAMP = 1500;

/** A score as centipawns (a mate in n as 3000 - 10n, so that a nearer mate is better). */
export function centipawns(score: Score): number {
  if ('mate' in score) return Math.sign(score.mate) * (MATE_CP - 10 * Math.abs(score.mate));
  return score.cp;
}

export function judge(loss: number): Judgement | null {
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  if (loss >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/** The side that plays move `ply` (0: the first) of a line that starts with `first` to move. */
export function moverAt(ply: number, first: Color): Color {
  return (ply % 2 === 0) === (first === 'red') ? 'red' : 'black';
}

export interface JudgedMove {
  /** Its index on the line (0: the first move). */
  ply: number;
  mover: Color;
  /** Centipawns the mover lost by it (0 or more). */
  loss: number;
  judgement: Judgement | null;
  /** The engine's choice in the position before it (ICCS), null when it had none. */
  best: string | null;
  /** lichess's accuracy of the move, 0 to 100. */
  accuracy: number;
}

/**
 * Judges every move of a line from the scores of its positions (`evals`: centipawns from Red's side,
 * one more than the moves) and the engine's best move in each. A move that is the engine's own
 * choice loses nothing.
 */
export function judgeMoves(
  moves: readonly string[],
  evals: readonly number[],
  best: readonly (string | null)[],
  first: Color,
): JudgedMove[] {
  const out: JudgedMove[] = [];
  const clamp = (cp: number) => Math.max(-LOSS_CLAMP, Math.min(LOSS_CLAMP, cp));
  for (let i = 0; i < moves.length && i + 1 < evals.length; i++) {
    const mover = moverAt(i, first);
    const sign = mover === 'red' ? 1 : -1;
    const own = best[i] === moves[i];
    const loss = own ? 0 : Math.max(0, sign * (clamp(evals[i]!) - clamp(evals[i + 1]!)));
    const accuracy = own ? 100 : moveAccuracy(sign * evals[i]!, sign * evals[i + 1]!);
    out.push({ ply: i, mover, loss, judgement: judge(loss), best: best[i] ?? null, accuracy });
  }
  return out;
}

/** The chance of winning, 0 to 100, of a side `cp` centipawns ahead (lichess's WinPercent). */
export function winPercent(cp: number): number {
  const c = Math.max(-1000, Math.min(1000, cp));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * c)) - 1);
}

/** The accuracy of a move, 0 to 100, from the mover's centipawns before and after it (lichess's AccuracyPercent). */
export function moveAccuracy(before: number, after: number): number {
  const drop = Math.max(0, winPercent(before) - winPercent(after));
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

export interface SideSummary {
  moves: number;
  /** Average centipawn loss. */
  acpl: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** lichess's game accuracy, 0 to 100 (null without a move). */
  accuracy: number | null;
}

/**
 * One side's figures over a judged line. The game accuracy is lichess's: the mean of the moves'
 * accuracies weighted by how much the position swung around each move (the standard deviation of
 * the winning chances in a window around it, 0.5 to 12), averaged with their harmonic mean, so that
 * one blunder in a sharp position weighs more than ten fine moves in a dead one.
 */
export function summarise(judged: readonly JudgedMove[], evals: readonly number[], side: Color): SideSummary {
  const own = judged.filter((m) => m.mover === side);
  const count = (j: Judgement) => own.filter((m) => m.judgement === j).length;
  const summary: SideSummary = {
    moves: own.length,
    acpl: own.length ? Math.round(own.reduce((s, m) => s + m.loss, 0) / own.length) : 0,
    inaccuracies: count('inaccuracy'),
    mistakes: count('mistake'),
    blunders: count('blunder'),
    accuracy: null,
  };
  if (own.length === 0) return summary;
  const wins = evals.map((cp) => winPercent(cp));
  const window = Math.max(2, Math.min(8, Math.floor(judged.length / 10)));
  const weightAt = (ply: number) => {
    // The window of positions ending just after the move (lichess slides it over the winning chances).
    const end = Math.min(wins.length, Math.max(window, ply + 2));
    const part = wins.slice(end - window, end);
    const mean = part.reduce((s, w) => s + w, 0) / part.length;
    const sd = Math.sqrt(part.reduce((s, w) => s + (w - mean) ** 2, 0) / part.length);
    return Math.max(0.5, Math.min(12, sd));
  };
  let weighted = 0;
  let weights = 0;
  let inverse = 0;
  for (const m of own) {
    const w = weightAt(m.ply);
    weighted += m.accuracy * w;
    weights += w;
    inverse += 1 / Math.max(m.accuracy, 1e-3);
  }
  const harmonic = own.length / inverse;
  summary.accuracy = Math.round(((weighted / weights + harmonic) / 2) * 10) / 10;
  return summary;
}
