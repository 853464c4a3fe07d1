// Shapes the user draws by hand, as chessground's players know them: a right-button drag from one point
// to another draws an arrow, a right click a circle; modifier keys pick the colour; drawing a shape that
// is there already takes it away (or recolours it when the colour differs); a left press clears them all.
// This file knows the gesture and the list; the element keeps the list with the position and draws it.
import type { Brush, Shape } from './types.ts';

/** What the drawing needs of the element. */
export interface DrawingHost {
  /** The point under the pointer, -1 off the board. */
  squareAt(e: PointerEvent): number;
  squareName(sq: number): string;
  /** The user's shapes now. */
  shapes(): readonly Shape[];
  /** The user changed the shapes (the element stores them and fires `shapeschange`). */
  setShapes(shapes: Shape[]): void;
  /** A right press: drop the selection and any premove, as chessground does. */
  rightPress(): void;
  requestUpdate(): void;
}

/**
 * The colour for the modifiers held, as chessground chooses it: none green, Shift or Ctrl red, Alt or
 * Meta (Option, Command) blue, both kinds yellow.
 */
export function brushFor(e: { shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): Brush {
  const a = e.shiftKey || e.ctrlKey;
  const b = e.altKey || e.metaKey;
  return (['green', 'red', 'blue', 'yellow'] as const)[(a ? 1 : 0) + (b ? 2 : 0)]!;
}

const sameSquares = (s: Shape, from: string, to: string | undefined): boolean =>
  s.from === from && (s.to === undefined || s.to === s.from ? to === undefined : s.to === to);

/**
 * The list after drawing `shape`: a shape on the same points in the same colour is removed, one in
 * another colour is recoloured, anything else is added.
 */
export function toggleShape(shapes: readonly Shape[], shape: Shape): Shape[] {
  const i = shapes.findIndex((s) => sameSquares(s, shape.from, shape.to));
  if (i < 0) return [...shapes, shape];
  const old = shapes[i]!;
  if ((old.brush ?? 'green') === (shape.brush ?? 'green')) return shapes.filter((_, j) => j !== i);
  return shapes.map((s, j) => (j === i ? shape : s));
}

export class ShapeDrawing {
  /** The shape being drawn (shown faintly until the button is released). */
  pending: Shape | null = null;
  private gesture: { id: number; from: number; to: number; brush: Brush } | null = null;

  constructor(private readonly host: DrawingHost) {}

  attach(el: HTMLElement): void {
    for (const t of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'lostpointercapture']) {
      el.addEventListener(t, this);
    }
  }

  handleEvent(e: PointerEvent): void {
    const g = this.gesture;
    switch (e.type) {
      case 'pointerdown': {
        if (e.button === 0) {
          // A left press clears the drawing, as chessground's eraseOnClick does; the press goes on to
          // pick up or put down a piece.
          if (this.host.shapes().length) this.host.setShapes([]);
          return;
        }
        if (e.button !== 2 || e.pointerType === 'touch') return;
        const sq = this.host.squareAt(e);
        this.host.rightPress();
        if (sq < 0) return;
        e.preventDefault();
        this.gesture = { id: e.pointerId, from: sq, to: sq, brush: brushFor(e) };
        try {
          (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
        } catch {
          /* synthetic events have no active pointer to capture */
        }
        this.show();
        return;
      }
      case 'pointermove': {
        if (!g || e.pointerId !== g.id) return;
        // Off the board the arrow folds back into a circle on its starting point.
        const sq = this.host.squareAt(e);
        const to = sq < 0 ? g.from : sq;
        if (to === g.to) return;
        g.to = to;
        this.show();
        return;
      }
      case 'pointerup': {
        if (!g || e.pointerId !== g.id) return;
        this.gesture = null;
        this.pending = null;
        const from = this.host.squareName(g.from);
        const shape: Shape =
          g.to === g.from ? { from, brush: g.brush } : { from, to: this.host.squareName(g.to), brush: g.brush };
        this.host.setShapes(toggleShape(this.host.shapes(), shape));
        return;
      }
      case 'pointercancel':
      case 'lostpointercapture': {
        if (g && e.pointerId === g.id) this.abort();
        return;
      }
    }
  }

  /** Drops a drawing in progress (the position changed, or the pointer was taken away). */
  abort(): void {
    if (!this.gesture) return;
    this.gesture = null;
    this.pending = null;
    this.host.requestUpdate();
  }

  private show(): void {
    const g = this.gesture!;
    const from = this.host.squareName(g.from);
    this.pending =
      g.to === g.from ? { from, brush: g.brush } : { from, to: this.host.squareName(g.to), brush: g.brush };
    this.host.requestUpdate();
  }
}
