// parsePlacement, the FEN reader that draws a position before the engine has loaded (Node).
import { expect, test } from 'vitest';
import { squareIndex } from '../../web/board/geometry.ts';
import { parsePlacement } from '../../web/board/pieces.ts';

test("squares are indexed from a0 (rank 0, Red's side), as everywhere else on the board", () => {
  const b = parsePlacement('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')!;
  expect(b[squareIndex('e0')]).toBe('K');
  expect(b[squareIndex('a0')]).toBe('R');
  expect(b[squareIndex('h2')]).toBe('C');
  expect(b[squareIndex('e9')]).toBe('k');
  expect(b[squareIndex('b7')]).toBe('c');
  // WXF letters read as the pieces the engine makes of them; a malformed FEN is null.
  expect(parsePlacement('4k4/9/9/9/9/9/9/9/9/3HK4 w')![squareIndex('d0')]).toBe('N');
  expect(parsePlacement('4k4/9/9 w')).toBeNull();
});
