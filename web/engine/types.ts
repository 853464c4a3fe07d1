// The one interface every consumer (UCI command line, worker, board, page, notation) uses,
// identical for the wasm and the JS build of the engine.
import type { RuleSet } from './rule-sets.ts';

export type { RuleSet } from './rule-sets.ts';

/** Which build of the engine runs: `wasm` (WebAssembly, the fast one) or `js` (plain JavaScript, for hosts without WebAssembly). */
export type Backend = 'wasm' | 'js';
/** A side: Red moves first (FEN `w`), Black second (FEN `b`). */
export type Color = 'red' | 'black';

/** FEN letters: uppercase Red, lowercase Black. */
export type PieceLetter = 'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P' | 'k' | 'a' | 'b' | 'n' | 'r' | 'c' | 'p';

/** A finished game's result, as PGN writes it: Red won, Black won, or a draw. */
export type GameResult = '1-0' | '0-1' | '1/2-1/2';
/** Why a game ended (GameStatus.reason): by the rules of play, or by the repetition rule in force (Engine.setRule). */
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

/** The state of the current position (Engine.status): whose turn, check, and the result once the game is over. */
export interface GameStatus {
  /** Side to move. */
  turn: Color;
  /** The side to move is in check. */
  inCheck: boolean;
  /** The game is over: `result` and `reason` say how it ended. */
  over: boolean;
  /** Set when `over`. */
  result?: GameResult;
  /** Set when `over`. */
  reason?: GameEndReason;
}

/**
 * The rules and the search of one engine instance (createEngine), the same for the wasm and the JS build.
 * Calls are synchronous: a search blocks its thread (use SearchWorker to search off the page's thread).
 */
export interface Engine extends Searcher {
  /** The build this engine runs on. */
  readonly backend: Backend;
  /**
   * Sets the position from a FEN and optional ICCS moves played from it.
   * Throws FenError or IllegalMoveError; on error the previous position is kept.
   */
  setPosition(fen: string, moves?: readonly string[]): void;
  /** FEN of the current position (side `w` or `b`, counters included). */
  fen(): string;
  /** The side to move. */
  turn(): Color;
  /** 90 entries, index rank * 9 + file (a0 = 0, i0 = 8, a9 = 81, i9 = 89). */
  board(): (PieceLetter | null)[];
  /** The piece on an ICCS square (`e0`), or null for an empty or unknown square. */
  pieceAt(square: string): PieceLetter | null;
  /** Legal moves in ICCS form (`h2e2`), optionally only those from one square. */
  legalMoves(from?: string): string[];
  /** Whether an ICCS move (`h2e2`) is legal in the current position; false for malformed text too. */
  isLegal(move: string): boolean;
  /** Plays a legal ICCS move; throws IllegalMoveError (position unchanged) otherwise. */
  play(move: string): void;
  /** Takes back the last move played since setPosition; returns it, or null when there is none. */
  undo(): string | null;
  /** Moves played since the last setPosition (including those passed to it). */
  history(): string[];
  /** The FEN given to the last setPosition: with history(), it replays the game. */
  startFen(): string;
  /** Whether the side to move is in check. */
  inCheck(): boolean;
  /** The game's state by the repetition rules in force (setRule). */
  status(): GameStatus;
  /** Judges repetitions by `rule` from now on, in status() and in the search; throws RangeError for an unknown name. */
  setRule(rule: RuleSet): void;
  /** The repetition rules in force (`computer` until setRule). */
  rule(): RuleSet;
  /**
   * Sets the search's named constants from `name=value` pairs (search-params.ts, for tuners; empty:
   * the shipped values, which those not named return to). Throws a RangeError on a bad pair.
   */
  setSearchParams(text: string): void;
  /** The search's named constants as the engine holds them. */
  searchParams(): Map<string, number>;
  /**
   * Lets the search probe these endgame tables inside its tree (web/egtb's Tablebases.prober()), or
   * none (null). Call again after the prober holds more tables.
   */
  useTables(prober: TableProber | null): void;
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
  staticExchange(
    move: string,
    threshold?: number,
  ): {
    /** Material gained (the search's piece values; negative: lost). */
    value: number;
    /** The search's answer to "is `value` below `threshold`?". */
    below: boolean;
  };
  /**
   * The evaluation's terms, for the evaluation tuner (tune/): the phase (0 endgame .. 16 midgame)
   * and (parameter, count) pairs, counts from Red's view, that with the weights give the evaluation.
   */
  evaluationTrace(): {
    /** The evaluation in centipawns, from Red's view. */
    score: number;
    /** Game phase: 0 endgame .. 16 midgame. */
    phase: number;
    /** (parameter, count) pairs, flattened. */
    terms: Int32Array;
  };
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
  /** Counts the leaf positions of the legal-move tree `depth` plies deep (move-generator testing). */
  perft(depth: number): number;
  /** Leaf counts per root move (the `go perft` divide). */
  divide(depth: number): Map<string, number>;
}

/** Limits of one search; all optional. Times in milliseconds. Without any limit it runs until stopped. */
export interface SearchLimits {
  /** Stop after this many plies of iterative deepening. */
  depth?: number;
  /** Stop after about this many nodes. */
  nodes?: number;
  /** Think this long (ms). */
  movetime?: number;
  /** Red's clock (ms); with `btime`, the engine divides its time itself. */
  wtime?: number;
  /** Black's clock (ms). */
  btime?: number;
  /** Red's increment per move (ms). */
  winc?: number;
  /** Black's increment per move (ms). */
  binc?: number;
  /** Moves until the next time control; unset: sudden death. */
  movestogo?: number;
  /** Search until stopped, whatever the other limits say. */
  infinite?: boolean;
  /** Lines to report (1 by default). */
  multipv?: number;
  /**
   * Searches only these root moves (ICCS, each legal in the position; UCI's `go searchmoves`): the
   * best move, the score and every line come from them. Absent or empty: every legal move.
   */
  searchmoves?: string[];
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
export type Score =
  | {
      /** Centipawns (100: about a pawn); positive: the side to move is better. */
      cp: number;
    }
  | {
      /** Moves to mate: positive, the side to move mates; negative, it is mated. */
      mate: number;
    };

/** Progress of a running search, reported after each iteration (UCI's `info` line). */
export interface SearchInfo {
  /** Plies of the iteration just finished. */
  depth: number;
  /** Deepest ply reached (selective depth, with extensions and quiescence). */
  seldepth: number;
  /** Which line (1-based) of a MultiPV search this is. */
  multipv: number;
  /** The line's score for the side to move. */
  score: Score;
  /** Nodes searched so far. */
  nodes: number;
  /** Nodes per second. */
  nps: number;
  /** Time since the search started (ms). */
  time: number;
  /** Transposition-table use, in permille (0-1000). */
  hashfull: number;
  /** The principal variation: the line the engine expects, ICCS moves from the current position. */
  pv: string[];
  /**
   * Search threads working on it (set by SearchWorker): fewer than asked for when the page is not
   * cross-origin isolated or the backend is js, which search with one.
   */
  threads?: number;
  /** Endgame-table probes behind the score (the command-line engine's answers from its tables). */
  tbhits?: number;
}

/** What a finished search returns. */
export interface SearchResult {
  /** null only when the side to move has no legal move. */
  bestMove: string | null;
  /** The expected reply to `bestMove` (ICCS), or null. */
  ponder: string | null;
  /** The best move's score for the side to move. */
  score: Score;
  /** Plies of the last completed iteration. */
  depth: number;
  /** Nodes searched. */
  nodes: number;
  /** Time the search took (ms). */
  time: number;
  /** The principal variation, starting with `bestMove`. */
  pv: string[];
}

/** A material the endgame tables hold. */
export interface TableMaterial {
  /** Its key, as the tables' module numbers materials (assembly/egtb/layout.ts). */
  key: number;
  /** The pieces of its positions, kings included. */
  pieces: number;
}

/**
 * Endgame tables the search probes inside its tree. Positions come as the tables' module
 * (assembly/egtb/) takes them: (point, code) byte pairs, the attacking side as Red.
 */
export interface TableProber {
  /** The tables held, by material. */
  materials(): readonly TableMaterial[];
  /**
   * The value of a position for `side` to move (0: the attacking side): 0 a draw, else plies to mate
   * plus one, an even count of plies when the side to move is mated; -1 when no table holds it.
   */
  probe(pieces: Uint8Array, side: number): number;
}

/** Endgame tables a search thread keeps (web/egtb's Tablebases): made elsewhere and handed over. */
export interface TableKeeper {
  /** Takes a material's table, its values as Tablebases.values gives them. */
  adopt(material: string, values: Uint16Array): void;
  /** What the search probes: the tables held now and those taken later. */
  prober(): TableProber;
}

/** Searching needs a host clock and a stop flag; the Engine runs it synchronously on its thread. */
export interface Searcher {
  /** Searches the current position within `limits`, calling `onInfo` after each iteration; blocks until done. */
  search(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): SearchResult;
  /** Resizes the transposition table to `megabytes` MiB; throws RangeError outside 1 to the build's maximum. */
  setHashSize(megabytes: number): void;
  /** Empties the transposition table (a new game). */
  clearHash(): void;
}

/** One thread of a multi-core search (the threaded build): it can also search as a helper. */
export interface ThreadEngine extends Engine {
  /** Searches the current position as Lazy SMP helper `index` (>= 1) until stopped; returns the depth reached. */
  help(index: number): number;
}
