// Typed errors, so callers (the page's move box, the PGN importer, the command line) can tell a
// typo from an ambiguous or illegal move and show the reason as it is.

import type { NotationName } from './types.ts';

/**
 * Why a move text could not be read or written:
 * - `syntax`: the text is not a move in that notation at all;
 * - `no-piece`: it names a piece that is not where it says (no cannon on file 2);
 * - `ambiguous`: it fits more than one piece or move, and the convention asks for more detail;
 * - `illegal`: it names a move that the rules do not allow in this position;
 * - `unsupported`: the position cannot be written in that notation (e.g. three rooks on a file
 *   after a hand-made FEN).
 */
export type NotationErrorCode = 'syntax' | 'no-piece' | 'ambiguous' | 'illegal' | 'unsupported';

/** A move text that cannot be read in a notation, or a move that cannot be written in one; `code` says why. */
export class NotationError extends Error {
  /** Always `NotationError`, to tell this error from others by name. */
  override name = 'NotationError';
  constructor(
    /** The notation being read or written. */
    readonly notation: NotationName,
    /** The text (or ICCS move) that was being converted. */
    readonly input: string,
    /** Why, as a code a program can test. */
    readonly code: NotationErrorCode,
    /** The problem in words, without the input (the message adds it). */
    readonly reason: string,
  ) {
    super(`${notationLabel(notation)} move "${input}": ${reason}`);
  }
}

export function notationLabel(notation: NotationName): string {
  return notation === 'chinese' ? 'Chinese' : notation;
}

/**
 * A PGN file that cannot be imported (`line` and `column` 1-based), or a game that cannot be
 * written (`line` 0: the problem is in the game, not in a file).
 */
export class PgnError extends Error {
  /** Always `PgnError`, to tell this error from others by name. */
  override name = 'PgnError';
  constructor(
    /** 1-based line of the file; 0 when the problem is in a game being written. */
    readonly line: number,
    /** 1-based column of the line (0 with `line` 0). */
    readonly column: number,
    /** The problem in words, without the position (the message adds it). */
    readonly reason: string,
    /** 1-based index of the game in the file, when the problem is inside one. */
    readonly game?: number,
    /** The underlying notation or engine error, when there is one. */
    override readonly cause?: unknown,
    /** The ply (1: the game's first move) of a main-line move that was refused, when one was. */
    readonly ply?: number,
  ) {
    super(
      line > 0
        ? `PGN line ${line}, column ${column}${game ? ` (game ${game})` : ''}: ${reason}`
        : `PGN${game ? ` game ${game}` : ''}: ${reason}`,
    );
  }
}

/**
 * An XQF file that cannot be imported. `offset` is the byte in the file where the problem is
 * (the header field, or the move record); `ply` and `move` name a move that the rules refuse.
 */
export class XqfError extends Error {
  /** Always `XqfError`, to tell this error from others by name. */
  override name = 'XqfError';
  constructor(
    /** The problem in words, without the place (the message adds it). */
    readonly reason: string,
    /** The byte of the file where the problem is, when it is in one place. */
    readonly offset?: number,
    /** The ply (1 = the game's first move) of a refused move. */
    readonly ply?: number,
    /** The move in ICCS, when the problem is a move. */
    readonly move?: string,
    /** The underlying notation or engine error, when there is one. */
    override readonly cause?: unknown,
  ) {
    super(`XQF${placeOf(offset, ply, move)}: ${reason}`);
  }
}

/**
 * A DhtmlXQ (UBB) text that cannot be imported. `tag` is the tag holding the problem
 * (`DhtmlXQ_movelist`, `DhtmlXQ_move_0_3_1`, ...); `ply` and `move` name a refused move.
 */
export class UbbError extends Error {
  /** Always `UbbError`, to tell this error from others by name. */
  override name = 'UbbError';
  constructor(
    /** The problem in words, without the place (the message adds it). */
    readonly reason: string,
    /** The DhtmlXQ tag holding the problem. */
    readonly tag?: string,
    /** The ply (1 = the game's first move) of a refused move. */
    readonly ply?: number,
    /** The refused move in ICCS. */
    readonly move?: string,
    /** The underlying notation or engine error, when there is one. */
    override readonly cause?: unknown,
  ) {
    super(`DhtmlXQ${tag ? ` [${tag}]` : ''}${placeOf(undefined, ply, move)}: ${reason}`);
  }
}

/**
 * A 象棋桥 CBF (XML) record that cannot be imported. `line` is the line of the XML text where the
 * problem is; `ply` and `move` name a refused move.
 */
export class CbfError extends Error {
  /** Always `CbfError`, to tell this error from others by name. */
  override name = 'CbfError';
  constructor(
    /** The problem in words, without the place (the message adds it). */
    readonly reason: string,
    /** 1-based line of the XML text where the problem is. */
    readonly line?: number,
    /** The ply (1 = the game's first move) of a refused move. */
    readonly ply?: number,
    /** The refused move in ICCS. */
    readonly move?: string,
    /** The underlying notation or engine error, when there is one. */
    override readonly cause?: unknown,
  ) {
    super(
      `CBF${line !== undefined ? ` line ${line}` : ''}${line !== undefined && ply !== undefined ? ',' : ''}${placeOf(undefined, ply, move)}: ${reason}`,
    );
  }
}

function placeOf(offset?: number, ply?: number, move?: string): string {
  const parts: string[] = [];
  if (offset !== undefined) parts.push(`byte ${offset} (0x${offset.toString(16)})`);
  if (ply !== undefined) parts.push(`ply ${ply}${move ? ` ${move}` : ''}`);
  return parts.length ? ` ${parts.join(', ')}` : '';
}
