// Judging moves from the scores of the positions around them (the review's arithmetic, without an
// engine): who moved, how much the move lost, and the engine's own choice losing nothing.
import { describe, expect, test } from 'vitest';
import { centipawns, judge, judgeLine } from '../../web/app/review.ts';

describe('game review', () => {
  test("losses from Red's and Black's side, thresholds, and the engine's choice", () => {
    const line = [
      { id: 1, move: 'h2e2' },
      { id: 2, move: 'h9g7' },
      { id: 3, move: 'e2e6' },
      { id: 4, move: 'g7e6' },
    ];
    // Red's view: even, even, Black better after 3. C5+4 (a blunder), Black's recapture keeps it.
    const evals = [20, 20, 20, -330, -300];
    const best = ['h2e2', 'b9c7', 'h0g2', 'g7e6'];
    const moves = judgeLine(line, evals, best, 'red');
    expect(moves.map((m) => [m.mover, m.loss, m.judgement])).toEqual([
      ['red', 0, null],
      ['black', 0, null],
      ['red', 350, 'blunder'],
      ['black', 0, null],
    ]);
    expect(moves[2]!.best).toBe('h0g2');
    expect(judge(59)).toBeNull();
    expect(judge(60)).toBe('inaccuracy');
    expect(judge(150)).toBe('mistake');
    expect(centipawns({ mate: 3 })).toBe(2970);
    expect(centipawns({ mate: -1 })).toBe(-2990);
  });
});
