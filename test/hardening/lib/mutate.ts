// Input generators for the fuzzers: mutations of good FENs and moves (most bad input in the wild is
// nearly right), plus plain garbage. Deterministic given the Random.
import type { Random } from '../../../bench/lib/random.ts';

/** Characters a FEN is made of, characters that are close, and some that should never appear. */
const FEN_CHARS = 'kabnrcpKABNRCPheHE0123456789/ wbr-';
const ODD_CHARS = [
  '\u0000',
  '\t',
  '\u00a0',
  'é',
  '帥',
  '😀',
  '\uffff',
  '\ud800',
  '<',
  '>',
  '"',
  "'",
  '&',
  ';',
  '\\',
  '%',
  'x',
  'Z',
  '9',
  '10',
  '0',
];

function randomChar(random: Random): string {
  return random.chance(0.8) ? FEN_CHARS[random.below(FEN_CHARS.length)]! : random.pick(ODD_CHARS);
}

/** One small edit: insert, delete, replace, swap, duplicate, truncate, or a field rewritten. */
export function mutateOnce(text: string, random: Random): string {
  const at = random.below(text.length + 1);
  switch (random.below(10)) {
    case 0:
      return text.slice(0, at) + randomChar(random) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + randomChar(random) + text.slice(at + 1);
    case 3:
      return at + 1 < text.length ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2) : text + text;
    case 4: {
      const end = Math.min(text.length, at + 1 + random.below(12));
      return text.slice(0, end) + text.slice(at, end) + text.slice(end);
    }
    case 5:
      return text.slice(0, at);
    case 6: {
      // A field replaced: side, counters, or a whole row.
      const fields = text.split(' ');
      const i = random.below(fields.length);
      fields[i] = random.pick([
        'w',
        'b',
        'r',
        'W',
        'B',
        '-',
        '',
        '0',
        '-1',
        '99999',
        '1e3',
        '4294967296',
        '0x10',
        'NaN',
        '9'.repeat(30),
      ]);
      return fields.join(' ');
    }
    case 7: {
      const rows = text.split('/');
      const i = random.below(rows.length);
      rows[i] = random.pick([
        '9',
        '',
        '10',
        '4k4',
        '4K4',
        'rnbakabnr',
        'ppppppppp',
        'CCCCCCCCC',
        '1'.repeat(9),
        'kk7',
        '5',
        '333',
      ]);
      return rows.join('/');
    }
    case 8:
      return random.chance(0.5) ? text.toUpperCase() : text.toLowerCase();
    default:
      return ` \t${text}  `;
  }
}

export function mutate(text: string, random: Random, edits = 1 + random.below(3)): string {
  let out = text;
  for (let i = 0; i < edits; i++) out = mutateOnce(out, random);
  return out;
}

/** A string of random characters, sometimes long. */
export function garbage(random: Random): string {
  const length = random.chance(0.05) ? 4000 + random.below(2000) : random.below(90);
  let out = '';
  for (let i = 0; i < length; i++) out += randomChar(random);
  return out;
}

const FILES = 'abcdefghi';

/** Move-like strings: near-misses of ICCS (case, dash, spaces, off-board, swapped) and garbage. */
export function moveLike(random: Random, legal: readonly string[]): string {
  const base =
    legal.length && random.chance(0.7)
      ? random.pick(legal)
      : FILES[random.below(9)]! + random.below(10) + FILES[random.below(9)]! + random.below(10);
  switch (random.below(12)) {
    case 0:
      return base;
    case 1:
      return base.toUpperCase();
    case 2:
      return `${base.slice(0, 2)}-${base.slice(2)}`;
    case 3:
      return ` ${base}\t`;
    case 4:
      return base.slice(2) + base.slice(0, 2);
    case 5:
      return base.slice(0, 3);
    case 6:
      return base + random.below(10);
    case 7:
      return random.pick([
        'j0a1',
        'a10a9',
        'a-1a0',
        'e0e0',
        '',
        ' ',
        '0000',
        '(none)',
        'h2e2e2e2',
        'h2–e2',
        'ｈ２ｅ２',
        'h2\u0000e2',
        'null',
        'undefined',
      ]);
    case 8:
      return mutateOnce(base, random);
    case 9:
      return garbage(random).slice(0, 8);
    default:
      return FILES[random.below(9)]! + random.below(10) + FILES[random.below(9)]! + random.below(10);
  }
}
