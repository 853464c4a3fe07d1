// WXF notation (`C2.5`, `H8+7`, `R1-1`, `R+.3`, `P3.4`, `++.4`, `3+.4`): four characters,
// piece, where it stands, direction, number. The forms for like pieces on one file follow WXF's
// official notation page; describe.ts explains them. Written with `.` for sideways moves and
// WXF's letters K A E H R C P; read with `=` for `.`, B for E, N for H, either case, the sign
// before the letter (`+R.3`) as well as after it (`R+.3`), and trailing `!`, `?`, `+`, `#` marks.

import { describeMove, resolveMove, type Direction, type MoveQuery } from './describe.ts';
import { NotationError } from './errors.ts';
import type { PieceKind, PositionView } from './types.ts';

/** Options of WXF writing (toWxf, formatMove). */
export interface WxfOptions {
  /** The sideways sign to write: `.` (WXF, the default) or `=` (older AXF texts). */
  sideways?: '.' | '=';
}

const LETTER: Readonly<Record<PieceKind, string>> = { K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P' };
const KIND_BY_LETTER: Readonly<Record<string, PieceKind>> = {
  K: 'K',
  A: 'A',
  E: 'B',
  B: 'B',
  H: 'N',
  N: 'N',
  R: 'R',
  C: 'C',
  P: 'P',
};

/** WXF marks for the place of a pawn in a stack of 2-5, front first; null is the plain form. */
const STACK_MARKS: Readonly<Record<number, readonly (string | null)[]>> = {
  2: ['+', '-'],
  3: ['+', null, '-'],
  4: ['++', '+', '-', '--'],
  5: ['++', '+', null, '-', '--'],
};

/** Writes a legal move in WXF notation; throws NotationError if it is not legal in `pos`. */
export function toWxf(pos: PositionView, move: string, options: WxfOptions = {}): string {
  const d = describeMove(pos, move, 'WXF');
  const letter = LETTER[d.kind];
  let piece: string;
  if (d.locator.type === 'file') {
    piece = letter + d.locator.file;
  } else {
    // null: the middle piece of three or five, which has no mark (`!` would drop that null too).
    const mark = STACK_MARKS[d.locator.count]![d.locator.index] as string | null;
    if (d.locator.file !== undefined) piece = `${d.locator.file}${mark ?? d.locator.file}`;
    else if (mark === null) piece = letter + d.fromFile;
    else if (mark.length === 2) piece = mark;
    else piece = letter + mark;
  }
  const dir = d.direction === '.' ? (options.sideways ?? '.') : d.direction;
  return piece + dir + d.target;
}

function syntax(text: string, reason: string): NotationError {
  return new NotationError('WXF', text, 'syntax', reason);
}

const isSign = (c: string): c is '+' | '-' => c === '+' || c === '-';
const isFile = (c: string): boolean => c >= '1' && c <= '9';

/** Reads the text into a query without looking at the position. */
export function parseWxf(text: string): MoveQuery {
  const t = text.trim();
  const [c0 = '', c1 = '', c2 = '', c3 = ''] = t;
  if (t.length < 4 || !/^[!?+#]*$/.test(t.slice(4))) {
    throw syntax(text, 'expected four characters: piece, file (or +/-), direction (+ - .), number, as in C2.5');
  }
  if (!'+-.='.includes(c2))
    throw syntax(text, `the third character must be + (forward), - (back) or . (sideways), not "${c2}"`);
  if (!isFile(c3)) throw syntax(text, `the last character must be a number 1-9, not "${c3}"`);
  const direction: Direction = c2 === '=' ? '.' : (c2 as Direction);
  const target = Number(c3);
  const kindOfLetter = (c: string): PieceKind | undefined => KIND_BY_LETTER[c.toUpperCase()];
  const k0 = kindOfLetter(c0);
  const k1 = kindOfLetter(c1);
  if (k0 && isFile(c1)) return { kind: k0, pick: { type: 'file', file: Number(c1), middle: true }, direction, target };
  if (k0 && isSign(c1))
    return { kind: k0, pick: { type: 'stack', which: { type: 'wxf', sign: c1 } }, direction, target };
  if (isSign(c0) && k1)
    return { kind: k1, pick: { type: 'stack', which: { type: 'wxf', sign: c0 } }, direction, target };
  if (isSign(c0) && c1 === c0) {
    return {
      kind: 'P',
      pick: { type: 'stack', which: { type: 'wxf', sign: c0 === '+' ? '++' : '--' } },
      direction,
      target,
    };
  }
  if (isFile(c0) && isSign(c1)) {
    return {
      kind: 'P',
      pick: { type: 'stack', which: { type: 'wxf', sign: c1 }, file: Number(c0) },
      direction,
      target,
    };
  }
  if (isFile(c0) && c1 === c0) {
    return { kind: 'P', pick: { type: 'stack', which: { type: 'middle' }, file: Number(c0) }, direction, target };
  }
  if (!k0 && !isSign(c0) && !isFile(c0)) {
    throw syntax(text, `"${c0}" is not a piece letter (K A E H R C P) or a front/rear sign`);
  }
  throw syntax(text, `"${c0}${c1}" does not name a piece (expected e.g. C2, R+, +R, ++, 3+ or 33)`);
}

/** Reads a WXF move in `pos`; returns it in ICCS, or throws saying why it fits no single move. */
export function fromWxf(pos: PositionView, text: string): string {
  return resolveMove(pos, parseWxf(text), 'WXF', text);
}
