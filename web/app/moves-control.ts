// The moves panel's controller, and the moves the player makes: on the board, typed in any notation
// (炮二平五, C2.5, h2e2), or picked in the move list; going back and forth along the line and through
// the tree (undo and redo against the computer take back its reply too); comments, promoting a
// variation, deleting a move, playing on from a position in the past.
import type { XiangqiBoardEventMap } from '../board/types.ts';
import { squareIndex } from '../engine/index.ts';
import type { Engine } from '../engine/types.ts';
import { parseMove } from '../notation/index.ts';
import { openingName, type OpeningName } from './openings.ts';
import type { PageBook } from './page-book.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import type { Effect } from './sound.ts';

export class MovesControl implements Receiver {
  /** Why the typed move was not played. */
  moveError: string | null = null;

  constructor(
    private readonly state: PageState,
    private readonly book: PageBook,
    /** A spare engine for marking the tree's book moves. */
    private readonly scratch: Engine,
    /** The board is playing a move for the page: its `move` event is not the player's. */
    private readonly boardPlaysForPage: () => boolean,
    private readonly showError: (message: string) => void,
  ) {}

  receive(message: PageMessage): void {
    if (message.type === 'position') this.moveError = null;
  }

  /**
   * Who may move on the board (the computer's side is never the player's; nobody once the game is
   * over, also by resignation, agreement or time, which the board's own engine does not see).
   */
  get interactive(): 'both' | 'red' | 'black' | 'none' {
    if (this.state.game.status().over) return 'none';
    const red = !this.state.isComputer('red');
    const black = !this.state.isComputer('black');
    return red && black ? 'both' : red ? 'red' : black ? 'black' : 'none';
  }

  /**
   * The board lets the player move ahead while the computer thinks (setting on, against the computer),
   * at the end of the line only: the computer does not move while an earlier position is shown.
   */
  get premove(): boolean {
    return this.state.settings.premove && this.state.againstComputer && this.state.game.atEnd;
  }

  /** Plays a move at the cursor (the player's from the board or the move box, or the computer's). */
  playMove(move: string, animate: boolean): boolean {
    const game = this.state.game;
    const to = squareIndex(move.slice(2, 4));
    const captured = to >= 0 && game.seek().board()[to] !== null;
    const moved = game.turn();
    if (!game.play(move)) return false;
    this.state.changed({ animate, effect: this.effectOf(captured), moved });
    return true;
  }

  /** The effect a move just played calls for. */
  private effectOf(captured: boolean): Effect {
    const s = this.state.game.status();
    return s.over ? 'end' : s.inCheck ? 'check' : captured ? 'capture' : 'move';
  }

  /** A move made on the board by the player. */
  onBoardMove(event: XiangqiBoardEventMap['move']): void {
    if (this.boardPlaysForPage()) return;
    const s = this.state.game.status();
    if (this.state.isComputer(s.turn) || !this.playMove(event.detail.move, false)) event.preventDefault();
  }

  onBoardError(event: XiangqiBoardEventMap['error']): void {
    this.showError(event.detail.message);
  }

  /** The player drew or erased arrows and circles: they belong to the position shown, in the tree. */
  onShapesChange(event: XiangqiBoardEventMap['shapeschange']): void {
    const game = this.state.game;
    const { shapes, fen } = event.detail;
    const here = game.fen().split(' ').slice(0, 2).join(' ');
    if (fen.split(' ').slice(0, 2).join(' ') !== here) return;
    if (game.setShapes(game.current, shapes)) game.save();
  }

  /** A move typed in any notation (炮二平五, C2.5, h2e2); false (and why, in moveError) when not played. */
  playTyped(text: string): boolean {
    const input = text.trim();
    if (!input) return false;
    const { state } = this;
    const game = state.game;
    const s = game.status();
    if (s.over) {
      this.moveError = state.t('hintNone');
    } else if (state.isComputer(s.turn)) {
      this.moveError = state.t('notYourTurn');
    } else {
      try {
        const move = parseMove(game.seek(), input);
        if (this.playMove(move, true)) return true;
        this.moveError = input;
      } catch (error) {
        this.moveError = error instanceof Error ? error.message : String(error);
      }
    }
    state.requestRender();
    return false;
  }

  canUndo(): boolean {
    const g = this.state.game;
    const mode = this.state.mode;
    if (g.cursor === 0) return false;
    if (mode === 'demo' || mode === 'two') return true;
    // Against the computer, its very first move (you play Black) is not yours to take back.
    return !(g.cursor === 1 && this.state.isComputer(g.turnAt(0)));
  }

  undo(): void {
    if (!this.canUndo()) return;
    // Taking a move back takes back a resignation or an agreed draw made after it.
    this.state.game.clearEnding();
    if (this.state.game.undo((side) => this.state.isComputer(side))) this.state.changed();
  }

  redo(): void {
    if (this.state.game.redo((side) => this.state.isComputer(side))) this.state.changed({ animate: true });
  }

  /** Shows the position after `ply` moves (0: the start). */
  goTo(ply: number): void {
    const game = this.state.game;
    const before = game.cursor;
    if (game.goTo(ply)) this.state.changed({ animate: game.cursor === before + 1 });
  }

  step(delta: number): void {
    const game = this.state.game;
    if (game.goTo(game.cursor + delta)) this.state.changed({ animate: delta === 1 });
  }

  /** Shows the position after the tree's move `id` (a move list button). */
  selectNode(id: number): void {
    const game = this.state.game;
    const node = game.find(id);
    const before = game.cursor;
    if (node && game.select(node)) this.state.changed({ animate: game.cursor === before + 1 });
  }

  /** The move tried before (-1) or after (+1) the current one from the same position; false if none. */
  switchVariation(delta: number): boolean {
    const node = this.state.game.current;
    const siblings = node.parent?.children ?? [];
    const next = siblings[siblings.indexOf(node) + delta];
    if (!next) return false;
    this.selectNode(next.id);
    return true;
  }

  /** The comment on the current move (on the game at the start). */
  setComment(text: string): void {
    const game = this.state.game;
    game.setComment(game.current, text);
    game.save();
    this.state.requestRender();
  }

  /** The variation the current move is on becomes the main line where it branches. */
  promoteVariation(): void {
    const game = this.state.game;
    if (game.promote(game.current)) {
      game.save();
      this.state.requestRender();
    }
  }

  /** Deletes the current move and what follows it; the board goes back one move. */
  deleteMove(): void {
    if (this.state.game.remove(this.state.game.current)) this.state.changed();
  }

  /** From a position in the past: the line ends here (the tree keeps the rest), so play and the computer go on from here. */
  playOnFromHere(): void {
    if (this.state.game.atEnd) return;
    this.state.game.truncate();
    this.state.changed();
  }

  /** The tree's moves that are in the opening book (node ids; empty until the book has loaded). */
  bookNodes(): ReadonlySet<number> {
    return this.book.bookNodes(this.state.game, this.scratch);
  }

  /** The opening of the line followed, from its first moves (null when the table has no name for it). */
  opening(): OpeningName | null {
    return openingName(this.state.game.startFen, this.state.game.moves);
  }
}
