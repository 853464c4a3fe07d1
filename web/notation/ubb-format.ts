// What the DhtmlXQ (UBB) reader and writer share: tag names, results, square digits and the
// escaping of text inside a tag.

import type { PgnResult } from './pgn.ts';
import { squareName, parseSquare } from './squares.ts';

/** DhtmlXQ tag -> PGN-style tag name (the names readXqf uses too). */
export const TAG_NAMES: Readonly<Record<string, string>> = {
  title: 'Title',
  event: 'Event',
  date: 'Date',
  place: 'Site',
  red: 'Red',
  black: 'Black',
  open: 'Opening',
  author: 'Author',
  remark: 'Annotator',
};

/** Tags that hold the game itself, not header text. */
export const STRUCTURE = /^(binit|fen|movelist|move_\d+_\d+_\d+|comment\d+(_\d+)?|ver|init|result)$/;

export const RESULT_TEXT: Readonly<Record<PgnResult, string>> = {
  '1-0': '红胜',
  '0-1': '黑胜',
  '1/2-1/2': '和棋',
  '*': '未知',
};

export function readResult(text: string): PgnResult | null {
  const t = text.trim();
  if (t === '1-0' || /^(红胜|紅勝|红方胜|紅方勝)$/.test(t)) return '1-0';
  if (t === '0-1' || /^(黑胜|黑勝|黑方胜|黑方勝)$/.test(t)) return '0-1';
  if (t === '1/2-1/2' || /^(和棋|和局|和)$/.test(t)) return '1/2-1/2';
  if (t === '*' || t === '' || /^(未知|未完)$/.test(t)) return '*';
  return null;
}

/** Two digits: x (file from Red's left, 0-8) and y (row counted from Black's side, 0-9). */
export function squareDigits(name: string): string {
  const sq = parseSquare(name);
  if (!sq) throw new RangeError(`"${name}" is not a square`);
  return `${sq.file}${9 - sq.rank}`;
}

/** The square of two digits, or null when they are off the board. */
export function digitsSquare(x: number, y: number): string | null {
  if (x > 8 || y > 9) return null;
  return squareName({ file: x, rank: 9 - y });
}

/** Text as a tag holds it: line breaks as `||`, brackets full-width (they would end the tag). */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?|\n/g, '||')
    .replace(/\[/g, '［')
    .replace(/\]/g, '］');
}

/** Tag text as written: `||` line breaks, and the `\uXXXX` escapes some sites write. */
export function unescapeText(text: string): string {
  return text
    .replace(/\|\|/g, '\n')
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .trim();
}
