// Pointer gestures (mouse, pen, touch) turned into board intents: press, drag, drop, click, cancel.
// The rules (what may be picked up, what is legal) stay with the element; this file only knows
// gestures. Geometry is read by the element at each event, never cached here.

export interface PointerHost {
  /** Square under the pointer for this event, or -1. */
  squareAt(e: PointerEvent): number;
  /**
   * A press on `sq`. Returns whether a drag may start from it (a piece the user may move was picked up)
   * and whether it was already selected before the press (a click on it then puts it down).
   */
  press(sq: number): { drag: boolean; wasSelected: boolean };
  /** The dragged piece follows the pointer. */
  dragTo(e: PointerEvent): void;
  /** Released after dragging, over `to` (-1 outside the board). */
  drop(from: number, to: number): void;
  /** Released without dragging. */
  release(from: number, wasSelected: boolean): void;
  /** The gesture was taken away (pointercancel, lost capture): undo any drag state, leave no ghost. */
  cancel(): void;
}

interface Gesture {
  id: number;
  from: number;
  x0: number;
  y0: number;
  dragging: boolean;
  wasSelected: boolean;
}

export class PointerInput {
  private g: Gesture | null = null;
  private el: HTMLElement | null = null;

  constructor(private readonly host: PointerHost) {}

  attach(el: HTMLElement): void {
    this.el = el;
    for (const t of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'lostpointercapture']) {
      el.addEventListener(t, this);
    }
  }

  get dragging(): boolean {
    return !!this.g?.dragging;
  }

  handleEvent(e: PointerEvent): void {
    const g = this.g;
    switch (e.type) {
      case 'pointerdown': {
        if (!e.isPrimary || e.button !== 0) return;
        if (g) this.abort();
        const sq = this.host.squareAt(e);
        if (sq < 0) return;
        const { drag, wasSelected } = this.host.press(sq);
        if (!drag) return;
        this.g = { id: e.pointerId, from: sq, x0: e.clientX, y0: e.clientY, dragging: false, wasSelected };
        // Capture keeps the drag alive when the pointer leaves the board.
        try {
          this.el?.setPointerCapture(e.pointerId);
        } catch {
          /* synthetic events have no active pointer to capture */
        }
        // No text selection or native image drag starting from a mouse press on a piece.
        if (e.pointerType === 'mouse') e.preventDefault();
        return;
      }
      case 'pointermove': {
        if (!g || e.pointerId !== g.id) return;
        if (!g.dragging) {
          const slop = e.pointerType === 'mouse' ? 4 : 8;
          if (Math.hypot(e.clientX - g.x0, e.clientY - g.y0) < slop) return;
          g.dragging = true;
        }
        this.host.dragTo(e);
        return;
      }
      case 'pointerup': {
        if (!g || e.pointerId !== g.id) return;
        this.g = null;
        if (g.dragging) this.host.drop(g.from, this.host.squareAt(e));
        else this.host.release(g.from, g.wasSelected);
        return;
      }
      case 'pointercancel':
      case 'lostpointercapture': {
        // lostpointercapture also follows a normal pointerup, when g is already cleared.
        if (g && e.pointerId === g.id) this.abort();
        return;
      }
    }
  }

  /** Ends a gesture without a move (also used when the position changes under a drag). */
  abort(): void {
    if (!this.g) return;
    this.g = null;
    this.host.cancel();
  }
}
