// The engine's moves on the game page: the computer's turn (at a watchable pace in a demo, which can be
// paused) and the hint for the player. Every search belongs to the position it started from: when the
// host's version has moved on, its answer is dropped, so a stale move is never played or shown.
import type { Color } from '../engine/types.ts';
import type { AnalysisState } from './analysis.ts';
import { Cancelled, type EnginePlayer } from './engine-player.ts';
import { computerLimits } from './rated-levels.ts';
import { isWeakened } from '../engine/strength.ts';
import { messageOf } from '../engine/errors.ts';
import type { TableChoice } from '../egtb/tablebase-worker.ts';
import { moveText } from './notation-text.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import type { Toast } from './view-model.ts';

/** Computer against computer: at least this long per move, so the game can be followed. */
const DEMO_MOVE_MS = 700;
const HINT_MS = 1000;

/** What the computer's turns need of the page's other parts. */
export interface TurnsHost {
  readonly player: EnginePlayer;
  /** The analysis as it stands (a hint takes its best move when it is deep enough). */
  analysisState(): AnalysisState;
  /** Plays a move at the cursor; false when it was not legal. */
  playMove(move: string, animate: boolean): boolean;
  showToast(text: string, kind: Toast['kind'], action?: Toast['action']): void;
  /** The hint changed: redraw the board's arrows. */
  updateShapes(): void;
  /** With a clock, what `side` may spend on this move (ms); null without one. */
  clockBudget(side: Color): number | null;
  /** The opening book's move for the position on the board, or null (out of book, or the book is off). */
  bookMove(): Promise<string | null>;
  /** The endgame tables' choice for the position on the board (tableChoice), or null where they do not cover it. */
  tableChoice(): Promise<TableChoice | null>;
}

export class ComputerTurns implements Receiver {
  /** The computer is searching for its move. */
  thinking = false;
  /** A demo (computer against computer) is paused. */
  paused = false;
  /** The hinted move, drawn as an arrow until the position changes. */
  hint: string | null = null;
  hintPending = false;

  constructor(
    private readonly state: PageState,
    private readonly host: TurnsHost,
  ) {}

  /**
   * Whatever the computer was thinking is void once the position, the players or the game change; the
   * page asks for its move (maybeMove) after every other part has heard of the change.
   */
  receive(message: PageMessage): void {
    switch (message.type) {
      case 'position':
        this.cancel();
        this.hint = null;
        break;
      case 'players':
        this.cancel();
        this.paused = false;
        break;
      case 'new-game':
      case 'imported':
        this.paused = false;
        break;
      case 'editor':
        if (message.open) this.cancel();
        break;
    }
  }

  /** Whatever the engine was searching for is void (the position or the players changed). */
  cancel(): void {
    this.host.player.cancel();
    this.thinking = false;
    this.hintPending = false;
  }

  /** Lets the computer move when the position on the board is the game's latest and its side is to move. */
  async maybeMove(): Promise<void> {
    const { host, state } = this;
    const game = state.game;
    const s = game.status();
    // In practice the puzzle's line answers for the other side (practice-control.ts).
    if (s.over || state.practice || !state.isComputer(s.turn) || !game.atEnd || this.thinking) return;
    if (state.mode === 'demo' && this.paused) return;
    const version = state.version;
    const started = performance.now();
    this.thinking = true;
    state.requestRender();
    try {
      // In the opening book, its move (no search); otherwise the engine's.
      let move = await host.bookMove();
      if (version !== state.version || !state.isComputer(game.turn())) return;
      // A fresh seed each time: below full strength the engine's choices vary from game to game.
      const limits = { ...computerLimits(state.settings), seed: Math.floor(Math.random() * 0x7fffffff) };
      // At full strength, the endgame tables' move where they cover the position (a weakened level
      // plays its endgames as it plays the rest), or in a draw a search among the drawing moves.
      const table =
        move || isWeakened(limits)
          ? null
          : await host.tableChoice().catch((error: unknown) => {
              // The tables failed: said, and the search plays instead.
              host.showToast(messageOf(error), 'error');
              return null;
            });
      if (version !== state.version || !state.isComputer(game.turn())) return;
      if (table && 'move' in table) move = table.move;
      else if (table) limits.searchmoves = table.drawing;
      if (!move) {
        // On a clock the level's time is the most it takes; its clock may allow less.
        const budget = host.clockBudget(s.turn);
        if (budget !== null) limits.movetime = Math.max(20, Math.floor(Math.min(limits.movetime ?? budget, budget)));
        const result = await host.player.move(game.startFen, game.played, limits);
        if (version !== state.version || !state.isComputer(game.turn())) return;
        move = result.bestMove;
      }
      if (state.mode === 'demo') {
        const wait = DEMO_MOVE_MS - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (version !== state.version || this.paused || !state.isComputer(game.turn())) {
          if (version === state.version) {
            this.thinking = false;
            state.requestRender();
          }
          return;
        }
      }
      this.thinking = false;
      if (!move || !host.playMove(move, true)) {
        host.showToast(state.t('engineFailed', { reason: `no move (${move ?? 'none'})` }), 'error');
        state.requestRender();
      }
    } catch (error) {
      if (error instanceof Cancelled || version !== state.version) return;
      this.thinking = false;
      const reason = error instanceof Error ? error.message : String(error);
      host.showToast(state.t('engineFailed', { reason }), 'error', {
        label: state.t('retry'),
        run: () => void this.maybeMove(),
      });
    }
  }

  togglePause(): void {
    this.paused = !this.paused;
    if (this.paused) this.cancel();
    this.state.requestRender();
    if (!this.paused) void this.maybeMove();
  }

  /** The engine's best move for the player to move, drawn as an arrow. */
  async showHint(): Promise<void> {
    const { host, state } = this;
    const game = state.game;
    const s = game.status();
    if (s.over) {
      host.showToast(state.t('hintNone'), 'info');
      return;
    }
    // The engine player is busy with a draw offer: its answer must not be cancelled for a hint.
    if (state.isComputer(s.turn) || this.hintPending || host.player.busy) return;
    const a = host.analysisState();
    if (state.settings.analysis && a.key === state.positionKey() && a.pv.length && a.depth >= 8) {
      this.setHint(a.pv[0]!);
      return;
    }
    const version = state.version;
    this.hintPending = true;
    state.requestRender();
    try {
      const result = await host.player.move(game.startFen, game.played, { movetime: HINT_MS });
      if (version !== state.version) return;
      this.hintPending = false;
      if (result.bestMove) this.setHint(result.bestMove);
      else state.requestRender();
    } catch (error) {
      if (version !== state.version) return;
      this.hintPending = false;
      if (error instanceof Cancelled) {
        state.requestRender();
        return;
      }
      host.showToast(
        state.t('engineFailed', { reason: error instanceof Error ? error.message : String(error) }),
        'error',
      );
    }
  }

  private setHint(move: string): void {
    this.hint = move;
    this.host.updateShapes();
    this.host.showToast(
      this.state.t('hintShown', { move: moveText(this.state.game, move, this.state.settings.notation) }),
      'info',
    );
  }
}
