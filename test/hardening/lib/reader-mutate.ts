// Mutations for the record readers' fuzzer, deterministic given the Random: bit flips, random bytes,
// cuts, repeats and deletions of bytes; for text, characters of the formats' own syntax, digits
// that shift squares and ids, truncation, very long comments, deep nesting, and text pushed through
// GB18030 bytes that are then broken (as an old file opened with the wrong encoding would be).
import type { Random } from '../../../bench/lib/random.ts';

/** One to four byte-level edits; `from` is where edits land more often (XQF's records start at 0x400). */
export function mutateBytes(bytes: Uint8Array, random: Random, from = 0): Uint8Array {
  let out: Uint8Array = bytes.slice();
  for (let n = 1 + random.below(4); n > 0; n--) {
    const lo = out.length > from && random.chance(0.75) ? from : 0;
    const at = lo + random.below(Math.max(1, out.length - lo));
    switch (random.below(8)) {
      case 0:
      case 1:
        if (at < out.length) out[at] = out[at]! ^ (1 << random.below(8));
        break;
      case 2:
      case 3:
        if (at < out.length) out[at] = random.below(256);
        break;
      case 4:
        out = out.slice(0, at);
        break;
      case 5: {
        const chunk = out.slice(at, at + 1 + random.below(64));
        out = concat(out.subarray(0, at), chunk, out.subarray(at));
        break;
      }
      case 6:
        out = concat(out.subarray(0, at), out.subarray(at + 1 + random.below(64)));
        break;
      default: {
        const noise = Uint8Array.from({ length: 1 + random.below(16) }, () => random.below(256));
        out = concat(out.subarray(0, at), noise, out.subarray(at));
      }
    }
  }
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Characters each format is made of, and some that should never be there. */
export const SYNTAX = {
  ubb: ['[', ']', '/', '_', '0', '1', '9', '99', 'DhtmlXQ_', 'move_0_', 'comment', '||', '\\u', '红胜', '\u0000'],
  pgn: [
    '(',
    ')',
    '{',
    '}',
    '[',
    ']',
    '"',
    ';',
    '%',
    '$',
    '1.',
    '...',
    '+',
    '-',
    '.',
    '=',
    '炮',
    '进',
    '８',
    '\n',
    '\u3000',
  ],
  cbf: [
    '<',
    '>',
    '/',
    '"',
    "'",
    '=',
    '&',
    '&amp;',
    '&#x0;',
    '<![CDATA[',
    ']]>',
    '<!--',
    '-->',
    '<Move value="',
    'end="1"',
    '00-00',
    '-',
  ],
};

/** One to four text edits with the format's own syntax; sometimes a long comment or deep nesting. */
export function mutateText(text: string, random: Random, syntax: readonly string[]): string {
  let out = text;
  for (let n = 1 + random.below(4); n > 0; n--) {
    const at = random.below(out.length + 1);
    switch (random.below(9)) {
      case 0:
        out = out.slice(0, at) + random.pick(syntax) + out.slice(at);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + 1 + random.below(8));
        break;
      case 2: {
        // A digit changed: a square, a ply, a variation id.
        const digits = [...out.matchAll(/[0-9]/g)];
        if (digits.length) {
          const d = random.pick(digits).index;
          out = out.slice(0, d) + String(random.below(10)) + out.slice(d + 1);
        }
        break;
      }
      case 3:
        out = out.slice(0, at);
        break;
      case 4: {
        const end = Math.min(out.length, at + 1 + random.below(200));
        out = out.slice(0, end) + out.slice(at, end) + out.slice(end);
        break;
      }
      case 5:
        out = out.slice(0, at) + random.pick(syntax).repeat(1 + random.below(400)) + out.slice(at);
        break;
      case 6:
        out = out.slice(0, at) + '注'.repeat(random.below(300_000)) + out.slice(at);
        break;
      case 7:
        out = out.slice(0, at) + String.fromCharCode(random.below(0x10000)) + out.slice(at);
        break;
      default:
        out = out.slice(0, at) + random.pick(syntax) + out.slice(at + 1);
    }
  }
  return out;
}

/** Text through GB18030 bytes with a few broken, decoded back (as a page reading an old file). */
export function breakGb18030(text: string, random: Random, encode: (t: string) => Uint8Array): string {
  let bytes: Uint8Array;
  try {
    bytes = encode(text);
  } catch {
    bytes = new TextEncoder().encode(text);
  }
  for (let n = 1 + random.below(6); n > 0 && bytes.length > 0; n--) {
    const at = random.below(bytes.length);
    bytes[at] = random.pick([0x81, 0x80, 0xff, 0xfe, 0x30, 0x7f, random.below(256)]);
  }
  return new TextDecoder('gb18030').decode(bytes);
}
