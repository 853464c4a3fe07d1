// Picking a piece up and putting it down: the selected point and its destinations, a drag in progress,
// and the focused point of the keyboard grid. Pointer gestures (input-pointer.ts) and keys
// (input-keyboard.ts) end here; the rules (what may be picked up, what is legal) stay with the element,
// behind InputHost, and the element draws this state.
import { clientToBoard, fromView, squareAtBoard, toView, type Layout } from './geometry.ts';
import { keyIntent } from './input-keyboard.ts';
import { PointerInput, type PointerHost } from './input-pointer.ts';
import type { Orientation } from './types.ts';

/** What the input needs of the element. Geometry is read at each event, never cached. */
export interface InputHost {
  /** Where the grid's cells and the svg are (the element's shadow root). */
  root(): ParentNode;
  layout(): Layout;
  orientation(): Orientation;
  /** Whether the user may pick up the piece on `sq` now. */
  canPick(sq: number): boolean;
  /** The points the piece on `sq` may move to. */
  destinations(sq: number): Set<number>;
  /**
   * Plays the user's move if it is legal and not cancelled (or keeps it as a premove); false when
   * nothing was played or kept.
   */
  userMove(from: number, to: number, animate: boolean): boolean;
  /** A press, click or key that picks up, puts down or cancels: a waiting premove is dropped first. */
  interrupt(): void;
  requestUpdate(): void;
}

export class BoardInput {
  selected = -1;
  dests = new Set<number>();
  drag: { from: number; x: number; y: number } | null = null;
  focus = -1;
  readonly pointer: PointerInput;

  constructor(private readonly host: InputHost) {
    this.pointer = new PointerInput(this.pointerHost());
  }

  /** Forgets the selection and any drag (the position changed). */
  reset(): void {
    this.selected = -1;
    this.dests = new Set();
    this.drag = null;
  }

  /** The point under a pointer event, -1 off the board. */
  squareAt(e: PointerEvent): number {
    const [x, y] = this.boardPoint(e);
    return squareAtBoard(x, y, this.host.orientation(), this.host.layout());
  }

  /** Drops the selection and any drag (a right click, as chessground does). */
  cancel(): void {
    this.pointer.abort();
    this.deselect();
  }

  /** The point that takes the grid's one tab stop. */
  focusedPoint(): number {
    return this.focus < 0 ? this.defaultFocus() : this.focus;
  }

  private select(sq: number): void {
    this.selected = sq;
    this.dests = this.host.destinations(sq);
    this.host.requestUpdate();
  }

  private deselect(): void {
    if (this.selected < 0) return;
    this.selected = -1;
    this.dests = new Set();
    this.host.requestUpdate();
  }

  /** Click, tap, Enter or Space on a point. */
  private activate(sq: number): void {
    this.host.interrupt();
    if (this.selected === sq) this.deselect();
    else if (this.selected >= 0 && this.dests.has(sq)) this.move(this.selected, sq, true);
    else if (this.host.canPick(sq)) this.select(sq);
    else this.deselect();
  }

  private move(from: number, to: number, animate: boolean): void {
    // Refused quietly: illegal input is not an error, it just does not happen.
    if (!this.host.userMove(from, to, animate)) this.deselect();
  }

  private boardPoint(e: PointerEvent): [number, number] {
    // Read at every event: the board may have moved or resized since the last one.
    const svgEl = this.host.root().querySelector('svg')!;
    return clientToBoard(e.clientX, e.clientY, svgEl.getBoundingClientRect(), this.host.layout());
  }

  private pointerHost(): PointerHost {
    return {
      squareAt: (e) => this.squareAt(e),
      press: (sq) => {
        this.host.interrupt();
        if (this.selected >= 0 && this.dests.has(sq)) {
          this.move(this.selected, sq, true);
          return { drag: false, wasSelected: false };
        }
        if (!this.host.canPick(sq)) {
          this.deselect();
          return { drag: false, wasSelected: false };
        }
        const wasSelected = this.selected === sq;
        this.select(sq);
        return { drag: true, wasSelected };
      },
      dragTo: (e) => {
        const [x, y] = this.boardPoint(e);
        this.drag = { from: this.selected, x, y };
        this.host.requestUpdate();
      },
      drop: (from, to) => {
        this.drag = null;
        if (to >= 0 && to !== from && this.dests.has(to)) this.move(from, to, false);
        else if (to !== from) this.deselect();
        this.host.requestUpdate();
      },
      release: (_from, wasSelected) => {
        if (wasSelected) this.deselect();
      },
      cancel: () => {
        this.drag = null;
        this.host.requestUpdate();
      },
    };
  }

  private defaultFocus(): number {
    return fromView(4, 9, this.host.orientation());
  }

  /** Moves the document's focus to the focused point's cell. */
  focusCell(): void {
    const [col, row] = toView(this.focusedPoint(), this.host.orientation());
    [...this.host.root().querySelectorAll<HTMLElement>('.cell')][row * 9 + col]?.focus();
  }

  readonly onKeydown = (e: KeyboardEvent): void => {
    const sq = this.focusedPoint();
    const [col, row] = toView(sq, this.host.orientation());
    const intent = keyIntent(e.key, col, row, e.ctrlKey || e.metaKey);
    if (!intent) return;
    e.preventDefault();
    if (intent.kind === 'focus') {
      this.focus = fromView(intent.col, intent.row, this.host.orientation());
      this.focusCell();
      this.host.requestUpdate();
    } else if (intent.kind === 'activate') {
      this.activate(sq);
    } else {
      this.host.interrupt();
      this.deselect();
    }
  };

  readonly onFocusin = (e: FocusEvent): void => {
    const sq = Number((e.target as HTMLElement).dataset['sq']);
    if (sq >= 0 && sq !== this.focus) {
      this.focus = sq;
      this.host.requestUpdate();
    }
  };
}
