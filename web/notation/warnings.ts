// What a reader left out so that the rest of a record could be read. Real game files are often a
// little broken (one illegal move deep in one of a hundred variations); refusing the whole file
// would lose the player's work, so a broken side line is cut at its first bad move, and the reader
// says so with a warning that names the line, the ply and the move. Only a broken header or main
// line refuses a file (the typed error of each reader).

/** A part of a record the reader left out (a side line cut at its first bad move), and why. */
export interface ReadWarning {
  /**
   * The part that was cut, in words: `variation 3` (variations counted in file order, the main
   * line not counted), a DhtmlXQ tag such as `DhtmlXQ_move_0_5_2`, or `game 2` for a PGN game
   * that was skipped.
   */
  line: string;
  /** The ply of the first bad move (1 = the game's first move), when a move was refused. */
  ply?: number;
  /** That move as the file writes it (ICCS for XQF, DhtmlXQ and CBF; the move text for PGN). */
  move?: string;
  /** What was wrong with it. */
  reason: string;
  /** How many moves were left out (the bad move and everything that follows it), when known. */
  dropped?: number;
  /** The whole warning for people, with the place in the file (byte, tag, or line and column). */
  message: string;
}

/** "variation 3 is cut here: <reason> (5 moves left out)". */
export function cutText(line: string, reason: string, dropped: number): string {
  return `${line} is cut here: ${reason} (${dropped === 1 ? '1 move' : `${dropped} moves`} left out)`;
}

export { messageOf } from '../engine/errors.ts';
