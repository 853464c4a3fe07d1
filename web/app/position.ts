// A position being set up (摆棋): the 90 points, the side to move, and what is wrong with it as a
// Xiangqi position, said in words (i18n keys with the square named). Also the handicap starts (让子).
// Pure functions; whether the side not to move is in check is asked of a rules engine given by the
// caller, the one thing the rules know better than a table.
import { squareName } from '../engine/index.ts';
import type { Color, Engine, PieceLetter } from '../engine/types.ts';
import type { MessageKey } from './i18n.ts';

export type Points = (PieceLetter | null)[];

export interface Problem {
  key: MessageKey;
  /** The square (ICCS) or the piece concerned. */
  params: Record<string, string>;
}

const MAX: Record<string, number> = { K: 1, A: 2, B: 2, N: 2, R: 2, C: 2, P: 5 };
const file = (i: number) => i % 9;
const rank = (i: number) => Math.floor(i / 9);
const isRed = (p: PieceLetter) => p === p.toUpperCase();

// Points a piece may stand on, as squares seen from Red (Black's mirror them across the river).
const PALACE = new Set(['d0', 'e0', 'f0', 'd1', 'e1', 'f1', 'd2', 'e2', 'f2']);
const ADVISOR = new Set(['d0', 'f0', 'e1', 'd2', 'f2']);
const ELEPHANT = new Set(['c0', 'g0', 'a2', 'e2', 'i2', 'c4', 'g4']);

/** The square as Red would see it: Black's pieces are mirrored to Red's half. */
function fromRed(i: number, red: boolean): string {
  return squareName(red ? i : (9 - rank(i)) * 9 + file(i));
}

export function emptyPoints(): Points {
  return Array<PieceLetter | null>(90).fill(null);
}

/** The points of a FEN's placement (ranks 9 to 0, files a to i). */
export function pointsOf(fen: string): Points {
  const points = emptyPoints();
  const rows = fen.trim().split(/\s+/)[0]!.split('/');
  rows.forEach((row, r) => {
    let f = 0;
    for (const c of row) {
      if (/[1-9]/.test(c)) f += Number(c);
      else {
        if (f < 9 && r < 10) points[(9 - r) * 9 + f] = c as PieceLetter;
        f++;
      }
    }
  });
  return points;
}

/** FEN of the points with `turn` to move. */
export function fenOf(points: Points, turn: Color): string {
  const rows: string[] = [];
  for (let r = 9; r >= 0; r--) {
    let row = '';
    let gap = 0;
    for (let f = 0; f < 9; f++) {
      const p = points[r * 9 + f];
      if (!p) gap++;
      else {
        row += (gap || '') + p;
        gap = 0;
      }
    }
    rows.push(row + (gap || ''));
  }
  return `${rows.join('/')} ${turn === 'red' ? 'w' : 'b'} - - 0 1`;
}

/** What is wrong with the position, first problems first; empty when it can be played. */
export function problems(points: Points, turn: Color, rules: Engine): Problem[] {
  const out: Problem[] = [];
  const counts = new Map<string, number>();
  points.forEach((p, i) => {
    if (!p) return;
    counts.set(p, (counts.get(p) ?? 0) + 1);
    const red = isRed(p);
    const at = fromRed(i, red);
    const square = squareName(i);
    const kind = p.toUpperCase();
    if (kind === 'K' && !PALACE.has(at)) out.push({ key: 'pos.kingOutside', params: { square } });
    if (kind === 'A' && !ADVISOR.has(at)) out.push({ key: 'pos.advisorOff', params: { square } });
    if (kind === 'B' && !ELEPHANT.has(at)) out.push({ key: 'pos.elephantOff', params: { square } });
    if (kind === 'P') {
      const r = rank(squareIndexOf(at));
      if (r < 3 || (r < 5 && file(i) % 2 === 1)) out.push({ key: 'pos.pawnBehind', params: { square } });
    }
  });
  for (const side of ['K', 'k'] as const) {
    if (!counts.get(side)) out.push({ key: side === 'K' ? 'pos.noRedKing' : 'pos.noBlackKing', params: {} });
  }
  for (const [piece, n] of counts) {
    if (n > MAX[piece.toUpperCase()]!)
      out.push({ key: 'pos.tooMany', params: { piece, n: String(MAX[piece.toUpperCase()]!) } });
  }
  if (out.length) return out;
  // Kings facing on an open file.
  const red = points.indexOf('K');
  const black = points.indexOf('k');
  if (file(red) === file(black)) {
    let open = true;
    for (let r = rank(red) + 1; r < rank(black); r++) if (points[r * 9 + file(red)]) open = false;
    if (open) return [{ key: 'pos.kingsFacing', params: {} }];
  }
  // The side not to move may not be in check: the rules refuse such a position; say why in words.
  const other: Color = turn === 'red' ? 'black' : 'red';
  try {
    rules.setPosition(fenOf(points, turn));
    return [];
  } catch (error) {
    try {
      rules.setPosition(fenOf(points, other));
      if (rules.inCheck()) return [{ key: 'pos.notToMoveInCheck', params: { side: other } }];
    } catch {
      // Refused either way: the first reason is the one to give.
    }
    return [{ key: 'pos.invalid', params: { reason: error instanceof Error ? error.message : String(error) } }];
  }
}

function squareIndexOf(name: string): number {
  return (name.charCodeAt(1) - 48) * 9 + (name.charCodeAt(0) - 97);
}

/** 让子: the pieces Red gives away at the start (squares emptied). */
export const HANDICAPS: Record<string, readonly string[]> = {
  none: [],
  horse: ['b0'],
  'two-horses': ['b0', 'h0'],
  chariot: ['a0'],
  'chariot-horse': ['a0', 'b0'],
  'two-chariots': ['a0', 'i0'],
};

export function handicapFen(start: string, id: string): string {
  const gone = HANDICAPS[id] ?? [];
  if (gone.length === 0) return start;
  const points = pointsOf(start);
  for (const sq of gone) points[squareIndexOf(sq)] = null;
  return fenOf(points, 'red');
}
