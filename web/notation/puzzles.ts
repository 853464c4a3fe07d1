// The puzzle file (puzzles/puzzles.txt, made by `npm run puzzles`, tune/puzzles.ts): one puzzle a
// line, `#` lines are comments:
//
//   <board> <side>;<moves>;<theme>;<rating>
//   2bak4/4a4/4b4/p7p/9/2P5P/P3n4/4B1N2/4A4/3K1AB2 w;g2f4 e3f5 f4e6;material;1450
//
// board and side are a FEN's first two fields (the position is set up with no history); moves are
// ICCS, the player's first, then the computer's answer and the player's next, ending on a move of
// the player's; the theme is mate1..mate5 (mate in that many of the player's moves), material (a
// decisive gain) or defence (the one move that does not lose); the rating is the puzzle's
// difficulty on the engine levels' scale (the weakest rated level that finds the first move).

export const PUZZLE_THEMES = ['mate1', 'mate2', 'mate3', 'mate4', 'mate5', 'material', 'defence'] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/**
 * How many of the player's moves a mate theme's mate takes (mate3: 3), or 0 for a theme that is no
 * mate. A prefix test will not do: "material" starts with "mate".
 */
export function mateLength(theme: PuzzleTheme): number {
  const match = /^mate(\d)$/.exec(theme);
  return match ? Number(match[1]) : 0;
}

/** A line of a puzzle file that is not a puzzle: where, and what is wrong. */
export class PuzzleFileError extends Error {
  override name = 'PuzzleFileError';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`puzzle file, line ${line}: ${reason}`);
  }
}

export interface Puzzle {
  /** A FEN (board, side, empty counters) of the position the player is to solve. */
  fen: string;
  /** The solution: the player's moves at even indexes, the computer's answers between them. */
  moves: string[];
  theme: PuzzleTheme;
  rating: number;
}

const MOVE = /^[a-i][0-9][a-i][0-9]$/;

/** One line of the file, or an error naming the line. */
export function parsePuzzle(line: string, lineNumber = 1): Puzzle {
  const fail = (why: string): never => {
    throw new PuzzleFileError(lineNumber, `${why}: "${line.slice(0, 80)}"`);
  };
  const fields = line.trim().split(';');
  if (fields.length !== 4) fail('wants 4 fields separated by ";"');
  const [position, moveText, theme, ratingText] = fields as [string, string, string, string];
  const [board, side, ...rest] = position.trim().split(/\s+/);
  if (!board || board.split('/').length !== 10 || (side !== 'w' && side !== 'b') || rest.length > 0)
    fail('the position wants a FEN board and side (w or b)');
  const moves = moveText.trim().split(/\s+/);
  if (moves.length % 2 !== 1 || moves.some((m) => !MOVE.test(m))) fail('the moves want an odd number of ICCS moves');
  if (!(PUZZLE_THEMES as readonly string[]).includes(theme)) fail(`unknown theme "${theme}"`);
  const rating = Number(ratingText);
  if (!Number.isInteger(rating) || rating < 0 || rating > 4000) fail('the rating wants a whole number');
  return { fen: `${board} ${side} - - 0 1`, moves, theme: theme as PuzzleTheme, rating };
}

/** Every puzzle of a file's text (comments and blank lines skipped). */
export function parsePuzzles(text: string): Puzzle[] {
  const puzzles: Puzzle[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    puzzles.push(parsePuzzle(line, i + 1));
  });
  return puzzles;
}

/** A puzzle as its line in the file. */
export function formatPuzzle(p: Puzzle): string {
  const [board, side] = p.fen.split(/\s+/);
  return `${board} ${side};${p.moves.join(' ')};${p.theme};${p.rating}`;
}
