// Splits PGN text into tags, symbols, comments and variation brackets, remembering where each one
// starts so that every later error can name its line and column. Comments ({...} and ; to the end of
// the line) become tokens, so that a game keeps what its annotator wrote; "(" and ")" open and close
// a recursive annotation variation (checked for balance here); a NAG ($12) is kept with its number; % lines
// are skipped.

import { PgnError } from './errors.ts';

export interface Place {
  /** 1-based. */
  line: number;
  /** 1-based, in characters (code points). */
  column: number;
}

export type Token =
  | { type: 'tag'; name: string; value: string; at: Place }
  | { type: 'symbol'; text: string; at: Place }
  | { type: 'comment'; text: string; at: Place }
  | { type: 'nag'; value: number; at: Place }
  | { type: 'open'; at: Place }
  | { type: 'close'; at: Place };

/** The NAGs of the glyphs players write after a move (`!?`, `??`). */
export const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

// Characters that end a symbol. Chinese, WXF and ICCS move texts contain none of them.
const DELIMITERS = new Set(['[', ']', '{', '}', '(', ')', ';']);
/** Every character that ends a symbol (a delimiter or a space), by code. */
const ENDS_SYMBOL = new Set(
  [...DELIMITERS, ' ', '\t', '\n', '\r', '\f', '\v', '\u3000', '\ufeff'].map((c) => c.charCodeAt(0)),
);

function isSpace(c: string): boolean {
  return (
    c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u3000' || c === '\ufeff'
  );
}

export function tokenize(text: string): Token[] {
  // Read by UTF-16 unit, without splitting the text into characters (a file of long Chinese comments
  // would make hundreds of thousands of strings); columns still count characters (code points).
  const chars = text;
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let column = 1;
  const here = (): Place => ({ line, column });
  const advance = (): string => {
    const c = chars[i++]!;
    if (c === '\n') {
      line++;
      column = 1;
    } else if (c === '\r') {
      // \r\n counts once; a lone \r (old Mac files) ends a line too.
      if (chars[i] !== '\n') {
        line++;
        column = 1;
      }
    } else {
      const code = c.charCodeAt(0);
      // A character outside the BMP is two units and one column.
      if (code >= 0xd800 && code <= 0xdbff && i < chars.length) {
        const next = chars.charCodeAt(i);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
      column++;
    }
    return c;
  };
  /** The text up to `end` (an index), moved over without building it character by character. */
  const takeTo = (end: number): string => {
    const start = i;
    while (i < end) advance();
    return chars.slice(start, end);
  };
  const fail = (at: Place, reason: string): never => {
    throw new PgnError(at.line, at.column, reason);
  };

  // The text of a comment, its edges trimmed (the writer puts a space inside the braces).
  const readComment = (): void => {
    const at = here();
    advance(); // {
    const close = chars.indexOf('}', i);
    if (close < 0) fail(at, 'comment "{" is never closed with "}"');
    const text = takeTo(close);
    advance();
    tokens.push({ type: 'comment', text: text.trim(), at });
  };

  const skipToLineEnd = (): string => {
    let end = i;
    for (let code = chars.charCodeAt(end); end < chars.length && code !== 10 && code !== 13;)
      code = chars.charCodeAt(++end);
    return takeTo(end);
  };

  // Open variations, innermost last, for the error when one is never closed.
  const open: Place[] = [];

  const readTag = (): void => {
    const at = here();
    advance(); // [
    const skipBlanks = (): void => {
      while (i < chars.length && (chars[i] === ' ' || chars[i] === '\t')) advance();
    };
    skipBlanks();
    let name = '';
    while (i < chars.length && /[A-Za-z0-9_]/.test(chars[i]!)) name += advance();
    if (!name) fail(here(), 'a tag must start with its name, as in [Red "Hu Ronghua"]');
    skipBlanks();
    if (chars[i] !== '"') fail(here(), `tag [${name}] needs a value in double quotes`);
    advance();
    let value = '';
    for (;;) {
      if (i >= chars.length || chars[i] === '\n' || chars[i] === '\r') {
        fail(at, `the value of tag [${name}] is not closed with '"' on its line`);
      }
      const c = advance();
      if (c === '"') break;
      if (c === '\\' && (chars[i] === '"' || chars[i] === '\\')) value += advance();
      else value += c;
    }
    skipBlanks();
    if (chars[i] !== ']') fail(here(), `tag [${name}] is not closed with "]"`);
    advance();
    tokens.push({ type: 'tag', name, value, at });
  };

  while (i < chars.length) {
    const c = chars[i]!;
    if (isSpace(c)) advance();
    else if (c === '%' && column === 1) skipToLineEnd();
    else if (c === ';') {
      const at = here();
      advance();
      tokens.push({ type: 'comment', text: skipToLineEnd().trim(), at });
    } else if (c === '{') readComment();
    else if (c === '(') {
      open.push(here());
      tokens.push({ type: 'open', at: here() });
      advance();
    } else if (c === ')') {
      if (!open.pop()) fail(here(), '")" closes no variation');
      tokens.push({ type: 'close', at: here() });
      advance();
    } else if (c === '}') fail(here(), '"}" closes no comment');
    else if (c === '[') readTag();
    else if (c === ']') fail(here(), '"]" closes no tag');
    else if (c === '$') {
      const at = here();
      advance();
      if (!/[0-9]/.test(chars[i] ?? '')) fail(at, '"$" must be followed by a number (a NAG such as $1)');
      let digits = '';
      while (i < chars.length && /[0-9]/.test(chars[i]!)) digits += advance();
      // PGN's NAGs run from 0 to 255; a longer number is kept as written all the same.
      tokens.push({ type: 'nag', value: Number(digits), at });
    } else {
      const at = here();
      let end = i;
      while (end < chars.length && !ENDS_SYMBOL.has(chars.charCodeAt(end))) end++;
      tokens.push({ type: 'symbol', text: takeTo(end), at });
    }
  }
  if (open.length > 0) fail(open[open.length - 1]!, 'variation "(" is never closed with ")"');
  return tokens;
}
