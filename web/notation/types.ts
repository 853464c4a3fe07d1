// Types shared by the notation converters. The converters never own a position: they read one
// through PositionView, which the engine satisfies, so the board, the page and the command line
// can all pass whatever engine instance they already hold.

import type { Color, PieceLetter } from '../engine/types.ts';

export type { Color, PieceLetter };

/** The little a converter needs to know about a position. An `Engine` satisfies it. */
export interface PositionView {
  /** 90 entries, index rank * 9 + file (a0 = 0, i9 = 89), FEN letters or null. */
  board(): readonly (PieceLetter | null)[];
  /** Side to move. */
  turn(): Color;
  /** Every legal move for the side to move, in ICCS (`h2e2`). */
  legalMoves(): string[];
}

/**
 * What PGN reading and writing need on top of a view: replaying a game from its start.
 * `Engine` satisfies it; reading resets it with `setPosition` once per game.
 */
export interface ReplayEngine extends PositionView {
  /** Sets the position from a FEN and ICCS moves played from it; throws FenError or IllegalMoveError. */
  setPosition(fen: string, moves?: readonly string[]): void;
  /** Plays a legal ICCS move; throws IllegalMoveError otherwise. */
  play(move: string): void;
  /** The current position as FEN. */
  fen(): string;
  /** Takes back the last move played (optional: readers use it to move between lines quickly). */
  undo?(): string | null;
}

/** Piece kinds by their FEN letter (Red's, uppercase). */
export type PieceKind = 'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P';

/** The move notations this module reads and writes. */
export type NotationName = 'ICCS' | 'WXF' | 'chinese';

/** Han characters of the Chinese notation: simplified (车马炮) or traditional (車馬砲). */
export type Charset = 'simplified' | 'traditional';
