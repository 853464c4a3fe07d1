// Squares, view coordinates and the SVG layout. Everything the renderer and the pointer code need to
// agree on lives here, so a click always maps back to the point that was drawn under it.
import type { Orientation } from './types.ts';
import { squareIndex, squareName } from '../engine/squares.ts';

/** Distance between two neighbouring points, in SVG user units. */
export const CELL = 100;

export interface Layout {
  /** Margin around the outermost grid lines (room for edge pieces, and for coordinates when shown). */
  pad: number;
  width: number;
  height: number;
}

const PLAIN: Layout = { pad: 60, width: 8 * CELL + 120, height: 9 * CELL + 120 };
const WITH_COORDS: Layout = { pad: 90, width: 8 * CELL + 180, height: 9 * CELL + 180 };

export function layoutFor(coordinates: boolean): Layout {
  return coordinates ? WITH_COORDS : PLAIN;
}

// `h2` <-> 25 (rank * 9 + file, -1 for anything that is not a square): the engine adapter's own.
export { squareIndex, squareName };

/** Splits an ICCS move (`h2e2`) into square indexes, or null when it is not one. */
export function parseMove(move: string): [number, number] | null {
  if (typeof move !== 'string' || move.length !== 4) return null;
  const from = squareIndex(move.slice(0, 2));
  const to = squareIndex(move.slice(2));
  return from < 0 || to < 0 ? null : [from, to];
}

/** View column (0 = left) and row (0 = top) of a square as seen from `orientation`'s side. */
export function toView(sq: number, orientation: Orientation): [number, number] {
  const file = sq % 9;
  const rank = Math.floor(sq / 9);
  return orientation === 'red' ? [file, 9 - rank] : [8 - file, rank];
}

export function fromView(col: number, row: number, orientation: Orientation): number {
  if (col < 0 || col > 8 || row < 0 || row > 9) return -1;
  return orientation === 'red' ? (9 - row) * 9 + col : row * 9 + (8 - col);
}

/** Centre of a square's point in SVG user units. */
export function pointXY(sq: number, orientation: Orientation, layout: Layout): [number, number] {
  const [col, row] = toView(sq, orientation);
  return [layout.pad + col * CELL, layout.pad + row * CELL];
}

/**
 * Maps client coordinates to SVG user units using the bounding box read at this very event (never a
 * cached one: a layout shift or a resize between two events must not make clicks land elsewhere).
 */
export function clientToBoard(x: number, y: number, rect: DOMRect, layout: Layout): [number, number] {
  return [((x - rect.left) / rect.width) * layout.width, ((y - rect.top) / rect.height) * layout.height];
}

/** The point nearest to SVG user coordinates, or -1 outside the area where pieces stand. */
export function squareAtBoard(bx: number, by: number, orientation: Orientation, layout: Layout): number {
  const col = Math.round((bx - layout.pad) / CELL);
  const row = Math.round((by - layout.pad) / CELL);
  return fromView(col, row, orientation);
}
