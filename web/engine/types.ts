// The one interface every consumer (UCI command line, worker, board, page, notation) uses,
// identical for the wasm and the JS build of the engine.
import type { RuleSet } from './rule-sets.ts';

export type { RuleSet } from './rule-sets.ts';

export type Backend = 'wasm' | 'js';
export type Color = 'red' | 'black';

/** FEN letters: uppercase Red, lowercase Black. */
export type PieceLetter = 'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P' | 'k' | 'a' | 'b' | 'n' | 'r' | 'c' | 'p';

export type GameResult = '1-0' | '0-1' | '1/2-1/2';
export type GameEndReason =
  | 'checkmate'
  | 'stalemate'
  | 'perpetual-check'
  | 'perpetual-chase'
  | 'repetition'
  | 'move-limit'
  | 'insufficient-material'
  /** Chinese rules: repeated attacking moves mixing checks, mate threats and chases, or mate threats alone. */
  | 'perpetual-attack';

export interface GameStatus {
  /** Side to move. */
  turn: Color;
  inCheck: boolean;
  over: boolean;
  result?: GameResult;
  reason?: GameEndReason;
}

export interface Engine extends Searcher {
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
  /** The game's state by the repetition rules in force (setRule). */
  status(): GameStatus;
  /** Judges repetitions by `rule` from now on, in status() and in the search; throws RangeError for an unknown name. */
  setRule(rule: RuleSet): void;
  rule(): RuleSet;
  /** The static evaluation of the current position in centipawns, for the side to move. */
  staticEval(): number;
  /** True when the side to move is not in check and has no capture that wins material (the tuner's positions). */
  isQuiet(): boolean;
  /**
   * The position's 64-bit hash key as 16 hex digits: what the transposition table and the
   * repetition rules tell positions apart by (pieces and side to move, not how the game got there).
   */
  positionKey(): string;
  /**
   * The static exchange of a legal move, for tests: `value`, the material (in the search's piece
   * values) the side to move gains on the target point with both sides stopping at their best
   * moment, and `below`, the search's shortcut answer to "is it below `threshold`?". Throws
   * IllegalMoveError for a move that is not legal here.
   */
  staticExchange(move: string, threshold?: number): { value: number; below: boolean };
  /**
   * The evaluation's terms, for the evaluation tuner (tune/): the phase (0 endgame .. 16 midgame)
   * and (parameter, count) pairs, counts from Red's view, that with the weights give the evaluation.
   */
  evaluationTrace(): { score: number; phase: number; terms: Int32Array };
  /**
   * Evaluates with a network file (the bytes of an `.nnue` file, layout in tune/README.md), or with
   * the hand-written evaluation again (null). A bad file throws NetworkFileError and changes nothing.
   */
  setNetwork(file: Uint8Array | null): void;
  /** Hidden units of the network in use; 0 with the hand-written evaluation. */
  networkSize(): number;
  /**
   * For benchmarks: `count` evaluations of the position's replies with the evaluation in use, each
   * from scratch (`fresh`) or updated by the one move; returns the sum of the scores (equal work
   * gives equal sums on every build).
   */
  benchmarkEvaluation(fresh: boolean, count: number): number;
  perft(depth: number): number;
  /** Leaf counts per root move (the `go perft` divide). */
  divide(depth: number): Map<string, number>;
}

/** Limits of one search; all optional. Times in milliseconds. Without any limit it runs until stopped. */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  infinite?: boolean;
  /** Lines to report (1 by default). */
  multipv?: number;
  /** 0..20; below 20 the engine plays weaker on purpose. Default 20. */
  skill?: number;
  /**
   * Plays at this rating (UCI_Elo, strength.ts: from the ladder's table) instead of `skill`;
   * ratings outside the table's range play as its weakest or strongest level.
   */
  elo?: number;
  /** Seeds the choices of weakened play, for reproducible games. */
  seed?: number;
}

/** A score from the side to move's point of view: centipawns, or moves to mate (negative: being mated). */
export type Score = { cp: number } | { mate: number };

export interface SearchInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  time: number;
  hashfull: number;
  pv: string[];
  /**
   * Search threads working on it (set by SearchWorker): fewer than asked for when the page is not
   * cross-origin isolated or the backend is js, which search with one.
   */
  threads?: number;
}

export interface SearchResult {
  /** null only when the side to move has no legal move. */
  bestMove: string | null;
  ponder: string | null;
  score: Score;
  depth: number;
  nodes: number;
  time: number;
  pv: string[];
}

/** Searching needs a host clock and a stop flag; the Engine runs it synchronously on its thread. */
export interface Searcher {
  search(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): SearchResult;
  setHashSize(megabytes: number): void;
  clearHash(): void;
}

/** One thread of a multi-core search (the threaded build): it can also search as a helper. */
export interface ThreadEngine extends Engine {
  /** Searches the current position as Lazy SMP helper `index` (>= 1) until stopped; returns the depth reached. */
  help(index: number): number;
}
