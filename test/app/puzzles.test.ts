// The practice tab's model (in Node): the player's Glicko-2 record after a puzzle solved or failed
// (through glicko2-lite), what a stored record that cannot be read falls back to, and the choice of
// the next puzzle (near the player's rating, not one solved before).
import { describe, expect, test } from 'vitest';
import { newRecord, ratedAfter, START_RATING } from '../../web/app/puzzle-progress.ts';
import { choosePuzzle, puzzleId } from '../../web/app/puzzle-set.ts';
import type { Puzzle } from '../../web/notation/puzzles.ts';

const puzzle = (rating: number, move = 'h2e2'): Puzzle => ({
  fen: `4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 ${rating}`,
  moves: [move],
  theme: 'material',
  rating,
});

describe('the practice record', () => {
  test('a solve raises the rating, a miss lowers it; a new player moves far, a settled one less', () => {
    const fresh = newRecord();
    expect(fresh.rating).toBe(START_RATING);
    const solved = ratedAfter(fresh, 1500, 1);
    const failed = ratedAfter(fresh, 1500, 0);
    expect(solved.rating).toBeGreaterThan(START_RATING + 100);
    expect(failed.rating).toBeLessThan(START_RATING - 100);
    expect(solved.rd).toBeLessThan(fresh.rd);
    expect(solved).toMatchObject({ tried: 1, solvedFirstTry: 1 });
    expect(failed).toMatchObject({ tried: 1, solvedFirstTry: 0 });
    let settled = fresh;
    for (let i = 0; i < 30; i++) settled = ratedAfter(settled, 1500, (i % 2) as 0 | 1);
    const step = ratedAfter(settled, 1500, 1).rating - settled.rating;
    expect(step).toBeGreaterThan(0);
    expect(step).toBeLessThan(solved.rating - START_RATING);
  });

  test('solving an easy puzzle gains less than solving a hard one', () => {
    const fresh = newRecord();
    expect(ratedAfter(fresh, 900, 1).rating).toBeLessThan(ratedAfter(fresh, 2100, 1).rating);
  });
});

/** A different first move for each k (puzzles are told apart by position and first move). */
const uniqueMove = (k: number) =>
  `${'abcdefghi'[k % 9]}${Math.floor(k / 9) % 10}${'abcdefghi'[Math.floor(k / 90) % 9]}0`;

describe('the next puzzle', () => {
  const set = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400].flatMap((r) =>
    Array.from({ length: 20 }, (_, i) => puzzle(r + i, uniqueMove(r + i))),
  );

  test('near the player rating, and never one already solved while others remain', () => {
    const solved = new Set(set.filter((p) => p.rating < 1620 && p.rating >= 1600).map(puzzleId));
    for (let i = 0; i < 50; i++) {
      const p = choosePuzzle(set, 1550, solved, () => i / 50)!;
      expect(Math.abs(p.rating - 1600)).toBeLessThan(220);
      expect(solved.has(puzzleId(p))).toBe(false);
    }
  });

  test('all solved: one comes back, never the one just played; none at all: null', () => {
    const two = [puzzle(1000), puzzle(1001, 'b0c2')];
    const all = new Set(two.map(puzzleId));
    expect(choosePuzzle(two, 1000, all, () => 0, two[0])).toBe(two[1]);
    expect(choosePuzzle([], 1000, new Set())).toBe(null);
  });
});
