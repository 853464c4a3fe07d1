// Public types of <xiangqi-board>: attribute values, event details, shapes and the computer-player plug.
import type { Backend, Color, GameEndReason, GameResult, PieceLetter, RuleSet, SearchLimits } from '../engine/types.ts';

/**
 * SearchLimits is the engine's own type: what the board asks the computer for sets only `depth`,
 * `movetime` and `skill` of it (from the attributes), so a provider can hand it to the search unchanged.
 */
export type { Backend, Color, GameEndReason, GameResult, PieceLetter, RuleSet, SearchLimits };
export type Orientation = Color;
export type Interactive = 'both' | 'red' | 'black' | 'none';
export type PieceSetName = 'traditional' | 'simplified' | 'letters' | 'blank' | 'blank-mono';
export type Coordinates = 'none' | 'iccs' | 'wxf';
export type ComputerSide = 'none' | 'red' | 'black';

export interface MoveDetail {
  /** ICCS move, e.g. `h2e2`. */
  move: string;
  from: string;
  to: string;
  piece: PieceLetter;
  captured: PieceLetter | null;
  /** FEN after the move. */
  fen: string;
  by: 'user' | 'computer';
}
export interface ChangeDetail {
  fen: string;
}
export interface GameOverDetail {
  result: GameResult;
  reason: GameEndReason;
}
export interface ErrorDetail {
  message: string;
}
export interface PremoveChangeDetail {
  /** The premove now waiting (ICCS), or null when none is. */
  move: string | null;
  /** set: made; played: it was legal and is played (its `move` event came first); illegal: dropped, not legal when its turn came; cancelled: dropped by a click, a right click, a key, or a change of position or settings. */
  reason: 'set' | 'played' | 'illegal' | 'cancelled';
}
export interface ShapesChangeDetail {
  /** The user's shapes now (a copy of `drawnShapes`). */
  shapes: Shape[];
  /** The position they were drawn on. */
  fen: string;
}

/** The board's events, the one place their details are typed (the element dispatches through it). */
export interface XiangqiBoardEventMap {
  move: CustomEvent<MoveDetail>;
  change: CustomEvent<ChangeDetail>;
  gameover: CustomEvent<GameOverDetail>;
  error: CustomEvent<ErrorDetail>;
  shapeschange: CustomEvent<ShapesChangeDetail>;
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
  from: string;
  to?: string;
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
}

export type MoveProviderFactory = (
  backend: Backend,
  options: { threads: number },
) => MoveProvider | Promise<MoveProvider>;
