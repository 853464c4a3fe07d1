// Splits PGN text into tags, symbols and results, remembering where each one starts so that
// every later error can name its line and column. Comments ({...}, ; to end of line, % lines),
// variations ((...), nested, with comments inside) and NAGs ($12) are skipped here, whole: a
// variation's moves belong to another line of play and are never replayed.

import { PgnError } from './errors.ts';

export interface Place {
  /** 1-based. */
  line: number;
  /** 1-based, in characters (code points). */
  column: number;
}

export type Token =
  | { type: 'tag'; name: string; value: string; at: Place }
  | { type: 'symbol'; text: string; at: Place };

// Characters that end a symbol. Chinese, WXF and ICCS move texts contain none of them.
const DELIMITERS = new Set(['[', ']', '{', '}', '(', ')', ';']);

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u3000' || c === '\ufeff';
}

export function tokenize(text: string): Token[] {
  const chars = [...text];
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
      column++;
    }
    return c;
  };
  const fail = (at: Place, reason: string): never => {
    throw new PgnError(at.line, at.column, reason);
  };

  const skipComment = (): void => {
    const at = here();
    advance(); // {
    while (i < chars.length && chars[i] !== '}') advance();
    if (i >= chars.length) fail(at, 'comment "{" is never closed with "}"');
    advance();
  };

  const skipToLineEnd = (): void => {
    while (i < chars.length && chars[i] !== '\n' && chars[i] !== '\r') advance();
  };

  const skipVariation = (): void => {
    const open: Place[] = [here()];
    advance(); // (
    while (open.length > 0) {
      if (i >= chars.length) fail(open[open.length - 1]!, 'variation "(" is never closed with ")"');
      const c = chars[i]!;
      if (c === '{') skipComment();
      else if (c === ';') skipToLineEnd();
      else if (c === '(') {
        open.push(here());
        advance();
      } else if (c === ')') {
        open.pop();
        advance();
      } else advance();
    }
  };

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
    else if (c === ';') skipToLineEnd();
    else if (c === '{') skipComment();
    else if (c === '(') skipVariation();
    else if (c === ')') fail(here(), '")" closes no variation');
    else if (c === '}') fail(here(), '"}" closes no comment');
    else if (c === '[') readTag();
    else if (c === ']') fail(here(), '"]" closes no tag');
    else if (c === '$') {
      const at = here();
      advance();
      if (!/[0-9]/.test(chars[i] ?? '')) fail(at, '"$" must be followed by a number (a NAG such as $1)');
      while (i < chars.length && /[0-9]/.test(chars[i]!)) advance();
    } else {
      const at = here();
      let symbol = '';
      while (i < chars.length && !isSpace(chars[i]!) && !DELIMITERS.has(chars[i]!)) symbol += advance();
      tokens.push({ type: 'symbol', text: symbol, at });
    }
  }
  return tokens;
}
