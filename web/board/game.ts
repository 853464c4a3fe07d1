// The game on the board, kept in its Engine: loading the board's own engine (or adopting the page's),
// setting positions, playing moves (each offered to the page as a cancelable `move` event first), undo
// and redo, and the snapshot the drawing reads (pieces, status, last move, king in check). The element
// keeps the rules nowhere else; what a change means for drawing, input and the computer is its business
// (GameHost.changed).
import { createEngine } from '../engine/index.ts';
import { START_FEN } from '../engine/start-fen.ts';
import type { Engine, GameStatus, RuleSet } from '../engine/types.ts';
import { DEFAULT_RULE_SET } from '../engine/rule-sets.ts';
import { endAnnouncement, moveAnnouncement, type Lang } from './a11y.ts';
import { parseMove, squareName } from './geometry.ts';
import { parsePlacement } from './pieces.ts';
import type { Backend, ComputerSide, MoveDetail, PieceLetter, XiangqiBoardEventMap } from './types.ts';

/** What the game needs of the element. */
export interface GameHost {
  /** The side the computer plays: undo and redo take its reply along. */
  computer(): ComputerSide;
  /** The position changed (the snapshot is not re-read yet); `notify` fires `change` (and `gameover`). */
  changed(notify: boolean): void;
  /** Redraws; with `old`, the `fen` property changed from it. */
  requestUpdate(name?: 'fen', old?: string): void;
  /** Fires one of the element's events; false when a cancelable one was cancelled. */
  emit<K extends keyof XiangqiBoardEventMap>(
    type: K,
    detail: XiangqiBoardEventMap[K]['detail'],
    cancelable?: boolean,
  ): boolean;
  /** Fires the element's `error` event. */
  error(text: string): void;
  /** Shows (or, with null, clears) the notice on the board. */
  showProblem(text: string | null): void;
  /** Announces `text` to screen readers. */
  say(text: string): void;
  /** The language of the element's labels and announcements. */
  lang(): Lang;
  /** A move about to be drawn: the piece slides from `from` (and a captured one fades). */
  animate(from: number, to: number, captured: PieceLetter | null): void;
}

/** FEN a game started from: its moves taken back, read, and replayed. */
function rootOf(engine: Engine): string {
  const moves = engine.history();
  for (let i = 0; i < moves.length; i++) engine.undo();
  const fen = engine.fen();
  for (const m of moves) engine.play(m);
  return fen;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class BoardGame {
  /** The rules engine in use (null until loaded). */
  engine: Engine | null = null;
  /** The board loaded `engine` itself (a `backend` change replaces it); false for one the page gave. */
  own = true;
  /** The backend being loaded; a newer load, or an engine assigned by the page, makes it stale. */
  loading: Backend | null = null;
  /** FEN the current game started from (history is replayed from it, for repetition rules). */
  root = START_FEN;
  /** Bumped on every position change; async work (a computer search) checks it before acting. */
  version = 0;
  /** A position set before the engine loaded, for the engine to judge when it arrives. */
  private pending: { fen: string; moves: readonly string[] } | null = null;
  /** Moves taken back by undo(), for redo(); the last one taken back is last. */
  private undone: string[] = [];

  // The snapshot the drawing reads, re-read from the engine by advance().
  fen = START_FEN;
  board: (PieceLetter | null)[] = parsePlacement(START_FEN)!;
  status: GameStatus | null = null;
  lastMove: [number, number] | null = null;
  check = -1;

  /** The repetition rules the game is judged by (the element's `rule`), given to every engine it uses. */
  rule: RuleSet = DEFAULT_RULE_SET;

  private settleReady!: { resolve: () => void; reject: (error: Error) => void };
  /**
   * Resolves once the engine is loaded and the position is final (bad FENs have been reported);
   * rejects when the first engine cannot load (the `error` event and the board's notice say so too).
   */
  readonly ready = new Promise<void>((resolve, reject) => (this.settleReady = { resolve, reject }));

  constructor(private readonly host: GameHost) {
    // A page need not await `ready`: a failed load is reported, never an unhandled rejection.
    this.ready.catch(() => {});
  }

  /** Judges by `rule` from now on; the status is read again (no events: the position is the same). */
  setRule(rule: RuleSet): void {
    this.rule = rule;
    if (!this.engine) return;
    this.engine.setRule(rule);
    this.host.changed(false);
  }

  async load(wanted: Backend): Promise<void> {
    const backend: Backend = wanted === 'js' ? 'js' : 'wasm';
    this.loading = backend;
    try {
      const engine = await createEngine(backend);
      // A newer load, or an engine assigned by the page, wins.
      if (this.loading !== backend) return;
      this.loading = null;
      this.adopt(engine, true);
    } catch (err) {
      const text = `Could not load the ${backend} engine: ${message(err)}`;
      this.host.error(text);
      this.host.showProblem(text);
      // A newer load (another backend), or an engine the page gave, may still make the board ready.
      if (this.loading === backend) {
        this.loading = null;
        this.settleReady.reject(new Error(text));
      }
    }
  }

  /** An engine handed over by the page; it keeps its own position. */
  assign(engine: Engine): void {
    this.loading = null;
    this.adopt(engine, false);
  }

  private adopt(engine: Engine, own: boolean): void {
    const previous = this.engine;
    // An engine the board loaded takes the game so far: a FEN given before loading, or the previous
    // engine's game (backend switch). An engine handed over by the page keeps its own position.
    const carry = own ? (this.pending ?? (previous ? { fen: this.root, moves: previous.history() } : null)) : null;
    this.pending = null;
    this.engine = engine;
    this.own = own;
    engine.setRule(this.rule);
    if (carry) {
      try {
        engine.setPosition(carry.fen, carry.moves);
        this.root = carry.fen;
      } catch (err) {
        this.host.error(message(err));
        if (!previous) engine.setPosition((this.root = START_FEN));
      }
    } else {
      this.root = rootOf(engine);
    }
    this.undone = [];
    this.host.showProblem(null);
    // Loading changes nothing the page asked for, so no `change` event.
    this.host.changed(false);
    this.settleReady.resolve();
  }

  /** A new position: bumps the version and re-reads the snapshot from the engine. */
  advance(): void {
    const e = this.engine!;
    this.version++;
    this.board = e.board();
    this.status = e.status();
    this.fen = e.fen();
    const history = e.history();
    this.lastMove = history.length ? parseMove(history[history.length - 1]!) : null;
    const king = this.status.turn === 'red' ? 'K' : 'k';
    this.check = this.status.inCheck ? this.board.indexOf(king) : -1;
  }

  /** See XiangqiBoard.setPosition. */
  setPosition(fen: string, moves: readonly string[]): boolean {
    const e = this.engine;
    if (!e) {
      // Before the engine loads, draw the placement and let the engine judge it when it arrives.
      const board = parsePlacement(fen);
      if (!board) {
        this.host.error(`Invalid FEN "${fen}": the placement needs 10 ranks of 9 points`);
        return false;
      }
      this.pending = { fen, moves };
      const old = this.fen;
      this.fen = fen;
      this.board = board;
      this.host.requestUpdate('fen', old);
      return true;
    }
    try {
      e.setPosition(fen, moves);
    } catch (err) {
      this.host.error(message(err));
      // Redraw so updated() puts the good FEN back over a rejected `fen` attribute.
      this.host.requestUpdate();
      return false;
    }
    this.root = fen;
    this.undone = [];
    this.host.changed(true);
    if (this.status!.over) this.host.say(endAnnouncement(this.status!, this.host.lang()));
    return true;
  }

  /** Plays `move`, fires the cancelable `move` event and takes the move back if it was cancelled. */
  play(move: string, by: 'user' | 'computer', animate: boolean, report: boolean): boolean {
    const e = this.engine!;
    const squares = parseMove(move);
    const piece = squares ? this.board[squares[0]] : null;
    if (!squares || !piece) {
      if (report)
        this.host.error(
          `Illegal move "${move}" in ${this.fen}: ${squares ? 'no piece there' : 'not an ICCS move such as h2e2'}`,
        );
      return false;
    }
    const [from, to] = squares;
    const captured = this.board[to] ?? null;
    try {
      e.play(move);
    } catch (err) {
      if (report) this.host.error(message(err));
      return false;
    }
    const version = this.version;
    const detail: MoveDetail = { move, from: squareName(from), to: squareName(to), piece, captured, fen: e.fen(), by };
    const allowed = this.host.emit('move', detail, true);
    // A listener may have set a new position itself; then that position stands.
    if (version !== this.version) return allowed;
    if (!allowed) {
      e.undo();
      return false;
    }
    this.undone = [];
    if (animate) this.host.animate(from, to, captured);
    this.host.changed(true);
    const s = this.status!;
    this.host.say(moveAnnouncement(piece, detail.from, detail.to, captured, s, this.host.lang()));
    return true;
  }

  /** See XiangqiBoard.undo. */
  undo(): string | null {
    const e = this.engine;
    if (!e) return null;
    let move = e.undo();
    if (!move) return null;
    this.undone.push(move);
    if (e.turn() === this.host.computer() && e.history().length) {
      const more = e.undo();
      if (more) this.undone.push((move = more));
    }
    this.host.changed(true);
    return move;
  }

  /** See XiangqiBoard.redo. */
  redo(): string | null {
    const e = this.engine;
    const move = this.undone.pop();
    if (!e || !move) return null;
    e.play(move);
    if (e.turn() === this.host.computer() && this.undone.length) e.play(this.undone.pop()!);
    this.host.changed(true);
    return move;
  }

  /** The page changed a shared engine directly: its game is taken as it stands (no redo). */
  resync(): void {
    if (!this.engine) return;
    this.root = rootOf(this.engine);
    this.undone = [];
    this.host.changed(false);
  }
}
