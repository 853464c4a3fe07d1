// The one interface every consumer (UCI command line, worker, board, page, notation) uses,
// identical for the wasm and the JS build of the engine.

export type Backend = 'wasm' | 'js';
export type Color = 'red' | 'black';

/** FEN letters: uppercase Red, lowercase Black. */
export type PieceLetter =
  | 'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P'
  | 'k' | 'a' | 'b' | 'n' | 'r' | 'c' | 'p';

export type GameResult = '1-0' | '0-1' | '1/2-1/2';
export type GameEndReason = 'checkmate' | 'stalemate' | 'perpetual-check' | 'repetition' | 'move-limit';

export interface GameStatus {
  /** Side to move. */
  turn: Color;
  inCheck: boolean;
  over: boolean;
  result?: GameResult;
  reason?: GameEndReason;
}

export interface Engine {
  readonly backend: Backend;
  /**
   * Sets the position from a FEN and optional ICCS moves played from it.
   * Throws FenError or IllegalMoveError; on error the previous position is kept.
   */
  setPosition(fen: string, moves?: readonly string[]): void;
  /** FEN of the current position (side `w` or `b`, counters included). */
  fen(): string;
  turn(): Color;
  /** 90 entries, index rank * 9 + file (a0 = 0, i0 = 8, a9 = 81, i9 = 89). */
  board(): (PieceLetter | null)[];
  pieceAt(square: string): PieceLetter | null;
  /** Legal moves in ICCS form (`h2e2`), optionally only those from one square. */
  legalMoves(from?: string): string[];
  isLegal(move: string): boolean;
  /** Plays a legal ICCS move; throws IllegalMoveError (position unchanged) otherwise. */
  play(move: string): void;
  /** Takes back the last move played since setPosition; returns it, or null when there is none. */
  undo(): string | null;
  /** Moves played since the last setPosition (including those passed to it). */
  history(): string[];
  /** The FEN given to the last setPosition: with history(), it replays the game. */
  startFen(): string;
  inCheck(): boolean;
  status(): GameStatus;
  perft(depth: number): number;
  /** Leaf counts per root move (the `go perft` divide). */
  divide(depth: number): Map<string, number>;
}
