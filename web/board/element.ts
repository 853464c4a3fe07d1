// <xiangqi-board>: the element's public face (reactive properties, methods, events) and its lifecycle.
// Its insides (board-core.ts) keep the game in an Engine (game.ts), turn pointer and keyboard input into
// moves (selection.ts) and let the engine play a side (computer-player.ts); it draws the game's position
// (template.ts). Position flows one way: attribute, property or method -> engine -> the drawing; the
// element never keeps a second copy of the rules.
import { LitElement } from 'lit';
import type { PropertyDeclarations, PropertyValues, TemplateResult } from 'lit';
import { defaultThreads } from '../engine/index.ts';
import { START_FEN } from '../engine/start-fen.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import type { Book } from '../engine/book.ts';
import { langOf } from './a11y.ts';
import { animateMove, prefersReducedMotion } from './animation.ts';
import { BoardCore } from './board-core.ts';
import { pointXY, squareIndex, squareName } from './geometry.ts';
import { PIECE_SETS } from './pieces.ts';
import { validShapes } from './shapes.ts';
import { boardTemplate } from './template.ts';
import { styles } from './theme.css.ts';
import type {
  Backend,
  ComputerSide,
  Evaluation,
  Coordinates,
  Interactive,
  MoveProvider,
  XiangqiBoardEventMap,
  Orientation,
  PieceSetName,
  Shape,
} from './types.ts';

export { START_FEN };

/** `show-legal` is on by default, so only the literal value "false" turns it off. */
const onUnlessFalse = { fromAttribute: (v: string | null) => v !== 'false', toAttribute: (v: boolean) => String(v) };

/**
 * A Xiangqi board that knows the rules: drag or click pieces, use the keyboard, or let the built-in
 * engine play a side. Squares a0-i9, moves in ICCS form (`h2e2`), positions as FEN.
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
 * @csspart coord - Coordinate labels
 * @csspart problem - The notice shown over the board when its engine or its computer player fails
 */
export class XiangqiBoard extends LitElement {
  static override styles = styles;

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
  };

  /** Which side is at the bottom. */
  declare orientation: Orientation;
  /** Which side(s) the user may move. A side played by `computer` is never the user's. */
  declare interactive: Interactive;
  /** Glyphs on the discs: Han characters (drawn as paths, no fonts needed), letters, or none (blindfold). */
  declare pieceSet: PieceSetName;
  declare coordinates: Coordinates;
  /** Show the legal destinations of the selected piece. */
  declare showLegal: boolean;
  /** The side the built-in engine plays (needs a MoveProvider, see `moveProvider`). */
  declare computer: ComputerSide;
  /** Computer strength 1-10: the engine's skill, and its thinking time unless `movetime` or `depth` is set. */
  declare level: number;
  declare movetime: number | undefined;
  declare depth: number | undefined;
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

  /** The game, the input, the computer, the drawing and the premove, wired together (board-core.ts). */
  private readonly _core = new BoardCore(this, () => this._readyResolve());
  private _readyResolve!: () => void;

  /** Resolves once the engine is loaded and the position is final (bad FENs have been reported). */
  readonly ready: Promise<void> = new Promise((resolve) => (this._readyResolve = resolve));

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
    this.threads = defaultThreads(globalThis.navigator?.hardwareConcurrency ?? 1);
    this.animationDuration = 200;
    this.premove = false;
    this.shapes = [];
    this.drawnShapes = [];
    this.moveProvider = null;
    // The right button draws on the board, so its context menu never opens there.
    this.addEventListener('contextmenu', (e) => e.preventDefault());
    this.openingBook = null;
    this.evaluation = 'network';
    this.evalNetwork = null;
  }

  // ---- public API -------------------------------------------------------------------------------

  /** Current position as FEN. Setting it sets the position; a bad FEN fires `error` and is ignored. */
  get fen(): string {
    return this._core.game.fen;
  }
  set fen(value: string) {
    // Frameworks re-assign unchanged properties; that must not wipe the game's history.
    if (value === this._core.game.fen) return;
    this.setPosition(value || START_FEN);
  }

  /** The rules engine in use (null until loaded). Assign one to share an engine with the page. */
  get engine(): Engine | null {
    return this._core.game.engine;
  }
  set engine(engine: Engine | null) {
    if (!engine || engine === this._core.game.engine) return;
    this._core.game.assign(engine);
  }

  /** Turn, check and result of the current position (null until the engine has loaded). */
  get status(): GameStatus | null {
    return this._core.game.status;
  }

  /** Sets the position from a FEN and optional ICCS moves played from it; false (and `error`) if bad. */
  setPosition(fen: string, moves: readonly string[] = []): boolean {
    return this._core.game.setPosition(fen, moves);
  }

  /** Plays an ICCS move as the user would (fires a cancelable `move`); false and `error` if illegal. */
  play(move: string): boolean {
    if (!this._core.game.engine) {
      this._core.error('The engine has not loaded yet (await board.ready)');
      return false;
    }
    return this._core.playMove(move, 'user', true, true);
  }

  /**
   * Takes back the last move (and, against the computer, its reply too, so it is the user's turn
   * again). Returns the move taken back, or null.
   */
  undo(): string | null {
    return this._core.game.undo();
  }

  /** Replays a move taken back by undo(); returns it, or null when there is none. */
  redo(): string | null {
    return this._core.game.redo();
  }

  flip(): void {
    this.orientation = this.orientation === 'black' ? 'red' : 'black';
  }

  /** Legal ICCS moves, optionally only from one square ([] for a square that does not exist). */
  legalMoves(from?: string): string[] {
    const e = this._core.game.engine;
    if (!e || (from !== undefined && squareIndex(from) < 0)) return [];
    return e.legalMoves(from);
  }

  /** The premove waiting to be played (ICCS), or null. */
  get pendingPremove(): string | null {
    return this._core.premove.move;
  }

  /** Drops the premove waiting, if any (fires `premovechange` with reason `cancelled`). */
  cancelPremove(): void {
    this._core.premove.clear('cancelled');
  }

  setShapes(shapes: readonly Shape[]): void {
    this.shapes = validShapes(shapes);
  }

  /** Redraws from the engine after the page changed a shared engine directly. */
  sync(): void {
    this._core.game.resync();
  }

  // ---- lifecycle --------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this._core.game.engine && !this._core.game.loading) void this._core.game.load(this.backend);
    else void this._core.computer.maybeMove();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._core.input.pointer.abort();
    this._core.drawing.abort();
    this._core.computer.disconnect();
  }

  protected override firstUpdated(): void {
    const grid = this.renderRoot.querySelector('.grid') as HTMLElement;
    this._core.input.pointer.attach(grid);
    this._core.drawing.attach(grid);
  }

  protected override updated(changed: PropertyValues): void {
    const game = this._core.game;
    if ((game.engine || this.hasAttribute('fen')) && this.getAttribute('fen') !== game.fen) {
      this.setAttribute('fen', game.fen);
    }
    if (changed.has('backend') && game.own && game.engine && game.engine.backend !== this.backend) {
      void game.load(this.backend);
    }
    if (changed.has('pieceSet') && !PIECE_SETS.includes(this.pieceSet)) {
      // A typo must not break the board: it says so and draws the default set.
      console.warn(
        `<xiangqi-board>: unknown piece-set "${this.pieceSet}" (expected ${PIECE_SETS.join(', ')}); drawing traditional`,
      );
    }
    if (changed.has('threads')) this._core.computer.setThreads(this.threads);
    if (changed.has('evaluation') && this.evaluation !== 'network' && this.evaluation !== 'hand-written') {
      console.warn(
        `<xiangqi-board>: unknown evaluation "${this.evaluation}" (expected network or hand-written); using the network`,
      );
    }
    if (['evaluation', 'evalNetwork', 'moveProvider', 'computer'].some((p) => changed.has(p)))
      void this._core.computer.updateNetwork();
    if (changed.has('computer')) {
      this._core.computer.stop();
      void this._core.computer.maybeMove();
    }
    // Who the premove was for may have changed: it no longer stands.
    if ((changed.has('premove') && !this.premove) || changed.has('computer') || changed.has('interactive')) {
      this._core.premove.clear('cancelled');
    }
    if (changed.has('orientation') && this.shadowRoot?.activeElement) this._core.input.focusCell();
    if (this._core.anim) this._runAnimation();
  }

  // ---- output -------------------------------------------------------------------------------------

  private _runAnimation(): void {
    const a = this._core.anim!;
    this._core.anim = null;
    const duration = prefersReducedMotion() ? 0 : Number(this.animationDuration) || 0;
    const [L, o] = [this._core.layout(), this._core.orientation()];
    const ghost = animateMove(this.renderRoot, pointXY(a.from, o, L), pointXY(a.to, o, L), squareName(a.to), duration);
    if (ghost) ghost.onfinish = () => this.requestUpdate();
    else if (a.captured) this.requestUpdate();
  }

  protected override render(): TemplateResult {
    const captured = this._core.anim?.captured;
    return boardTemplate({
      layout: this._core.layout(),
      orientation: this._core.orientation(),
      lang: langOf(this),
      set: PIECE_SETS.includes(this.pieceSet) ? this.pieceSet : 'traditional',
      coordinates: this.coordinates,
      board: this._core.game.board,
      input: this._core.input,
      ghost: captured ? { to: this._core.anim!.to, captured } : null,
      showLegal: this.showLegal,
      canPick: (sq) => this._core.canPick(sq),
      lastMove: this._core.game.lastMove,
      premove: this._core.premove.squares,
      check: this._core.game.check,
      shapes: this.shapes,
      drawnShapes: this.drawnShapes,
      pendingShape: this._core.drawing.pending,
      announce: this._core.announce,
      problem: this._core.problem,
    });
  }
}

/** Typed listeners for the board's six events (`move`, `change`, `gameover`, `error`, `premovechange`, `shapeschange`). */
export interface XiangqiBoard {
  addEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}
