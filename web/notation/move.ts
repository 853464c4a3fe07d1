// One entry point for "write this move" and "read what the user typed", for the page's move box
// and the command line, which do not know in advance which notation a text is in.

import { fromChinese, toChinese, type ChineseOptions } from './chinese.ts';
import { fromIccs, normalizeIccs, toIccs, type IccsOptions } from './iccs.ts';
import type { NotationName, PositionView } from './types.ts';
import { fromWxf, toWxf, type WxfOptions } from './wxf.ts';

/** Options of formatMove: the notation, and that notation's own options. */
export interface FormatOptions extends IccsOptions, WxfOptions, ChineseOptions {
  /** The notation to write: `ICCS`, `WXF` or `chinese`. */
  notation: NotationName;
}

/** Writes a legal move (ICCS) in the chosen notation. */
export function formatMove(pos: PositionView, move: string, options: FormatOptions): string {
  switch (options.notation) {
    case 'ICCS':
      return toIccs(pos, move, options);
    case 'WXF':
      return toWxf(pos, move, options);
    case 'chinese':
      return toChinese(pos, move, options);
  }
}

/**
 * Which notation a text is written in: ICCS if it is two squares, Chinese if it has any
 * non-ASCII character, WXF otherwise. The three cannot be confused: an ICCS move has a file
 * letter third (or a dash), a WXF move a direction sign third.
 */
export function detectNotation(text: string): NotationName {
  if (normalizeIccs(text) !== null) return 'ICCS';
  return /[\u0080-\uffff]/.test(text) ? 'chinese' : 'WXF';
}

/** Reads a move in any of the notations (or the given one); returns it in ICCS. */
export function parseMove(pos: PositionView, text: string, notation: NotationName = detectNotation(text)): string {
  switch (notation) {
    case 'ICCS':
      return fromIccs(pos, text);
    case 'WXF':
      return fromWxf(pos, text);
    case 'chinese':
      return fromChinese(pos, text);
  }
}
