// The time-odds ladder's conversion (scripts/odds-table.ts): Fairy-Stockfish's own gain at k times
// a base time is a run of exactly that, or a chain of runs whose times follow on (4x at 100 ms, then
// 2x at 400 ms, for 8x at 100 ms); a chain that does not join up converts nothing.
import { describe, expect, it } from 'vitest';
import { fairyChain, type Rung } from '../../scripts/odds-table.ts';

const rung = (odds: number, base: number, record: string): Rung => ({
  odds,
  base,
  record,
  games: 100,
  summary: { wins: 60, draws: 20, losses: 20, score: 0.7, elo: 147, eloMargin95: 70 },
  load: '1.0/1.0',
  nps: '0.50 M / 0.50 M',
});

describe("Fairy-Stockfish's own time scaling", () => {
  const twoAt100 = rung(2, 100, 'a');
  const fourAt100 = rung(4, 100, 'b');
  const twoAt400 = rung(2, 400, 'c');
  const twoAt200 = rung(2, 200, 'd');

  it('takes a run of exactly the odds and base asked for', () => {
    expect(fairyChain([twoAt100, fourAt100, twoAt400], 4, 100)).toEqual([fourAt100]);
  });

  it('chains runs whose times follow on', () => {
    expect(fairyChain([fourAt100, twoAt400], 8, 100)).toEqual([fourAt100, twoAt400]);
    expect(fairyChain([twoAt100, twoAt200, twoAt400], 8, 100)).toEqual([twoAt100, twoAt200, twoAt400]);
    expect(fairyChain([twoAt100, fourAt100, twoAt400], 16, 100)).toBeNull();
  });

  it('converts nothing when the runs do not join up', () => {
    expect(fairyChain([fourAt100, rung(2, 200, 'e')], 8, 100)).toBeNull();
    expect(fairyChain([twoAt400], 2, 100)).toBeNull();
  });
});
