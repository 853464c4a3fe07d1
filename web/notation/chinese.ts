// Chinese notation: 炮二平五 (Red: files and numbers in Chinese numerals), 马8进7 (Black: Arabic
// digits); 进 forward, 退 back, 平 sideways; 前/中/后 and 一二三四五 for like pieces on one file,
// and 前三平四 (file in place of the piece) when pawns are doubled on two files (describe.ts
// has the conventions). Written in simplified or traditional characters; read in either, with
// the usual variants (車/俥/车, 馬/傌/马, 砲/包/炮, 將/帥, 後, full-width digits) and either side's
// piece and numeral forms, since hand-typed records mix them freely.

import { describeMove, resolveMove, type Direction, type MoveQuery, type StackPick } from './describe.ts';
import { NotationError } from './errors.ts';
import type { Charset, Color, PieceKind, PositionView } from './types.ts';

/** Options of the Chinese notation (toChinese, formatMove, writePgn): characters and digits. */
export interface ChineseOptions {
  /** `simplified` (default) or `traditional` characters. */
  charset?: Charset;
  /** Write Black's digits full-width (８), as many Chinese PGN files do; default ASCII. */
  fullWidthDigits?: boolean;
}

type PieceChars = Readonly<Record<PieceKind, string>>;
const PIECES: Readonly<Record<Charset, Readonly<Record<Color, PieceChars>>>> = {
  simplified: {
    red: { K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵' },
    black: { K: '将', A: '士', B: '象', N: '马', R: '车', C: '炮', P: '卒' },
  },
  traditional: {
    red: { K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵' },
    black: { K: '將', A: '士', B: '象', N: '馬', R: '車', C: '砲', P: '卒' },
  },
};
const ACTIONS: Readonly<Record<Charset, Readonly<Record<Direction, string>>>> = {
  simplified: { '+': '进', '-': '退', '.': '平' },
  traditional: { '+': '進', '-': '退', '.': '平' },
};
const NUMERALS = '一二三四五六七八九';
const REAR: Readonly<Record<Charset, string>> = { simplified: '后', traditional: '後' };

const KIND_BY_CHAR: Readonly<Record<string, PieceKind>> = {
  帅: 'K',
  帥: 'K',
  将: 'K',
  將: 'K',
  仕: 'A',
  士: 'A',
  相: 'B',
  象: 'B',
  马: 'N',
  馬: 'N',
  傌: 'N',
  车: 'R',
  車: 'R',
  俥: 'R',
  炮: 'C',
  砲: 'C',
  包: 'C',
  兵: 'P',
  卒: 'P',
};
const DIRECTION_BY_CHAR: Readonly<Record<string, Direction>> = { 进: '+', 進: '+', 退: '-', 平: '.' };
const PLACE_BY_CHAR: Readonly<Record<string, StackPick>> = {
  前: { type: 'front' },
  中: { type: 'middle' },
  后: { type: 'rear' },
  後: { type: 'rear' },
};

function numeral(color: Color, n: number, fullWidth: boolean): string {
  if (color === 'red') return NUMERALS[n - 1]!;
  return fullWidth ? String.fromCharCode(0xff10 + n) : String(n);
}

/** 1-9 for 一..九, 1..9 or １..９; undefined otherwise. */
function readNumber(c: string): number | undefined {
  const i = NUMERALS.indexOf(c);
  if (i >= 0) return i + 1;
  if (c >= '1' && c <= '9') return Number(c);
  if (c >= '１' && c <= '９') return c.charCodeAt(0) - 0xff10;
  return undefined;
}

/** Writes a legal move in Chinese notation; throws NotationError if it is not legal in `pos`. */
export function toChinese(pos: PositionView, move: string, options: ChineseOptions = {}): string {
  const charset = options.charset ?? 'simplified';
  const fullWidth = options.fullWidthDigits ?? false;
  const d = describeMove(pos, move, 'chinese');
  const pieceChar = PIECES[charset][d.color][d.kind];
  let piece: string;
  if (d.locator.type === 'file') {
    piece = pieceChar + numeral(d.color, d.locator.file, fullWidth);
  } else {
    const { index, count } = d.locator;
    // Two: 前/后; three: 前/中/后; four or five: numbered from the front, 一..五.
    const place =
      count === 2
        ? index === 0
          ? '前'
          : REAR[charset]
        : count === 3
          ? ['前', '中', REAR[charset]][index]!
          : NUMERALS[index]!;
    piece = place + (d.locator.file !== undefined ? numeral(d.color, d.locator.file, fullWidth) : pieceChar);
  }
  return piece + ACTIONS[charset][d.direction] + numeral(d.color, d.target, fullWidth);
}

function syntax(text: string, reason: string): NotationError {
  return new NotationError('chinese', text, 'syntax', reason);
}

/** Reads the text into a query without looking at the position. */
export function parseChinese(text: string): MoveQuery {
  const chars = [...text.replace(/[\s\u3000]+/g, '').replace(/[!?！？]+$/, '')];
  if (chars.length !== 4 && chars.length !== 5) {
    throw syntax(text, 'expected four characters such as 炮二平五 or 马8进7 (or five, as in 前兵三平四)');
  }
  const n = chars.length;
  const action = chars[n - 2]!;
  const direction = DIRECTION_BY_CHAR[action];
  if (!direction) throw syntax(text, `"${action}" is not 进, 退 or 平`);
  const target = readNumber(chars[n - 1]!);
  if (target === undefined) throw syntax(text, `"${chars[n - 1]}" is not a number 1-9`);

  const [a, b, c] = chars as [string, string, string];
  const kindA = KIND_BY_CHAR[a];
  const kindB = KIND_BY_CHAR[b];
  // A place word: 前/中/后, or an ordinal 一..五 counted from the front.
  const placeOf = (ch: string): StackPick | undefined => {
    const word = PLACE_BY_CHAR[ch];
    if (word) return word;
    const k = readNumber(ch);
    return k !== undefined && k <= 5 ? { type: 'nth', n: k } : undefined;
  };

  if (n === 5) {
    const place = placeOf(a);
    const file = readNumber(c);
    if (place && kindB && file !== undefined) {
      return { kind: kindB, pick: { type: 'stack', which: place, file }, direction, target };
    }
    throw syntax(text, 'a five-character move must be place, piece, file, direction, number, as in 前兵三平四');
  }
  if (kindA) {
    const file = readNumber(b);
    if (file !== undefined) return { kind: kindA, pick: { type: 'file', file }, direction, target };
    const word = PLACE_BY_CHAR[b];
    if (word) return { kind: kindA, pick: { type: 'stack', which: word }, direction, target };
    throw syntax(text, `"${b}" after the piece must be its file (一..九 or 1..9) or 前/中/后`);
  }
  const place = placeOf(a);
  if (place && kindB) return { kind: kindB, pick: { type: 'stack', which: place }, direction, target };
  const word = PLACE_BY_CHAR[a];
  const file = readNumber(b);
  if (word && file !== undefined) return { kind: 'P', pick: { type: 'stack', which: word, file }, direction, target };
  throw syntax(text, `"${a}${b}" does not name a piece (expected e.g. 炮二, 前车, 中兵, 二兵 or 前三)`);
}

/** Reads a Chinese move in `pos`; returns it in ICCS, or throws saying why it fits no single move. */
export function fromChinese(pos: PositionView, text: string): string {
  return resolveMove(pos, parseChinese(text), 'chinese', text);
}
