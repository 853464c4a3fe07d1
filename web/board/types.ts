// Public types of <xiangqi-board>: attribute values, event details, shapes and the computer-player plug.
import type { Backend, Color, GameEndReason, GameResult, PieceLetter, RuleSet, SearchLimits } from '../engine/types.ts';

/**
 * SearchLimits is the engine's own type: what the board asks the computer for sets only `depth`,
 * `movetime` and `skill` of it (from the attributes), so a provider can hand it to the search unchanged.
 */
export type { Backend, Color, GameEndReason, GameResult, PieceLetter, RuleSet, SearchLimits };
/** Which side is at the bottom of the board (the `orientation` attribute). */
export type Orientation = Color;
/** Which side(s) the user may move (the `interactive` attribute); `none` makes the board a display. */
export type Interactive = 'both' | 'red' | 'black' | 'none';
/**
 * Glyphs on the discs (the `piece-set` attribute): traditional or simplified Han characters, Latin
 * letters, or none (`blank`: red and black discs; `blank-mono`: one colour).
 */
export type PieceSetName = 'traditional' | 'simplified' | 'letters' | 'blank' | 'blank-mono';
/** Labels around the board (the `coordinates` attribute): none, ICCS files a-i and ranks 0-9, or WXF files 1-9 from each side's right. */
export type Coordinates = 'none' | 'iccs' | 'wxf';
/** The side the built-in engine plays (the `computer` attribute), or none. */
export type ComputerSide = 'none' | 'red' | 'black';

/** `detail` of the `move` event: the move about to be kept (cancel the event to refuse it). */
export interface MoveDetail {
  /** ICCS move, e.g. `h2e2`. */
  move: string;
  /** Square the piece left (`h2`). */
  from: string;
  /** Square it went to (`e2`). */
  to: string;
  /** The piece that moved (FEN letter: uppercase Red). */
  piece: PieceLetter;
  /** The piece captured, or null. */
  captured: PieceLetter | null;
  /** FEN after the move. */
  fen: string;
  /** Who played it: the user (also play()) or the built-in computer player. */
  by: 'user' | 'computer';
}
/** `detail` of the `change` event. */
export interface ChangeDetail {
  /** The new position as FEN. */
  fen: string;
}
/** `detail` of the `gameover` event. */
export interface GameOverDetail {
  /** The result: `1-0` (Red won), `0-1` (Black won) or `1/2-1/2`. */
  result: GameResult;
  /** Why the game ended (checkmate, stalemate, a repetition rule, ...). */
  reason: GameEndReason;
}
/** `detail` of the `error` event. */
export interface ErrorDetail {
  /** What was refused and why, in English. */
  message: string;
}
/** `detail` of the `premovechange` event. */
export interface PremoveChangeDetail {
  /** The premove now waiting (ICCS), or null when none is. */
  move: string | null;
  /** set: made; played: it was legal and is played (its `move` event came first); illegal: dropped, not legal when its turn came; cancelled: dropped by a click, a right click, a key, or a change of position or settings. */
  reason: 'set' | 'played' | 'illegal' | 'cancelled';
}
/** `detail` of the `shapeschange` event. */
export interface ShapesChangeDetail {
  /** The user's shapes now (a copy of `drawnShapes`). */
  shapes: Shape[];
  /** The position they were drawn on. */
  fen: string;
}

/** The board's events, the one place their details are typed (the element dispatches through it). */
export interface XiangqiBoardEventMap {
  /** A move is about to be kept; cancelable (preventDefault takes it back). */
  move: CustomEvent<MoveDetail>;
  /** The position changed (a move, undo, redo, setPosition, `fen`). */
  change: CustomEvent<ChangeDetail>;
  /** The game ended. */
  gameover: CustomEvent<GameOverDetail>;
  /** Bad input was refused (bad FEN, illegal play()), or the engine failed. */
  error: CustomEvent<ErrorDetail>;
  /** The user drew or erased shapes. */
  shapeschange: CustomEvent<ShapesChangeDetail>;
  /** A premove was made, played or dropped. */
  premovechange: CustomEvent<PremoveChangeDetail>;
}

// Listeners anywhere (document, a parent, Lit's @move) get the details typed, as Lit component
// libraries declare theirs. `change` and `error` are DOM events already (Event, ErrorEvent) and
// cannot be redeclared; on the element itself its addEventListener overloads type all six.
declare global {
  interface GlobalEventHandlersEventMap {
    move: XiangqiBoardEventMap['move'];
    gameover: XiangqiBoardEventMap['gameover'];
    shapeschange: XiangqiBoardEventMap['shapeschange'];
    premovechange: XiangqiBoardEventMap['premovechange'];
  }
}

/** Colours for shapes; any CSS colour works too. */
export type Brush = 'green' | 'red' | 'blue' | 'yellow' | (string & {});

/** An arrow (`from` -> `to`) or, without `to` (or with `to` equal to `from`), a circle. */
export interface Shape {
  /** Square where the arrow starts, or the circle's square (`e2`). */
  from: string;
  /** Square the arrow points to; unset (or `from`): a circle. */
  to?: string;
  /** Colour: a named brush or any CSS colour; green by default. */
  brush?: Brush;
}

/** What the `computer` side evaluates with: a neural network (the default) or the hand-written evaluation. */
export type Evaluation = 'network' | 'hand-written';

/**
 * Plays the `computer` side. The element only asks for a move and can stop a search whose position is
 * gone; how the move is found (a Web Worker running the engine's search) is the provider's business.
 */
export interface MoveProvider {
  /** Best move in ICCS form for the position reached by playing `moves` from `fen`. */
  bestMove(fen: string, moves: readonly string[], limits: SearchLimits): Promise<string>;
  /** Abandons the running search; its promise may reject or resolve, the element ignores it. */
  stop(): void;
  /** Frees the worker; called when the element leaves the page or the provider is replaced. */
  dispose?(): void;
  /** Changes the number of search threads (the `threads` attribute). */
  setThreads?(threads: number): void;
  /** Evaluates with this network file (the shipped one or `evalNetwork`); null: the hand-written evaluation. */
  setNetwork?(file: Uint8Array | null): void;
  /** Judges repetitions in its search by these rules (the `rule` attribute). */
  setRule?(rule: RuleSet): void;
  /**
   * Probes, inside its searches, the endgame tables that captures may reach from the position, made
   * by the board's own tables worker (the `tablebases` attribute); null: none. The board owns the
   * worker, so one worker makes the tables for its table moves and its searches alike.
   */
  useTables?(tables: BoardTables | null): void;
}

/** One endgame table, handed to a search (`SearchWorker.useTables`). */
export interface HandedTable {
  /** Its material, the attacking side first as Red: `KR-KAA`. */
  material: string;
  /** Its values for both sides to move, as `Tablebases.values` gives them. */
  values: Uint16Array;
}

/** The board's endgame tables' worker, as a provider's search asks it for tables. */
export interface BoardTables {
  /**
   * The tables a search from `fen` may reach by captures, made or read back within `budgetMs`, less
   * those named in `holds`.
   */
  reachable(fen: string, holds: readonly string[], budgetMs: number): Promise<HandedTable[]>;
}

/** Makes the MoveProvider for a board (setDefaultMoveProvider): called with the board's `backend` and `threads`. */
export type MoveProviderFactory = (
  backend: Backend,
  options: { threads: number },
) => MoveProvider | Promise<MoveProvider>;
