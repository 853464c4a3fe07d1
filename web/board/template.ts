// The element's drawing: the svg board (lines, marks, pieces, destinations, shapes, a dragged piece)
// under an invisible grid of focusable, labelled cells that takes the input, plus the live region and
// the problem notice. A function of the state the element hands it; it changes nothing.
import { html, nothing, type TemplateResult } from 'lit';
import { boardLabel, cellLabel, type Lang } from './a11y.ts';
// Positions and the aspect ratio go through the CSSOM, never a style="" attribute (strict CSPs block those).
import { cssomStyle } from './cssom-style.ts';
import { CELL, fromView, pointXY, squareName, type Layout } from './geometry.ts';
import { boardLayer, defs, destLayer, highlightLayer, pieceTemplate } from './render-svg.ts';
import type { BoardInput } from './selection.ts';
import { validShapes } from './shape-check.ts';
import { shapeLayer } from './shapes.ts';
import type { Coordinates, Orientation, PieceLetter, PieceSetName, Shape } from './types.ts';

export interface BoardView {
  layout: Layout;
  orientation: Orientation;
  lang: Lang;
  /** The glyphs drawn on the discs. */
  set: PieceSetName;
  coordinates: Coordinates;
  board: readonly (PieceLetter | null)[];
  /** Selection, destinations, drag and focus, and the grid's key and focus handlers. */
  input: BoardInput;
  /** A captured piece fading out under the one that took it. */
  ghost: { to: number; captured: PieceLetter } | null;
  showLegal: boolean;
  canPick(sq: number): boolean;
  lastMove: [number, number] | null;
  /** A premove waiting: its two squares. */
  premove: [number, number] | null;
  check: number;
  /** The `shapes` property as given (checked here). */
  shapes: unknown;
  /** The `drawnShapes` property as given (checked here), and the shape the user is drawing now. */
  drawnShapes: unknown;
  pendingShape: Shape | null;
  announce: string;
  problem: string | null;
}

export function boardTemplate(v: BoardView): TemplateResult {
  const { layout: L, orientation: o, lang, set, board, input } = v;
  const drag = input.drag;
  const pieces = [];
  // A captured piece stays under the arriving one while it fades out.
  if (v.ghost) {
    const [x, y] = pointXY(v.ghost.to, o, L);
    pieces.push(pieceTemplate(v.ghost.captured, v.ghost.to, x, y, set, 'ghost'));
  }
  for (let sq = 0; sq < 90; sq++) {
    const piece = board[sq];
    if (!piece) continue;
    const [x, y] = pointXY(sq, o, L);
    const cls = sq === input.selected ? (drag ? 'selected origin' : 'selected') : '';
    pieces.push(pieceTemplate(piece, sq, x, y, set, cls));
  }
  const dragged =
    drag && board[drag.from] ? pieceTemplate(board[drag.from]!, drag.from, drag.x, drag.y, set, 'dragging') : nothing;
  const focus = input.focusedPoint();
  const half = CELL / 2;
  const cellWidth = `${(CELL / L.width) * 100}%`;
  const cellHeight = `${(CELL / L.height) * 100}%`;
  const rows: TemplateResult[] = [];
  for (let row = 0; row < 10; row++) {
    const cells: TemplateResult[] = [];
    for (let col = 0; col < 9; col++) {
      const sq = fromView(col, row, o);
      const piece = board[sq] ?? null;
      const dest = v.showLegal && input.dests.has(sq);
      const left = ((L.pad + col * CELL - half) / L.width) * 100;
      const top = ((L.pad + row * CELL - half) / L.height) * 100;
      const cls = v.canPick(sq) ? 'cell grab' : input.dests.has(sq) ? 'cell target' : 'cell';
      cells.push(html`<div
        role="gridcell"
        part="point"
        class=${cls}
        data-sq=${sq}
        tabindex=${sq === focus ? 0 : -1}
        aria-label=${cellLabel(squareName(sq), piece, { selected: sq === input.selected, dest }, lang)}
        ${cssomStyle({ left: `${left}%`, top: `${top}%`, width: cellWidth, height: cellHeight })}
      ></div>`);
    }
    rows.push(html`<div role="row">${cells}</div>`);
  }
  return html`<div class="sizer"></div><div class="wrap" ${cssomStyle({ 'aspect-ratio': `${L.width} / ${L.height}` })}>
    <svg part="board" viewBox="0 0 ${L.width} ${L.height}" aria-hidden="true">
      ${defs}${boardLayer(L, v.coordinates, o, set !== 'letters')}
      <g>${highlightLayer({ lastMove: v.lastMove, premove: v.premove, check: v.check }, o, L)}</g>
      <g>${pieces}</g>
      <g>${v.showLegal ? destLayer(input.dests, board, o, L) : nothing}</g>
      <g>${shapeLayer(validShapes(v.drawnShapes), o, L, 'drawn')}${v.pendingShape ? shapeLayer([v.pendingShape], o, L, 'drawn pending') : nothing}${shapeLayer(validShapes(v.shapes), o, L)}</g>
      ${dragged}
    </svg>
    <div
      class=${drag ? 'grid dragging' : 'grid'}
      role="grid"
      aria-label=${boardLabel(lang)}
      @keydown=${input.onKeydown}
      @focusin=${input.onFocusin}
    >${rows}</div>
    <div class="sr" role="status" aria-live="polite">${v.announce}</div>
    ${v.problem ? html`<div class="problem" part="problem" role="alert">${v.problem}</div>` : nothing}
  </div>`;
}
