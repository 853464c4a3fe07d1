// The position editor's state (摆棋): the points being set up, the side to move, which way up it is
// shown, the piece in hand (from the tray) and the point with the keyboard focus. Its checks are
// position.ts; its template editor-view.ts.
import { START_FEN } from '../engine/index.ts';
import type { Color, Engine, PieceLetter } from '../engine/types.ts';
import { emptyPoints, fenOf, pointsOf, problems, type Points, type Problem } from './position.ts';

export type Tool = PieceLetter | 'erase';

export const TRAY: readonly PieceLetter[] = ['K', 'A', 'B', 'N', 'R', 'C', 'P', 'k', 'a', 'b', 'n', 'r', 'c', 'p'];

export class PositionEditor {
  points: Points;
  turn: Color;
  flipped: boolean;
  tool: Tool | null = null;
  /** The point with the roving focus (index a0 = 0 … i9 = 89). */
  focus = 4;

  constructor(
    fen: string,
    orientation: Color,
    private readonly rules: Engine,
  ) {
    this.points = pointsOf(fen);
    this.turn = / b\b/.test(fen) ? 'black' : 'red';
    this.flipped = orientation === 'black';
  }

  get fen(): string {
    return fenOf(this.points, this.turn);
  }

  /** What is wrong with the position now (empty: it can be played). */
  problems(): Problem[] {
    return problems(this.points, this.turn, this.rules);
  }

  pick(tool: Tool): void {
    this.tool = this.tool === tool ? null : tool;
  }

  /**
   * A click (or Enter) on a point: puts the piece in hand there (the same piece again takes it off),
   * the eraser or an empty hand takes off what stands there.
   */
  apply(index: number): void {
    const here = this.points[index];
    if (this.tool && this.tool !== 'erase' && here !== this.tool) this.points[index] = this.tool;
    else this.points[index] = null;
    this.focus = index;
  }

  /** A piece dragged from one point to another (or off the board: `to` null). */
  move(from: number, to: number | null): void {
    const piece = this.points[from];
    if (!piece) return;
    this.points[from] = null;
    if (to !== null) this.points[to] = piece;
  }

  place(piece: PieceLetter, to: number): void {
    this.points[to] = piece;
  }

  clear(): void {
    this.points = emptyPoints();
  }

  startPosition(): void {
    this.points = pointsOf(START_FEN);
    this.turn = 'red';
  }
}
