// The ends of a game that players make: resigning and offering a draw. The computer takes a draw only
// when its own search says it is not better (a score of zero or below for its side), so a draw offer
// is no way to escape a lost position.
import type { Score } from '../engine/types.ts';

/** Thinking time the computer takes over a draw offer. */
export const DRAW_THINK_MS = 700;

/** Whether the computer, whose side's score is `score` (from its own point of view), accepts a draw. */
export function computerAcceptsDraw(score: Score): boolean {
  if ('mate' in score) return score.mate < 0;
  return score.cp <= 0;
}
