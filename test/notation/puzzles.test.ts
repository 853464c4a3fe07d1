// The puzzle file's format (web/notation/puzzles.ts): lines read and written back the same, and a bad
// line refused with its line number and what is wrong.
import { describe, expect, test } from 'vitest';
import { formatPuzzle, mateLength, parsePuzzle, parsePuzzles, PuzzleFileError } from '../../web/notation/puzzles.ts';

const LINE = '3k1a3/4a4/9/p1N1nNR1p/3rc4/9/c1C5P/3rB4/4A4/2RAK1B2 b;d2d0 c0d0 d5d0;mate2;800';

describe('the puzzle file', () => {
  test('a line is read into a puzzle and written back the same', () => {
    const p = parsePuzzle(LINE);
    expect(p).toEqual({
      fen: '3k1a3/4a4/9/p1N1nNR1p/3rc4/9/c1C5P/3rB4/4A4/2RAK1B2 b - - 0 1',
      moves: ['d2d0', 'c0d0', 'd5d0'],
      theme: 'mate2',
      rating: 800,
    });
    expect(formatPuzzle(p)).toBe(LINE);
  });

  test("a mate theme gives its length in the player's moves; material and defence are no mates", () => {
    expect([1, 2, 3, 4, 5].map((n) => mateLength(`mate${n}` as 'mate1'))).toEqual([1, 2, 3, 4, 5]);
    // "material" begins with "mate": a prefix test took it for a mate of NaN moves and dropped every one.
    expect(mateLength('material')).toBe(0);
    expect(mateLength('defence')).toBe(0);
  });

  test('comments and blank lines are skipped', () => {
    expect(parsePuzzles(`# made by a test\n\n${LINE}\n${LINE}\n`)).toHaveLength(2);
  });

  test.each([
    ['3k5/9 b;d2d0;mate1;800', 'FEN board and side'],
    [LINE.replace('d2d0 c0d0 d5d0', 'd2d0 c0d0'), 'odd number'],
    [LINE.replace('d2d0', 'z2d0'), 'odd number'],
    [LINE.replace('mate2', 'mate9'), 'unknown theme "mate9"'],
    [LINE.replace(';800', ';hard'), 'whole number'],
    [LINE.replace(';800', ''), '4 fields'],
  ])('a bad line is refused with its number and why: %s', (line, why) => {
    let error: unknown;
    try {
      parsePuzzles(`# header\n${LINE}\n${line}\n`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PuzzleFileError);
    expect((error as PuzzleFileError).line).toBe(3);
    expect((error as Error).message).toContain('line 3');
    expect((error as Error).message).toContain(why);
  });
});
