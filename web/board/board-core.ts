// The insides of <xiangqi-board> (element.ts is its public face): the game and its engine (game.ts), the
// pointer and keyboard input (selection.ts), the computer player (computer-player.ts), the user's drawing
// (drawing.ts) and the premove (premove.ts), wired to each other through their hosts; every change of
// position goes through changed(), which drops whatever belonged to the old one. It reads the element's
// public properties only, and tells the element what to draw (requestUpdate) and what to fire (events).
import { langOf, premoveAnnouncement } from './a11y.ts';
import { cancelAll } from './animation.ts';
import { ComputerPlayer } from './computer-player.ts';
import { ShapeDrawing } from './drawing.ts';
import type { XiangqiBoard } from './element.ts';
import { BoardGame } from './game.ts';
import { layoutFor, parseMove, squareName, type Layout } from './geometry.ts';
import { isRed } from './pieces.ts';
import { Premove, premoveDests } from './premove.ts';
import { BoardInput } from './selection.ts';
import { validShapes } from './shapes.ts';
import type { Color, Orientation, PieceLetter, XiangqiBoardEventMap } from './types.ts';

export class BoardCore {
  readonly game: BoardGame;
  readonly input: BoardInput;
  readonly computer: ComputerPlayer;
  readonly drawing: ShapeDrawing;
  readonly premove: Premove;
  /** The move to animate at the next update (set by the game when it plays one). */
  anim: { from: number; to: number; captured: PieceLetter | null } | null = null;
  /** The live region's text: moves and premoves announced for screen readers. */
  announce = '';
  /** Engine trouble the user should see (not only the page, through `error`); null when all is well. */
  problem: string | null = null;
  /** Set while the game plays a move, so the position change that follows is known to be a move. */
  private byMove = false;

  constructor(
    private readonly el: XiangqiBoard,
    /** Resolves the element's `ready`. */
    ready: () => void,
  ) {
    this.game = new BoardGame({
      computer: () => el.computer,
      changed: (notify) => this.changed(notify),
      requestUpdate: (name, old) => el.requestUpdate(name, old),
      emit: (type, detail, cancelable) => this.emit(type, detail, cancelable),
      error: (text) => this.error(text),
      showProblem: (text) => this.showProblem(text),
      say: (text) => this.say(text),
      lang: () => langOf(el),
      animate: (from, to, captured) => (this.anim = { from, to, captured }),
      ready,
    });
    this.input = new BoardInput({
      root: () => el.renderRoot,
      layout: () => this.layout(),
      orientation: () => this.orientation(),
      canPick: (sq) => this.canPick(sq),
      destinations: (sq) =>
        this.premove.owns(sq)
          ? premoveDests(this.game.board, sq)
          : new Set(el.legalMoves(squareName(sq)).map((m) => parseMove(m)![1])),
      userMove: (from, to, animate) => {
        if (this.premove.owns(from)) {
          this.input.reset();
          this.premove.set(from, to);
          return true;
        }
        const move = squareName(from) + squareName(to);
        return !!this.game.engine?.isLegal(move) && this.playMove(move, 'user', animate, false);
      },
      // Any click, tap or key on the board drops a waiting premove, as chessground does.
      interrupt: () => this.premove.clear('cancelled'),
      requestUpdate: () => el.requestUpdate(),
    });
    this.computer = new ComputerPlayer(el, {
      engine: () => this.game.engine,
      root: () => this.game.root,
      version: () => this.game.version,
      play: (move) => this.playMove(move, 'computer', true, false),
      error: (text) => this.error(text),
      showProblem: (text) => this.showProblem(text),
    });
    this.drawing = new ShapeDrawing({
      squareAt: (e) => this.input.squareAt(e),
      squareName,
      shapes: () => validShapes(el.drawnShapes),
      setShapes: (shapes) => {
        el.drawnShapes = shapes;
        this.emit('shapeschange', { shapes: [...shapes], fen: this.game.fen });
      },
      rightPress: () => {
        this.input.cancel();
        this.premove.clear('cancelled');
      },
      requestUpdate: () => el.requestUpdate(),
    });
    this.premove = new Premove({
      enabled: () => el.premove,
      status: () => this.game.status,
      board: () => this.game.board,
      version: () => this.game.version,
      userMayMove: (color) => this.userMayMove(color),
      isLegal: (move) => !!this.game.engine?.isLegal(move),
      play: (move) => this.playMove(move, 'user', true, false),
      changed: (move, reason) => this.emit('premovechange', { move, reason }),
      announce: (piece, from, to) => this.say(premoveAnnouncement(piece, from, to, langOf(el))),
      requestUpdate: () => el.requestUpdate(),
    });
  }

  /**
   * Redraws after any change of position: the snapshot is re-read, running animations, the drag, the
   * selection, the arrows and the computer's search are dropped. `notify` fires `change` (and
   * `gameover` when the game has ended); a move's own events are fired by BoardGame.play.
   */
  private changed(notify: boolean): void {
    const { game, el } = this;
    const old = game.fen;
    game.advance();
    cancelAll(el.shadowRoot);
    this.input.pointer.abort();
    this.input.reset();
    this.drawing.abort();
    el.shapes = [];
    el.drawnShapes = [];
    this.computer.stop();
    el.requestUpdate('fen', old);
    if (notify) {
      this.emit('change', { fen: game.fen });
      const s = game.status!;
      // The engine gives every status of a game that is over its result and reason.
      if (s.over) this.emit('gameover', { result: s.result!, reason: s.reason! });
    }
    const byMove = this.byMove;
    this.byMove = false;
    this.premove.positionChanged(byMove);
    void this.computer.maybeMove();
  }

  /** Plays a move through the game, marking the position change as a move (see changed). */
  playMove(move: string, by: 'user' | 'computer', animate: boolean, report: boolean): boolean {
    this.byMove = true;
    try {
      return this.game.play(move, by, animate, report);
    } finally {
      this.byMove = false;
    }
  }

  private userMayMove(color: Color): boolean {
    const el = this.el;
    return (el.interactive === 'both' || el.interactive === color) && el.computer !== color;
  }

  /** Whether the user may pick up the piece on `sq` (to move it now, or as a premove). */
  canPick(sq: number): boolean {
    const piece = this.game.board[sq];
    const s = this.game.status;
    if (!piece || !s || s.over) return false;
    const color: Color = isRed(piece) ? 'red' : 'black';
    if (color === s.turn) return !this.computer.thinking && this.userMayMove(color);
    return color === this.premove.side();
  }

  layout(): Layout {
    const c = this.el.coordinates;
    return layoutFor(c === 'iccs' || c === 'wxf');
  }

  orientation(): Orientation {
    return this.el.orientation === 'black' ? 'black' : 'red';
  }

  emit<K extends keyof XiangqiBoardEventMap>(
    type: K,
    detail: XiangqiBoardEventMap[K]['detail'],
    cancelable = false,
  ): boolean {
    return this.el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  error(text: string): void {
    this.emit('error', { message: text });
  }

  private showProblem(text: string | null): void {
    if (this.problem === text) return;
    this.problem = text;
    this.el.requestUpdate();
  }

  private say(text: string): void {
    // A trailing invisible mark alternates so the same words (a repeated move) are announced again.
    this.announce = text + (this.announce.endsWith('\u200b') ? '' : '\u200b');
    this.el.requestUpdate();
  }
}
