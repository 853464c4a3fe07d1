// ICCS coordinates: `h2e2` (UCCI, the engine's own form) and `H2-E2` (the form XQBase PGN files
// use). Reading accepts either case, with or without the dash, and checks the move is legal.

import { checkLegal } from './describe.ts';
import { NotationError } from './errors.ts';
import type { PositionView } from './types.ts';

/** How ICCS moves are written: `compact` (`h2e2`) or `dashed` (`H2-E2`, as PGN files write them). */
export type IccsStyle = 'compact' | 'dashed';

/** Options of ICCS writing (toIccs, formatMove). */
export interface IccsOptions {
  /** `compact` (default): `h2e2`; `dashed`: `H2-E2`. */
  style?: IccsStyle;
}

const ICCS = /^([a-i][0-9])-?([a-i][0-9])$/i;

/** The compact lowercase form of an ICCS text (`H2-E2` -> `h2e2`), or null if it is not one. */
export function normalizeIccs(text: string): string | null {
  const m = ICCS.exec(text.trim());
  return m ? (m[1]! + m[2]!).toLowerCase() : null;
}

/** Writes a compact ICCS move in the chosen style, without looking at a position. */
export function formatIccs(move: string, style: IccsStyle = 'compact'): string {
  const norm = normalizeIccs(move);
  if (!norm) throw new NotationError('ICCS', move, 'syntax', 'not an ICCS move such as h2e2 or H2-E2');
  return style === 'dashed' ? `${norm.slice(0, 2)}-${norm.slice(2)}`.toUpperCase() : norm;
}

/** Writes a legal move as ICCS; throws NotationError if it is not legal in `pos`. */
export function toIccs(pos: PositionView, move: string, options: IccsOptions = {}): string {
  const norm = normalizeIccs(move);
  if (!norm) throw new NotationError('ICCS', move, 'syntax', 'not an ICCS move such as h2e2');
  checkLegal(pos, norm, 'ICCS');
  return formatIccs(norm, options.style);
}

/** Reads `h2e2` / `H2-E2`; returns the compact move, or throws saying why it is not legal. */
export function fromIccs(pos: PositionView, text: string): string {
  const norm = normalizeIccs(text);
  if (!norm) throw new NotationError('ICCS', text, 'syntax', 'not an ICCS move such as h2e2 or H2-E2');
  try {
    checkLegal(pos, norm, 'ICCS');
  } catch (e) {
    // Report the text as the user wrote it.
    if (e instanceof NotationError) throw new NotationError('ICCS', text, e.code, e.reason);
    throw e;
  }
  return norm;
}
