// The position editor's checks, each problem on its own, against the rules engine for check.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, START_FEN } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { fenOf, handicapFen, pointsOf, problems } from '../../web/app/position.ts';

let rules: Engine;
beforeAll(async () => {
  rules = await createEngine('wasm');
});

const keys = (fen: string, turn: 'red' | 'black' = 'red') => problems(pointsOf(fen), turn, rules).map((p) => p.key);

describe('position editor checks', () => {
  test('FEN in and out; the start position is fine', () => {
    expect(fenOf(pointsOf(START_FEN), 'red')).toBe(START_FEN);
    expect(keys(START_FEN)).toEqual([]);
  });

  test('each problem is named', () => {
    expect(keys('4k4/9/9/9/9/9/9/9/9/9 w')).toEqual(['pos.noRedKing']);
    expect(keys('4k4/9/9/9/9/9/9/9/9/K8 w')).toEqual(['pos.kingOutside']);
    expect(keys('3k5/9/9/9/9/9/9/9/9/4K3A w')).toEqual(['pos.advisorOff']);
    expect(keys('3k5/9/9/9/9/9/9/9/9/3BK4 w')).toEqual(['pos.elephantOff']);
    expect(keys('3k5/9/9/9/4B4/9/9/9/9/4K4 w')).toEqual(['pos.elephantOff']); // across the river
    expect(keys('3k5/9/9/9/9/9/9/9/P8/4K4 w')).toEqual(['pos.pawnBehind']);
    expect(keys('3k5/9/9/9/9/9/1P7/9/9/4K4 w')).toEqual(['pos.pawnBehind']); // off the pawn files before the river
    expect(keys('3k5/9/9/9/9/RRR6/9/9/9/4K4 w')).toEqual(['pos.tooMany']);
    expect(keys('4k4/9/9/9/9/9/9/9/9/4K4 w')).toEqual(['pos.kingsFacing']);
    // Red to move while Black's king is attacked by Red's chariot.
    expect(keys('3k5/9/9/9/9/9/9/9/9/3RK4 w')).toEqual(['pos.notToMoveInCheck']);
    expect(keys('3k5/9/9/9/9/9/9/9/9/3RK4 w', 'black')).toEqual([]);
  });

  test("handicap starts take Red's pieces away", () => {
    expect(handicapFen(START_FEN, 'two-horses').split(' ')[0]).toBe(
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R',
    );
    expect(handicapFen(START_FEN, 'none')).toBe(START_FEN);
  });
});
