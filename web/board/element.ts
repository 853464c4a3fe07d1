// <xiangqi-board>: the element's methods and lifecycle (what it declares to the outside, its reactive
// properties and their defaults, its events, CSS custom properties and parts, is element-base.ts). It draws the game's position (template.ts),
// turns pointer and keyboard input into moves (selection.ts), lets the engine play a side
// (computer-player.ts), and keeps the game in an Engine (game.ts). Position flows one way: attribute,
// property or method -> engine -> the drawing; the element never keeps a second copy of the rules.
import type { PropertyValues, TemplateResult } from 'lit';
import { START_FEN } from '../engine/start-fen.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import { langOf, premoveAnnouncement } from './a11y.ts';
import { animateMove, cancelAll, prefersReducedMotion } from './animation.ts';
import { XiangqiBoardBase } from './element-base.ts';
import { BoardGame, type GameHost } from './game.ts';
import { layoutFor, parseMove, pointXY, squareIndex, squareName, type Layout } from './geometry.ts';
import { isRed, PIECE_SETS } from './pieces.ts';
import { Premove, premoveDests, type PremoveHost } from './premove.ts';
import { BoardInput, type InputHost } from './selection.ts';
import { ComputerPlayer, type ComputerHost } from './computer-player.ts';
import { ShapeDrawing, type DrawingHost } from './drawing.ts';
import { validShapes } from './shape-check.ts';
import { knownValue } from './attribute-check.ts';
import { RULE_SETS } from '../engine/rule-sets.ts';
import { boardTemplate } from './template.ts';
import { styles } from './theme.css.ts';
import type { Color, Orientation, PieceLetter, Shape, XiangqiBoardEventMap } from './types.ts';

export { START_FEN };

/**
 * A Xiangqi board that knows the rules: drag or click pieces, use the keyboard, or let the built-in
 * engine play a side. Squares a0-i9, moves in ICCS form (`h2e2`), positions as FEN.
 */
export class XiangqiBoard extends XiangqiBoardBase {
  /** The shadow root's styles (theme.css.ts); restyle the board with its CSS custom properties and parts. */
  static override styles = styles;

  /** The game, its engine and the snapshot of the position that is drawn. */
  private readonly _game = new BoardGame(this._gameHost());
  private _anim: { from: number; to: number; captured: PieceLetter | null } | null = null;
  private _announce = '';
  /** Engine trouble the user should see (not only the page, through `error`); null when all is well. */
  private _problem: string | null = null;
  private readonly _input = new BoardInput(this._inputHost());
  private readonly _computer = new ComputerPlayer(this, this._computerHost());
  private readonly _drawing = new ShapeDrawing(this._drawingHost());
  private readonly _premove = new Premove(this._premoveHost());
  /** Set while the game plays a move, so the position change that follows is known to be a move. */
  private _byMove = false;

  /**
   * Resolves once the engine is loaded and the position is final (bad FENs have been reported);
   * rejects when the engine cannot load (the `error` event and the board's notice say so too).
   */
  readonly ready: Promise<void> = this._game.ready;

  constructor() {
    super();
    // The right button draws on the board, so its context menu never opens there.
    this.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  // ---- public API -------------------------------------------------------------------------------

  /** Current position as FEN. Setting it sets the position; a bad FEN fires `error` and is ignored. */
  get fen(): string {
    return this._game.fen;
  }
  /** Sets the position from a FEN (the start position for ''); a bad FEN fires `error` and is ignored. */
  set fen(value: string) {
    // Frameworks re-assign unchanged properties; that must not wipe the game's history.
    if (value === this._game.fen) return;
    this.setPosition(value || START_FEN);
  }

  /** The rules engine in use (null until loaded). Assign one to share an engine with the page. */
  get engine(): Engine | null {
    return this._game.engine;
  }
  /** Shares the page's engine with the board (null is ignored); the board draws its position. */
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
    return this._playMove(move, 'user', true, true);
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

  /** Turns the board around: sets `orientation` to the other side. */
  flip(): void {
    this.orientation = this.orientation === 'black' ? 'red' : 'black';
  }

  /** Legal ICCS moves, optionally only from one square ([] for a square that does not exist). */
  legalMoves(from?: string): string[] {
    const e = this._game.engine;
    if (!e || (from !== undefined && squareIndex(from) < 0)) return [];
    return e.legalMoves(from);
  }

  /** The premove waiting to be played (ICCS), or null. */
  get pendingPremove(): string | null {
    return this._premove.move;
  }

  /** Drops the premove waiting, if any (fires `premovechange` with reason `cancelled`). */
  cancelPremove(): void {
    this._premove.clear('cancelled');
  }

  /** Sets the page's shapes (`shapes`): arrows and circles; invalid ones (unknown squares) are left out. */
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
    if (!this._game.engine && !this._game.loading) void this._game.load(this.backend);
    else void this._computer.maybeMove();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._input.pointer.abort();
    this._drawing.abort();
    this._computer.disconnect();
  }

  protected override firstUpdated(): void {
    const grid = this.renderRoot.querySelector('.grid') as HTMLElement;
    this._input.pointer.attach(grid);
    this._drawing.attach(grid);
  }

  protected override updated(changed: PropertyValues): void {
    const game = this._game;
    if ((game.engine || this.hasAttribute('fen')) && this.getAttribute('fen') !== game.fen) {
      this.setAttribute('fen', game.fen);
    }
    if (changed.has('backend') && game.own && game.engine && game.engine.backend !== this.backend) {
      void game.load(this.backend);
    }
    if (changed.has('pieceSet')) knownValue('piece-set', this.pieceSet, PIECE_SETS, 'traditional');
    if (changed.has('threads')) this._computer.setThreads(this.threads);
    if (changed.has('evaluation')) knownValue('evaluation', this.evaluation, ['network', 'hand-written'], 'network');
    if (changed.has('rule'))
      this._game.setRule(knownValue('rule', this.rule, RULE_SETS, 'computer') ? this.rule : 'computer');
    if (['evaluation', 'evalNetwork', 'moveProvider', 'computer'].some((p) => changed.has(p)))
      void this._computer.updateNetwork();
    if (changed.has('computer')) {
      this._computer.stop();
      void this._computer.maybeMove();
    }
    // Who the premove was for may have changed: it no longer stands.
    if ((changed.has('premove') && !this.premove) || changed.has('computer') || changed.has('interactive')) {
      this._premove.clear('cancelled');
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
    this._drawing.abort();
    this.shapes = [];
    this.drawnShapes = [];
    this._computer.stop();
    this.requestUpdate('fen', old);
    if (notify) {
      this._emit('change', { fen: game.fen });
      const s = game.status!;
      // The engine gives every status of a game that is over its result and reason.
      if (s.over) this._emit('gameover', { result: s.result!, reason: s.reason! });
    }
    const byMove = this._byMove;
    this._byMove = false;
    this._premove.positionChanged(byMove);
    void this._computer.maybeMove();
  }

  /** Plays a move through the game, marking the position change as a move (see _changed). */
  private _playMove(move: string, by: 'user' | 'computer', animate: boolean, report: boolean): boolean {
    this._byMove = true;
    try {
      return this._game.play(move, by, animate, report);
    } finally {
      this._byMove = false;
    }
  }

  // ---- input --------------------------------------------------------------------------------------

  private _userMayMove(color: Color): boolean {
    return (this.interactive === 'both' || this.interactive === color) && this.computer !== color;
  }

  private _canPick(sq: number): boolean {
    const piece = this._game.board[sq];
    const s = this._game.status;
    if (!piece || !s || s.over) return false;
    const color: Color = isRed(piece) ? 'red' : 'black';
    if (color === s.turn) return !this._computer.thinking && this._userMayMove(color);
    return color === this._premove.side();
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
    };
  }

  private _computerHost(): ComputerHost {
    return {
      engine: () => this._game.engine,
      root: () => this._game.root,
      version: () => this._game.version,
      play: (move) => this._playMove(move, 'computer', true, false),
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
      destinations: (sq) =>
        this._premove.owns(sq)
          ? premoveDests(this._game.board, sq)
          : new Set(this.legalMoves(squareName(sq)).map((m) => parseMove(m)![1])),
      userMove: (from, to, animate) => {
        if (this._premove.owns(from)) {
          this._input.reset();
          this._premove.set(from, to);
          return true;
        }
        const move = squareName(from) + squareName(to);
        return !!this._game.engine?.isLegal(move) && this._playMove(move, 'user', animate, false);
      },
      // Any click, tap or key on the board drops a waiting premove, as chessground does.
      interrupt: () => this._premove.clear('cancelled'),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  private _premoveHost(): PremoveHost {
    return {
      enabled: () => this.premove,
      status: () => this._game.status,
      board: () => this._game.board,
      version: () => this._game.version,
      userMayMove: (color) => this._userMayMove(color),
      isLegal: (move) => !!this._game.engine?.isLegal(move),
      play: (move) => this._playMove(move, 'user', true, false),
      changed: (move, reason) => this._emit('premovechange', { move, reason }),
      announce: (piece, from, to) => this._say(premoveAnnouncement(piece, from, to, langOf(this))),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  private _drawingHost(): DrawingHost {
    return {
      squareAt: (e) => this._input.squareAt(e),
      squareName,
      shapes: () => validShapes(this.drawnShapes),
      setShapes: (shapes) => {
        this.drawnShapes = shapes;
        this._emit('shapeschange', { shapes: [...shapes], fen: this._game.fen });
      },
      rightPress: () => {
        this._input.cancel();
        this._premove.clear('cancelled');
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

  private _emit<K extends keyof XiangqiBoardEventMap>(
    type: K,
    detail: XiangqiBoardEventMap[K]['detail'],
    cancelable = false,
  ): boolean {
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
    const duration = prefersReducedMotion() ? 0 : this.animationDuration || 0;
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
      set: PIECE_SETS.includes(this.pieceSet) ? this.pieceSet : 'traditional',
      coordinates: this.coordinates,
      board: this._game.board,
      input: this._input,
      ghost: captured ? { to: this._anim!.to, captured } : null,
      showLegal: this.showLegal,
      canPick: (sq) => this._canPick(sq),
      lastMove: this._game.lastMove,
      premove: this._premove.squares,
      check: this._game.check,
      shapes: this.shapes,
      drawnShapes: this.drawnShapes,
      pendingShape: this._drawing.pending,
      announce: this._announce,
      problem: this._problem,
    });
  }
}
