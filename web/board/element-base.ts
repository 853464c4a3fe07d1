// What <xiangqi-board> declares to the outside (element.ts is the element itself): its reactive
// properties, each with its attribute, type, default and meaning; its events, with typed listeners; its
// CSS custom properties and parts; and its pictures (toSvg, toPng), which read only that public state.
// The custom-elements manifest is read from here and from element.ts.
import { LitElement } from 'lit';
import type { PropertyDeclarations } from 'lit';
import { defaultThreads } from '../engine/index.ts';
import type { Book } from '../engine/book.ts';
import type { XiangqiBoard } from './element.ts';
import { boardScene, type PictureOptions } from './picture.ts';
import { scenePng } from './picture-canvas.ts';
import { sceneSvg } from './picture-svg.ts';
import type {
  Backend,
  ComputerSide,
  Coordinates,
  Evaluation,
  Interactive,
  MoveProvider,
  Orientation,
  PieceSetName,
  RuleSet,
  Shape,
  XiangqiBoardEventMap,
} from './types.ts';

/** `show-legal` is on by default, so only the literal value "false" turns it off. */
const onUnlessFalse = { fromAttribute: (v: string | null) => v !== 'false', toAttribute: (v: boolean) => String(v) };

/**
 * The properties, events and looks <xiangqi-board> (XiangqiBoard, element.ts) offers.
 *
 * @fires move - A move is about to be kept (cancelable). `detail`: MoveDetail { move, from, to, piece, captured, fen, by }
 * @fires change - The position changed (move, undo, redo, setPosition, `fen`). `detail`: { fen }
 * @fires gameover - The game ended. `detail`: { result: '1-0' | '0-1' | '1/2-1/2', reason }
 * @fires error - Bad input was refused (bad FEN, illegal play(), engine trouble). `detail`: { message }
 * @fires premovechange - A premove was made, played or dropped. `detail`: { move: string | null, reason: 'set' | 'played' | 'illegal' | 'cancelled' }
 * @fires shapeschange - The user drew or erased shapes (not fired when a position change clears them). `detail`: { shapes, fen }
 *
 * @cssprop --xq-board - Board (wood) colour
 * @cssprop --xq-line - Lines, river text and coordinates
 * @cssprop --xq-red - Red pieces' characters and rings
 * @cssprop --xq-black - Black pieces' characters and rings
 * @cssprop --xq-piece - Disc face colour
 * @cssprop --xq-piece-highlight - Disc face highlight (gradient centre)
 * @cssprop --xq-piece-edge - Disc edge
 * @cssprop --xq-red-piece - Red discs' face (default --xq-piece; light under the dark scheme)
 * @cssprop --xq-red-piece-highlight - Red discs' face highlight
 * @cssprop --xq-black-piece - Black discs' face (default --xq-piece; dark under the dark scheme)
 * @cssprop --xq-black-piece-highlight - Black discs' face highlight
 * @cssprop --xq-highlight - Last-move squares
 * @cssprop --xq-select - Ring of the selected piece
 * @cssprop --xq-premove - Squares of a premove waiting to be played
 * @cssprop --xq-dest - Legal destination dots and capture rings
 * @cssprop --xq-check - Glow under a king in check
 * @cssprop --xq-focus - Keyboard focus ring
 * @cssprop --xq-coord - Coordinate labels
 * @cssprop --xq-arrow - Default (green) arrow colour
 * @cssprop --xq-font - Font of the letter set and the coordinates (Han characters are drawn as paths)
 *
 * @csspart board - The SVG
 * @csspart point - Each of the 90 focusable cells over the points
 * @csspart piece - Each piece (with `red` or `black`)
 * @csspart red - Red pieces
 * @csspart black - Black pieces
 * @csspart highlight - Last-move squares and the check glow (`check`)
 * @csspart check - The glow under a king in check
 * @csspart premove - The two squares of a premove waiting to be played
 * @csspart dest - Legal destination markers
 * @csspart arrow - Shapes: the page's (setShapes) and the user's (also `drawn`); circles also `circle`
 * @csspart drawn - Shapes the user drew (right button); the one being drawn also `pending`
 * @csspart circle - Shapes that are circles (a square marked, not an arrow), also `arrow`
 * @csspart pending - The shape the user is drawing now, before the button is let go (also `arrow drawn`)
 * @csspart coord - Coordinate labels
 * @csspart problem - The notice shown over the board when its engine or its computer player fails
 */
// The interface of the same name below types addEventListener for the board's events (Lit's idiom).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class XiangqiBoardBase extends LitElement {
  static override properties: PropertyDeclarations = {
    // `fen` has its own accessor (setting it validates through the engine at once) and is reflected
    // by hand in updated(): Lit skips reflection while it is applying that same attribute, which would
    // leave a rejected FEN standing in the attribute.
    fen: { noAccessor: true },
    orientation: { reflect: true },
    interactive: { reflect: true },
    pieceSet: { attribute: 'piece-set', reflect: true },
    coordinates: { reflect: true },
    showLegal: { attribute: 'show-legal', converter: onUnlessFalse },
    computer: { reflect: true },
    level: { type: Number, reflect: true },
    elo: { type: Number, reflect: true },
    movetime: { type: Number },
    depth: { type: Number },
    backend: { reflect: true },
    threads: { type: Number, reflect: true },
    animationDuration: { type: Number, attribute: 'animation-duration' },
    premove: { type: Boolean, reflect: true },
    shapes: { attribute: false },
    drawnShapes: { attribute: false },
    moveProvider: { attribute: false },
    openingBook: { attribute: false },
    evaluation: { reflect: true },
    evalNetwork: { attribute: false },
    rule: { reflect: true },
    tablebases: { type: Boolean, reflect: true },
  };

  /** Which side is at the bottom. */
  declare orientation: Orientation;
  /** Which side(s) the user may move. A side played by `computer` is never the user's. */
  declare interactive: Interactive;
  /** Glyphs on the discs: Han characters (drawn as paths, no fonts needed), letters, or none (blindfold). */
  declare pieceSet: PieceSetName;
  /** Labels around the board: `none` (the default), `iccs` (files a-i, ranks 0-9) or `wxf` (files 1-9 from each side's right). */
  declare coordinates: Coordinates;
  /** Show the legal destinations of the selected piece. */
  declare showLegal: boolean;
  /** The side the built-in engine plays (needs a MoveProvider, see `moveProvider`). */
  declare computer: ComputerSide;
  /** Computer strength 1-10: the engine's skill, and its thinking time unless `movetime` or `depth` is set. */
  declare level: number;
  /**
   * The computer's rating (800-2400, on the scale of the engine's ladder): overrides `level`, and
   * thinks 500 ms a move unless `movetime` or `depth` is set. Unset: `level` decides.
   */
  declare elo: number | undefined;
  /** The computer's thinking time per move in ms; overrides the time `level` or `elo` gives. Unset by default. */
  declare movetime: number | undefined;
  /** The computer searches this many plies deep (1 and up) instead of by time. Unset by default. */
  declare depth: number | undefined;
  /** Engine build the board loads: `wasm` (the default) or `js` (for hosts without WebAssembly). */
  declare backend: Backend;
  /** Search threads for the computer (1-8); more than one only on a cross-origin isolated page. */
  declare threads: number;
  /** Move animation in ms; 0 turns it off. Reduced-motion users never get animation. */
  declare animationDuration: number;
  /**
   * While the other side is to move and the user may not move it (the computer, or the page, is
   * thinking), the user may make a move for their own side: it waits, highlighted, and is played as
   * soon as it is their turn if it is legal then, or dropped.
   */
  declare premove: boolean;
  /** The page's arrows and circles (hints, analysis); cleared whenever the position changes. */
  declare shapes: Shape[];
  /**
   * The user's own arrows and circles (right-button drawing), kept apart from `shapes`. Cleared when
   * the position changes, without an event: a page that keeps them per position sets them again.
   */
  declare drawnShapes: Shape[];
  /** Finds the computer's moves; when unset, the one registered with setDefaultMoveProvider is used. */
  declare moveProvider: MoveProvider | null;
  /** The computer plays from this opening book while the position is in it (`loadBook(url)`). */
  declare openingBook: Book | null;
  /**
   * What the computer evaluates with: `network` (the default: the network shipped with the package,
   * fetched once when the computer first needs it, or `evalNetwork`) or `hand-written`. Where the
   * network cannot be fetched the hand-written evaluation plays.
   */
  declare evaluation: Evaluation;
  /** A network file of the page's own (`await loadNetwork(url)`) instead of the shipped one; null: the shipped one. */
  declare evalNetwork: Uint8Array | null;
  /**
   * How repetitions are judged, on the board (its status, `gameover`) and in the computer's search:
   * `computer` (the default; Pikafish's rule), `asian` (AXF), `chinese` (CXA 2020) or `check-only`.
   * It sets the rules of the engine the board uses, the page's own when the page gave one.
   */
  declare rule: RuleSet;
  /**
   * The computer plays from the endgame tables where they cover the position (one or two attacking
   * pieces against advisors and elephants): the fastest mate, the longest defence, or a search among
   * the drawing moves. The tables are made in a worker the first time a position needs them (a
   * second or two) and kept in IndexedDB. Off by default.
   */
  declare tablebases: boolean;

  constructor() {
    super();
    this.orientation = 'red';
    this.interactive = 'both';
    this.pieceSet = 'traditional';
    this.coordinates = 'none';
    this.showLegal = true;
    this.computer = 'none';
    this.level = 5;
    this.backend = 'wasm';
    this.threads = defaultThreads();
    this.animationDuration = 200;
    this.premove = false;
    this.shapes = [];
    this.drawnShapes = [];
    this.moveProvider = null;
    this.openingBook = null;
    this.evaluation = 'network';
    this.evalNetwork = null;
    this.rule = 'computer';
    this.tablebases = false;
  }

  /**
   * The position as an SVG image (a string): `size` (width in pixels), `pieceSet`, `coordinates`, `orientation`
   * (the board's own by default), `lastMove` and `arrows` (shown by default), `monochrome` (for print).
   */
  toSvg(this: XiangqiBoard, options: PictureOptions = {}): string {
    return sceneSvg(boardScene(this, options), options.size);
  }

  /** The position as a PNG image: the picture toSvg gives, painted on a canvas. */
  toPng(this: XiangqiBoard, options: PictureOptions = {}): Promise<Blob> {
    return scenePng(boardScene(this, options), options.size);
  }
}

/** Typed listeners for the board's six events (`move`, `change`, `gameover`, `error`, `premovechange`, `shapeschange`). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface XiangqiBoardBase {
  /** Listens for one of the board's events, its `detail` typed (XiangqiBoardEventMap). */
  addEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /** Listens for any other event, as on every element. */
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /** Removes a listener of one of the board's events. */
  removeEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  /** Removes a listener of any other event. */
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}
