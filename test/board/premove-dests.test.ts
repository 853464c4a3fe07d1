// premoveDests: each piece's pattern on an otherwise empty or blocked board (Node; no browser needed).
import { describe, expect, test } from 'vitest';
import { squareIndex, squareName } from '../../web/board/geometry.ts';
import { parsePlacement } from '../../web/board/pieces.ts';
import { premoveDests } from '../../web/board/premove.ts';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const board = parsePlacement(START)!;
const dests = (b: typeof board, sq: string) => [...premoveDests(b, squareIndex(sq))].map(squareName).sort();

describe('premoveDests', () => {
  test('patterns ignore blockers: horse legs, elephant eyes, chariot and cannon lines', () => {
    // The horse on b0 has its leg free here, but the pattern would not care either way.
    expect(dests(board, 'b0')).toEqual(['a2', 'c2', 'd1']);
    expect(dests(board, 'c0')).toEqual(['a2', 'e2']);
    // A chariot's whole file and rank, through its own pieces.
    expect(dests(board, 'a0')).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a6',
      'a7',
      'a8',
      'a9',
      'b0',
      'c0',
      'd0',
      'e0',
      'f0',
      'g0',
      'h0',
      'i0',
    ]);
    expect(dests(board, 'h2')).toHaveLength(17);
  });

  test('palace pieces stay in the palace, elephants on their side, soldiers forward (and sideways across the river)', () => {
    expect(dests(board, 'e0')).toEqual(['d0', 'e1', 'f0']);
    expect(dests(board, 'd0')).toEqual(['e1']);
    expect(dests(board, 'e9')).toEqual(['d9', 'e8', 'f9']);
    const far = parsePlacement('4k4/9/9/9/2P6/p5B2/9/9/9/4K4 w - - 0 1')!;
    expect(dests(far, 'c5')).toEqual(['b5', 'c6', 'd5']);
    // Black's soldier on a4 has crossed too: forward is down the board for Black.
    expect(dests(far, 'a4')).toEqual(['a3', 'b4']);
    // An elephant on the river bank may only go back.
    expect(dests(far, 'g4')).toEqual(['e2', 'i2']);
    expect(dests(board, 'a3')).toEqual(['a4']);
    expect(dests(board, 'e1')).toEqual([]);
  });
});
