// Keeps the page's <xiangqi-board> in line with the game: its position (by one animated move when that
// is all that changed, so the player sees the move made) and its arrows (the hint, the engine's line).
// The board keeps its own engine and history; the game (game.ts) is the one the page saves and shows.
import type { XiangqiBoard } from '../board/element.ts';
import type { Shape } from '../board/types.ts';
import type { Game } from './game.ts';
import { sameShapes } from './drawn-shapes.ts';

export class BoardLink {
  /** The FEN the board's game starts from: another start means a new game, never a move played on. */
  private boardStart: string;
  /** The board is playing a move for the page: its `move` event is not the player's. */
  programmatic = false;

  constructor(
    private readonly game: Game,
    /** The page's board, null until the page is drawn. */
    private readonly board: () => XiangqiBoard | null,
  ) {
    this.boardStart = game.startFen;
  }

  /** Shows the game's position on the board, by one animated move when that is all that changed. */
  syncPosition(animate: boolean): void {
    const board = this.board();
    const engine = board?.engine;
    if (!board || !engine) return;
    const want = this.game.played;
    const have = engine.history();
    const sameStart = this.boardStart === this.game.startFen;
    const prefix = (n: number) => have.slice(0, n).every((m, i) => m === want[i]);
    if (sameStart && have.length === want.length && prefix(have.length)) return;
    if (animate && sameStart && have.length + 1 === want.length && prefix(have.length)) {
      this.programmatic = true;
      try {
        if (board.play(want[want.length - 1]!)) return;
      } finally {
        this.programmatic = false;
      }
    }
    this.boardStart = this.game.startFen;
    board.setPosition(this.game.startFen, want);
  }

  /**
   * The player's own arrows and circles for the position shown (the tree keeps them per position; the
   * board clears its drawing on every position change, so this runs after each). Unchanged ones are left alone.
   */
  showDrawn(): void {
    const board = this.board();
    if (!board) return;
    const shapes = this.game.current.shapes;
    if (!sameShapes(board.drawnShapes, shapes)) board.drawnShapes = shapes.map((s) => ({ ...s }));
  }

  /**
   * Arrows on the board: the engine's line (`line`, from the position on the board, or null when not
   * asked for) and the hint in green. The first move of the line is drawn strong in its side's colour,
   * the later ones fainter and fainter, so that the order reads without numbers and a chain of moves
   * never looks like one long arrow of equal weight. The hint replaces the line's first arrow when it
   * is the same move (it hid it). Unchanged arrows are left alone.
   */
  showArrows(line: readonly string[] | null, hint: string | null): void {
    const board = this.board();
    if (!board) return;
    const shapes: Shape[] = [];
    if (line) {
      const turn = this.game.turn();
      line.slice(0, 6).forEach((move, i) => {
        if (i === 0 && move === hint) return;
        const red = (i % 2 === 0) === (turn === 'red');
        const alpha = i === 0 ? 1 : Math.max(0.22, 0.62 - i * 0.08);
        const brush =
          i === 0 ? (red ? 'red' : 'blue') : red ? `rgba(176, 32, 26, ${alpha})` : `rgba(26, 79, 176, ${alpha})`;
        shapes.push({ from: move.slice(0, 2), to: move.slice(2, 4), brush });
      });
    }
    if (hint) shapes.push({ from: hint.slice(0, 2), to: hint.slice(2, 4), brush: 'green' });
    const old = board.shapes;
    const same =
      old.length === shapes.length &&
      old.every((s, i) => s.from === shapes[i]!.from && s.to === shapes[i]!.to && s.brush === shapes[i]!.brush);
    if (!same) board.setShapes(shapes);
  }
}
