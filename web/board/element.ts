// <xiangqi-board>: holds an Engine for the rules, draws its position, turns pointer and keyboard input
// into moves, and reports what happened through events. Position flows one way: attribute, property
// or method -> engine -> the drawing; the element never keeps a second copy of the rules.
import { LitElement } from 'lit';
import type { PropertyDeclarations, PropertyValues, TemplateResult } from 'lit';
import { createEngine, defaultThreads } from '../engine/index.ts';
import { START_FEN } from '../engine/start-fen.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import { langOf, moveAnnouncement, endAnnouncement } from './a11y.ts';
import { cancelAll, fadeOut, prefersReducedMotion, slide } from './animation.ts';
import { layoutFor, parseMove, pointXY, squareIndex, squareName } from './geometry.ts';
import type { Layout } from './geometry.ts';
import { canDrawHan, isRed, parsePlacement } from './pieces.ts';
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
  MoveDetail,
  MoveProvider,
  XiangqiBoardEventMap,
  Orientation,
  PieceLetter,
  PieceSetName,
  Shape,
} from './types.ts';

export { START_FEN };

/** FEN a game started from: its moves taken back, read, and replayed. */
function rootOf(engine: Engine): string {
  const moves = engine.history();
  for (let i = 0; i < moves.length; i++) engine.undo();
  const fen = engine.fen();
  for (const m of moves) engine.play(m);
  return fen;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

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

  private _engine: Engine | null = null;
  private _ownEngine = true;
  private _loadingBackend: Backend | null = null;
  private _pending: { fen: string; moves: readonly string[] } | null = null;
  /** FEN the current game started from (history is replayed from it, for repetition rules). */
  private _root = START_FEN;
  private _fen = START_FEN;
  private _board: (PieceLetter | null)[] = parsePlacement(START_FEN)!;
  private _status: GameStatus | null = null;
  private _lastMove: [number, number] | null = null;
  private _check = -1;
  private _redo: string[] = [];
  /** Bumped on every position change; async work (a computer search) checks it before acting. */
  private _version = 0;
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
  }

  // ---- public API -------------------------------------------------------------------------------

  /** Current position as FEN. Setting it sets the position; a bad FEN fires `error` and is ignored. */
  get fen(): string {
    return this._fen;
  }
  set fen(value: string) {
    // Frameworks re-assign unchanged properties; that must not wipe the game's history.
    if (value === this._fen) return;
    this.setPosition(value || START_FEN);
  }

  /** The rules engine in use (null until loaded). Assign one to share an engine with the page. */
  get engine(): Engine | null {
    return this._engine;
  }
  set engine(engine: Engine | null) {
    if (!engine || engine === this._engine) return;
    this._loadingBackend = null;
    this._adopt(engine, false);
  }

  /** Turn, check and result of the current position (null until the engine has loaded). */
  get status(): GameStatus | null {
    return this._status;
  }

  /** Sets the position from a FEN and optional ICCS moves played from it; false (and `error`) if bad. */
  setPosition(fen: string, moves: readonly string[] = []): boolean {
    const e = this._engine;
    if (!e) {
      // Before the engine loads, draw the placement and let the engine judge it when it arrives.
      const board = parsePlacement(fen);
      if (!board) {
        this._error(`Invalid FEN "${fen}": the placement needs 10 ranks of 9 points`);
        return false;
      }
      this._pending = { fen, moves };
      const old = this._fen;
      this._fen = fen;
      this._board = board;
      this.requestUpdate('fen', old);
      return true;
    }
    try {
      e.setPosition(fen, moves);
    } catch (err) {
      this._error(message(err));
      // Redraw so updated() puts the good FEN back over a rejected `fen` attribute.
      this.requestUpdate();
      return false;
    }
    this._root = fen;
    this._redo = [];
    this._changed(true);
    if (this._status!.over) this._say(endAnnouncement(this._status!, langOf(this)));
    return true;
  }

  /** Plays an ICCS move as the user would (fires a cancelable `move`); false and `error` if illegal. */
  play(move: string): boolean {
    if (!this._engine) {
      this._error('The engine has not loaded yet (await board.ready)');
      return false;
    }
    return this._commit(move, 'user', true, true);
  }

  /**
   * Takes back the last move (and, against the computer, its reply too, so it is the user's turn
   * again). Returns the move taken back, or null.
   */
  undo(): string | null {
    const e = this._engine;
    if (!e) return null;
    let move = e.undo();
    if (!move) return null;
    this._redo.push(move);
    if (e.turn() === this.computer && e.history().length) {
      const more = e.undo();
      if (more) this._redo.push((move = more));
    }
    this._changed(true);
    return move;
  }

  /** Replays a move taken back by undo(); returns it, or null when there is none. */
  redo(): string | null {
    const e = this._engine;
    const move = this._redo.pop();
    if (!e || !move) return null;
    e.play(move);
    if (e.turn() === this.computer && this._redo.length) e.play(this._redo.pop()!);
    this._changed(true);
    return move;
  }

  flip(): void {
    this.orientation = this.orientation === 'black' ? 'red' : 'black';
  }

  /** Legal ICCS moves, optionally only from one square ([] for a square that does not exist). */
  legalMoves(from?: string): string[] {
    if (!this._engine || (from !== undefined && squareIndex(from) < 0)) return [];
    return this._engine.legalMoves(from);
  }

  setShapes(shapes: readonly Shape[]): void {
    this.shapes = validShapes(shapes);
  }

  /** Redraws from the engine after the page changed a shared engine directly. */
  sync(): void {
    if (!this._engine) return;
    this._root = rootOf(this._engine);
    this._redo = [];
    this._changed(false);
  }

  // ---- lifecycle --------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    this._han = canDrawHan();
    if (!this._engine && !this._loadingBackend) void this._load();
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
    if ((this._engine || this.hasAttribute('fen')) && this.getAttribute('fen') !== this._fen) {
      this.setAttribute('fen', this._fen);
    }
    if (changed.has('backend') && this._ownEngine && this._engine && this._engine.backend !== this.backend) {
      void this._load();
    }
    if (changed.has('threads')) this._computer.setThreads(this.threads);
    if (changed.has('computer')) {
      this._computer.stop();
      void this._computer.maybeMove();
    }
    if (changed.has('orientation') && this.shadowRoot?.activeElement) this._input.focusCell();
    if (this._anim) this._runAnimation();
  }

  // ---- engine and position ----------------------------------------------------------------------

  private async _load(): Promise<void> {
    const backend: Backend = this.backend === 'js' ? 'js' : 'wasm';
    this._loadingBackend = backend;
    try {
      const engine = await createEngine(backend);
      // A newer load, or an engine assigned by the page, wins.
      if (this._loadingBackend !== backend) return;
      this._loadingBackend = null;
      this._adopt(engine, true);
    } catch (err) {
      if (this._loadingBackend === backend) this._loadingBackend = null;
      this._error(`Could not load the ${backend} engine: ${message(err)}`);
      this._showProblem(`Could not load the ${backend} engine: ${message(err)}`);
    }
  }

  private _adopt(engine: Engine, own: boolean): void {
    const previous = this._engine;
    // An engine the board loaded takes the game so far: a FEN given before loading, or the previous
    // engine's game (backend switch). An engine handed over by the page keeps its own position.
    const carry = own ? (this._pending ?? (previous ? { fen: this._root, moves: previous.history() } : null)) : null;
    this._pending = null;
    this._engine = engine;
    this._ownEngine = own;
    if (carry) {
      try {
        engine.setPosition(carry.fen, carry.moves);
        this._root = carry.fen;
      } catch (err) {
        this._error(message(err));
        if (!previous) engine.setPosition((this._root = START_FEN));
      }
    } else {
      this._root = rootOf(engine);
    }
    this._redo = [];
    this._showProblem(null);
    // Loading changes nothing the page asked for, so no `change` event.
    this._changed(false);
    this._readyResolve();
  }

  /**
   * Re-reads the position after any change. `notify` fires `change` (and `gameover` when the game
   * has ended); a move's own events are fired by _commit.
   */
  private _changed(notify: boolean): void {
    const e = this._engine!;
    const old = this._fen;
    this._version++;
    cancelAll(this.shadowRoot);
    this._input.pointer.abort();
    this._board = e.board();
    this._status = e.status();
    this._fen = e.fen();
    const history = e.history();
    this._lastMove = history.length ? parseMove(history[history.length - 1]!) : null;
    const king = this._status.turn === 'red' ? 'K' : 'k';
    this._check = this._status.inCheck ? this._board.indexOf(king) : -1;
    this._input.reset();
    this.shapes = [];
    this._computer.stop();
    this.requestUpdate('fen', old);
    if (notify) {
      this._emit('change', { fen: this._fen });
      if (this._status.over) this._gameOver();
    }
    void this._computer.maybeMove();
  }

  private _gameOver(): void {
    const s = this._status!;
    // Called only for a game that is over, and the engine gives every such status its result and reason.
    this._emit('gameover', { result: s.result!, reason: s.reason! });
  }

  /** Plays `move`, fires the cancelable `move` event and takes the move back if it was cancelled. */
  private _commit(move: string, by: 'user' | 'computer', animate: boolean, report: boolean): boolean {
    const e = this._engine!;
    const squares = parseMove(move);
    const piece = squares ? this._board[squares[0]] : null;
    if (!squares || !piece) {
      if (report) this._error(`Illegal move "${move}" in ${this._fen}: ${squares ? 'no piece there' : 'not an ICCS move such as h2e2'}`);
      return false;
    }
    const [from, to] = squares;
    const captured = this._board[to] ?? null;
    try {
      e.play(move);
    } catch (err) {
      if (report) this._error(message(err));
      return false;
    }
    const version = this._version;
    const detail: MoveDetail = { move, from: squareName(from), to: squareName(to), piece, captured, fen: e.fen(), by };
    const allowed = this._emit('move', detail, true);
    // A listener may have set a new position itself; then that position stands.
    if (version !== this._version) return allowed;
    if (!allowed) {
      e.undo();
      return false;
    }
    this._redo = [];
    if (animate) this._anim = { from, to, captured };
    this._changed(true);
    const s = this._status!;
    this._say(moveAnnouncement(piece, detail.from, detail.to, captured, s, langOf(this)));
    return true;
  }

  // ---- input --------------------------------------------------------------------------------------

  private _userMayMove(color: Color): boolean {
    return (this.interactive === 'both' || this.interactive === color) && this.computer !== color;
  }

  private _canPick(sq: number): boolean {
    const piece = this._board[sq];
    const s = this._status;
    if (!piece || !s || s.over || this._computer.thinking) return false;
    const color: Color = isRed(piece) ? 'red' : 'black';
    return color === s.turn && this._userMayMove(color);
  }

  private _computerHost(): ComputerHost {
    return {
      engine: () => this._engine,
      root: () => this._root,
      version: () => this._version,
      play: (move) => this._commit(move, 'computer', true, false),
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
        return !!this._engine?.isLegal(move) && this._commit(move, 'user', animate, false);
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
    const L = this._layout();
    const o = this._orient();
    const [fx, fy] = pointXY(a.from, o, L);
    const [tx, ty] = pointXY(a.to, o, L);
    const root = this.renderRoot;
    slide(root.querySelector(`.piece:not(.ghost)[data-square="${squareName(a.to)}"] .pc`), fx - tx, fy - ty, duration);
    const ghost = fadeOut(root.querySelector('.ghost'), duration);
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
      board: this._board,
      input: this._input,
      ghost: captured ? { to: this._anim!.to, captured } : null,
      showLegal: this.showLegal,
      canPick: (sq) => this._canPick(sq),
      lastMove: this._lastMove,
      check: this._check,
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
