// Judging moves from the scores of the positions around them (the arithmetic the page's review and
// `xiangqi-engine analyse` share, without an engine): who moved, how much the move lost, the
// engine's own choice losing nothing, and lichess's accuracy figures.
import { describe, expect, test } from 'vitest';
import { centipawns, judge, judgeMoves, moveAccuracy, summarise, winPercent } from '../../web/analysis/judgement.ts';

describe('judging moves', () => {
  test("losses from Red's and Black's side, thresholds, and the engine's choice", () => {
    const moves = ['h2e2', 'h9g7', 'e2e6', 'g7e6'];
    // Red's view: even, even, Black better after 3. C5+4 (a blunder), Black's recapture keeps it.
    const evals = [20, 20, 20, -330, -300];
    const best = ['h2e2', 'b9c7', 'h0g2', 'g7e6'];
    const judged = judgeMoves(moves, evals, best, 'red');
    expect(judged.map((m) => [m.mover, m.loss, m.judgement])).toEqual([
      ['red', 0, null],
      ['black', 0, null],
      ['red', 350, 'blunder'],
      ['black', 0, null],
    ]);
    expect(judged[2]!.best).toBe('h0g2');
    expect(judge(59)).toBeNull();
    expect(judge(60)).toBe('inaccuracy');
    expect(judge(150)).toBe('mistake');
    expect(centipawns({ mate: 3 })).toBe(2970);
    expect(centipawns({ mate: -1 })).toBe(-2990);
  });

  test('a line that starts with Black to move judges Black first', () => {
    const judged = judgeMoves(['h9g7', 'h2e2'], [0, -200, -200], [null, null], 'black');
    expect(judged.map((m) => [m.mover, m.loss])).toEqual([
      ['black', 0],
      ['red', 0],
    ]);
    // Black's move raised Black's score by 2 pawns: no loss; a drop for Black is a loss.
    expect(judgeMoves(['h9g7'], [0, 200], ['b9c7'], 'black')[0]!.loss).toBe(200);
  });

  test("lichess's winning chances and move accuracy", () => {
    expect(winPercent(0)).toBe(50);
    expect(winPercent(300)).toBeCloseTo(75.1, 1);
    expect(winPercent(-300) + winPercent(300)).toBeCloseTo(100, 10);
    // A mate counts as a position won, not as more.
    expect(winPercent(3000)).toBe(winPercent(1000));
    expect(moveAccuracy(0, 0)).toBeCloseTo(100, 3);
    expect(moveAccuracy(100, 200)).toBeCloseTo(100, 3);
    // Giving away a pawn from equality costs about 8 points of winning chances: about 72% accuracy.
    expect(moveAccuracy(0, -100)).toBeCloseTo(103.1668 * Math.exp(-0.04354 * (50 - winPercent(-100))) - 3.1669, 6);
    expect(moveAccuracy(0, -100)).toBeGreaterThan(65);
    expect(moveAccuracy(0, -100)).toBeLessThan(80);
    expect(moveAccuracy(500, -1500)).toBe(0);
  });

  test("each side's figures: average loss, counts, and an accuracy that a blunder pulls down", () => {
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'];
    const clean = [20, 20, 20, 20, 20, 20, 20];
    const judgedClean = judgeMoves(moves, clean, moves, 'red');
    const red = summarise(judgedClean, clean, 'red');
    expect(red).toMatchObject({ moves: 3, acpl: 0, inaccuracies: 0, mistakes: 0, blunders: 0 });
    expect(red.accuracy).toBeCloseTo(100, 0);
    // Black's second move drops 4 pawns, its third an inaccuracy's 80 centipawns.
    const evals = [20, 20, 20, 20, 420, 420, 500];
    const best = [null, null, null, 'b9c7', null, 'c6c5'];
    const judged = judgeMoves(moves, evals, best, 'red');
    const black = summarise(judged, evals, 'black');
    expect(black).toMatchObject({ moves: 3, acpl: Math.round((0 + 400 + 80) / 3), inaccuracies: 1, blunders: 1 });
    expect(black.accuracy).toBeLessThan(70);
    expect(summarise(judged, evals, 'red').accuracy).toBeCloseTo(100, 0);
    expect(summarise([], [0], 'red')).toMatchObject({ moves: 0, accuracy: null });
  });
});
