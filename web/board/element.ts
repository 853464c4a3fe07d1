// <xiangqi-board>: the element's public face (reactive properties, methods, events) and its lifecycle.
// It draws the game's position (template.ts), turns pointer and keyboard input into moves (selection.ts),
// lets the engine play a side (computer-player.ts), and keeps the game in an Engine (game.ts). Position
// flows one way: attribute, property or method -> engine -> the drawing; the element never keeps a second
// copy of the rules.
import { LitElement } from 'lit';
import type { PropertyDeclarations, PropertyValues, TemplateResult } from 'lit';
import { defaultThreads } from '../engine/index.ts';
import { START_FEN } from '../engine/start-fen.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import type { Book } from '../engine/book.ts';
import { langOf } from './a11y.ts';
import { animateMove, cancelAll, prefersReducedMotion } from './animation.ts';
import { BoardGame, type GameHost } from './game.ts';
import { layoutFor, parseMove, pointXY, squareIndex, squareName } from './geometry.ts';
import type { Layout } from './geometry.ts';
import { canDrawHan, isRed } from './pieces.ts';
import { BoardInput, type InputHost } from './selection.ts';
import { ComputerPlayer, type ComputerHost } from './computer-player.ts';
import { validShapes } from './shapes.ts';
import { boardTemplate } from './template.ts';
import { styles } from './theme.css.ts';
import type {
  Backend,
  Color,
  ComputerSide,
  Coordinates,
  Interactive,
  MoveProvider,
  XiangqiBoardEventMap,
  Orientation,
  PieceLetter,
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
 *
 * @cssprop --xq-board - Board (wood) colour
 * @cssprop --xq-line - Lines, river text and coordinates
 * @cssprop --xq-red - Red pieces' characters and rings
 * @cssprop --xq-black - Black pieces' characters and rings
 * @cssprop --xq-piece - Disc face colour
 * @cssprop --xq-piece-highlight - Disc face highlight (gradient centre)
 * @cssprop --xq-piece-edge - Disc edge
 * @cssprop --xq-highlight - Last-move squares
 * @cssprop --xq-select - Ring of the selected piece
 * @cssprop --xq-dest - Legal destination dots and capture rings
 * @cssprop --xq-check - Glow under a king in check
 * @cssprop --xq-focus - Keyboard focus ring
 * @cssprop --xq-coord - Coordinate labels
 * @cssprop --xq-arrow - Default (green) arrow colour
 * @cssprop --xq-font - Font stack for the characters (Kai faces first)
 *
 * @csspart board - The SVG
 * @csspart point - Each of the 90 focusable cells over the points
 * @csspart piece - Each piece (with `red` or `black`)
 * @csspart red - Red pieces
 * @csspart black - Black pieces
 * @csspart highlight - Last-move squares and the check glow (`check`)
 * @csspart check - The glow under a king in check
 * @csspart dest - Legal destination markers
 * @csspart arrow - Shapes from setShapes (arrows, and circles with `circle`)
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
    shapes: { attribute: false },
    moveProvider: { attribute: false },
    openingBook: { attribute: false },
  };

  /** Which side is at the bottom. */
  declare orientation: Orientation;
  /** Which side(s) the user may move. A side played by `computer` is never the user's. */
  declare interactive: Interactive;
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
  /** Arrows and circles drawn over the board; cleared whenever the position changes. */
  declare shapes: Shape[];
  /** Finds the computer's moves; when unset, the one registered with setDefaultMoveProvider is used. */
  declare moveProvider: MoveProvider | null;
  /** The computer plays from this opening book while the position is in it (`loadBook(url)`). */
  declare openingBook: Book | null;

  /** The game, its engine and the snapshot of the position that is drawn. */
  private readonly _game = new BoardGame(this._gameHost());
  private _anim: { from: number; to: number; captured: PieceLetter | null } | null = null;
  private _announce = '';
  /** Engine trouble the user should see (not only the page, through `error`); null when all is well. */
  private _problem: string | null = null;
  private _han = true;
  private _readyResolve!: () => void;
  private readonly _input = new BoardInput(this._inputHost());
  private readonly _computer = new ComputerPlayer(this, this._computerHost());

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
    this.shapes = [];
    this.moveProvider = null;
    this.openingBook = null;
  }

  // ---- public API -------------------------------------------------------------------------------

  /** Current position as FEN. Setting it sets the position; a bad FEN fires `error` and is ignored. */
  get fen(): string {
    return this._game.fen;
  }
  set fen(value: string) {
    // Frameworks re-assign unchanged properties; that must not wipe the game's history.
    if (value === this._game.fen) return;
    this.setPosition(value || START_FEN);
  }

  /** The rules engine in use (null until loaded). Assign one to share an engine with the page. */
  get engine(): Engine | null {
    return this._game.engine;
  }
  set engine(engine: Engine | null) {
    if (!engine || engine === this._game.engine) return;
    this._game.assign(engine);
  }

  /** Turn, check and result of the current position (null until the engine has loaded). */
  get status(): GameStatus | null {
    return this._game.status;
  }

  /** Sets the position from a FEN and optional ICCS moves played from it; false (and `error`) if bad. */
  setPosition(fen: string, moves: readonly string[] = []): boolean {
    return this._game.setPosition(fen, moves);
  }

  /** Plays an ICCS move as the user would (fires a cancelable `move`); false and `error` if illegal. */
  play(move: string): boolean {
    if (!this._game.engine) {
      this._error('The engine has not loaded yet (await board.ready)');
      return false;
    }
    return this._game.play(move, 'user', true, true);
  }

  /**
   * Takes back the last move (and, against the computer, its reply too, so it is the user's turn
   * again). Returns the move taken back, or null.
   */
  undo(): string | null {
    return this._game.undo();
  }

  /** Replays a move taken back by undo(); returns it, or null when there is none. */
  redo(): string | null {
    return this._game.redo();
  }

  flip(): void {
    this.orientation = this.orientation === 'black' ? 'red' : 'black';
  }

  /** Legal ICCS moves, optionally only from one square ([] for a square that does not exist). */
  legalMoves(from?: string): string[] {
    const e = this._game.engine;
    if (!e || (from !== undefined && squareIndex(from) < 0)) return [];
    return e.legalMoves(from);
  }

  setShapes(shapes: readonly Shape[]): void {
    this.shapes = validShapes(shapes);
  }

  /** Redraws from the engine after the page changed a shared engine directly. */
  sync(): void {
    this._game.resync();
  }

  // ---- lifecycle --------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    this._han = canDrawHan();
    if (!this._game.engine && !this._game.loading) void this._game.load(this.backend);
    else void this._computer.maybeMove();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._input.pointer.abort();
    this._computer.disconnect();
  }

  protected override firstUpdated(): void {
    this._input.pointer.attach(this.renderRoot.querySelector('.grid') as HTMLElement);
  }

  protected override updated(changed: PropertyValues): void {
    const game = this._game;
    if ((game.engine || this.hasAttribute('fen')) && this.getAttribute('fen') !== game.fen) {
      this.setAttribute('fen', game.fen);
    }
    if (changed.has('backend') && game.own && game.engine && game.engine.backend !== this.backend) {
      void game.load(this.backend);
    }
    if (changed.has('threads')) this._computer.setThreads(this.threads);
    if (changed.has('computer')) {
      this._computer.stop();
      void this._computer.maybeMove();
    }
    if (changed.has('orientation') && this.shadowRoot?.activeElement) this._input.focusCell();
    if (this._anim) this._runAnimation();
  }

  /**
   * Redraws after any change of position: the snapshot is re-read, running animations, the drag, the
   * selection, the arrows and the computer's search are dropped. `notify` fires `change` (and
   * `gameover` when the game has ended); a move's own events are fired by BoardGame.play.
   */
  private _changed(notify: boolean): void {
    const game = this._game;
    const old = game.fen;
    game.advance();
    cancelAll(this.shadowRoot);
    this._input.pointer.abort();
    this._input.reset();
    this.shapes = [];
    this._computer.stop();
    this.requestUpdate('fen', old);
    if (notify) {
      this._emit('change', { fen: game.fen });
      const s = game.status!;
      // The engine gives every status of a game that is over its result and reason.
      if (s.over) this._emit('gameover', { result: s.result!, reason: s.reason! });
    }
    void this._computer.maybeMove();
  }

  // ---- input --------------------------------------------------------------------------------------

  private _userMayMove(color: Color): boolean {
    return (this.interactive === 'both' || this.interactive === color) && this.computer !== color;
  }

  private _canPick(sq: number): boolean {
    const piece = this._game.board[sq];
    const s = this._game.status;
    if (!piece || !s || s.over || this._computer.thinking) return false;
    const color: Color = isRed(piece) ? 'red' : 'black';
    return color === s.turn && this._userMayMove(color);
  }

  private _gameHost(): GameHost {
    return {
      computer: () => this.computer,
      changed: (notify) => this._changed(notify),
      requestUpdate: (name, old) => this.requestUpdate(name, old),
      emit: (type, detail, cancelable) => this._emit(type, detail, cancelable),
      error: (text) => this._error(text),
      showProblem: (text) => this._showProblem(text),
      say: (text) => this._say(text),
      lang: () => langOf(this),
      animate: (from, to, captured) => (this._anim = { from, to, captured }),
      ready: () => this._readyResolve(),
    };
  }

  private _computerHost(): ComputerHost {
    return {
      engine: () => this._game.engine,
      root: () => this._game.root,
      version: () => this._game.version,
      play: (move) => this._game.play(move, 'computer', true, false),
      error: (text) => this._error(text),
      showProblem: (text) => this._showProblem(text),
    };
  }

  private _inputHost(): InputHost {
    return {
      root: () => this.renderRoot,
      layout: () => this._layout(),
      orientation: () => this._orient(),
      canPick: (sq) => this._canPick(sq),
      destinations: (sq) => new Set(this.legalMoves(squareName(sq)).map((m) => parseMove(m)![1])),
      userMove: (from, to, animate) => {
        const move = squareName(from) + squareName(to);
        return !!this._game.engine?.isLegal(move) && this._game.play(move, 'user', animate, false);
      },
      requestUpdate: () => this.requestUpdate(),
    };
  }

  private _layout(): Layout {
    return layoutFor(this.coordinates === 'iccs' || this.coordinates === 'wxf');
  }

  private _orient(): Orientation {
    return this.orientation === 'black' ? 'black' : 'red';
  }

  // ---- output -------------------------------------------------------------------------------------

  private _emit<K extends keyof XiangqiBoardEventMap>(type: K, detail: XiangqiBoardEventMap[K]['detail'], cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  private _error(text: string): void {
    this._emit('error', { message: text });
  }

  private _showProblem(text: string | null): void {
    if (this._problem === text) return;
    this._problem = text;
    this.requestUpdate();
  }

  private _say(text: string): void {
    // A trailing invisible mark alternates so the same words (a repeated move) are announced again.
    this._announce = text + (this._announce.endsWith('\u200b') ? '' : '\u200b');
    this.requestUpdate();
  }

  private _runAnimation(): void {
    const a = this._anim!;
    this._anim = null;
    const duration = prefersReducedMotion() ? 0 : Number(this.animationDuration) || 0;
    const [L, o] = [this._layout(), this._orient()];
    const ghost = animateMove(this.renderRoot, pointXY(a.from, o, L), pointXY(a.to, o, L), squareName(a.to), duration);
    if (ghost) ghost.onfinish = () => this.requestUpdate();
    else if (a.captured) this.requestUpdate();
  }

  protected override render(): TemplateResult {
    const captured = this._anim?.captured;
    return boardTemplate({
      layout: this._layout(),
      orientation: this._orient(),
      lang: langOf(this),
      set: this._han && this.pieceSet !== 'letters' ? (this.pieceSet === 'simplified' ? 'simplified' : 'traditional') : 'letters',
      han: this._han,
      coordinates: this.coordinates,
      board: this._game.board,
      input: this._input,
      ghost: captured ? { to: this._anim!.to, captured } : null,
      showLegal: this.showLegal,
      canPick: (sq) => this._canPick(sq),
      lastMove: this._game.lastMove,
      check: this._game.check,
      shapes: this.shapes,
      announce: this._announce,
      problem: this._problem,
    });
  }
}

/** Typed listeners for the board's own events (`move`, `change`, `gameover`, `error`). */
export interface XiangqiBoard {
  addEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof XiangqiBoardEventMap>(
    type: K,
    listener: (this: XiangqiBoard, ev: XiangqiBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
