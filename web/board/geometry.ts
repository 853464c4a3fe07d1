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

const linesCache = new Map<number, string>();

/** Path data for the grid, palaces and point markers; identical for both orientations (the live board's and its pictures'). */
export function gridPath(p: number): string {
  let d = linesCache.get(p);
  if (d) return d;
  const x = (f: number) => p + f * CELL;
  const y = (r: number) => p + r * CELL;
  d = '';
  for (let r = 0; r <= 9; r++) d += `M${x(0)} ${y(r)}H${x(8)}`;
  // Edge files cross the river; inner files stop at its banks.
  d += `M${x(0)} ${y(0)}V${y(9)}M${x(8)} ${y(0)}V${y(9)}`;
  for (let f = 1; f < 8; f++) d += `M${x(f)} ${y(0)}V${y(4)}M${x(f)} ${y(5)}V${y(9)}`;
  for (const top of [0, 7]) {
    d += `M${x(3)} ${y(top)}L${x(5)} ${y(top + 2)}M${x(5)} ${y(top)}L${x(3)} ${y(top + 2)}`;
  }
  // Cannon and soldier points get small corner marks; on the edge files only the inner half.
  const g = 8;
  const l = 18;
  const mark = (f: number, r: number) => {
    for (const sx of [-1, 1]) {
      if ((f === 0 && sx < 0) || (f === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        const cx = x(f) + sx * g;
        const cy = y(r) + sy * g;
        d += `M${cx + sx * l} ${cy}H${cx}V${cy + sy * l}`;
      }
    }
  };
  for (const r of [2, 7]) for (const f of [1, 7]) mark(f, r);
  for (const r of [3, 6]) for (let f = 0; f <= 8; f += 2) mark(f, r);
  linesCache.set(p, d);
  return d;
}
