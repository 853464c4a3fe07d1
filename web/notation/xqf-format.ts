// The XQF layout and its key scheme, shared by the reader and the writer (one place to get wrong).
// The facts are in web/notation/README.md ("XQF"); the derivations are written here from them.

import type { PieceLetter } from './types.ts';

export const HEADER_SIZE = 0x400;
export const MIN_VERSION = 10;
export const MAX_VERSION = 18;

/** Header offsets of the single bytes. */
export const AT = {
  version: 2,
  keyMask: 3,
  keyOr: 8, // four bytes, KeyOrA..KeyOrD
  keysSum: 12,
  keyXY: 13,
  keyXYf: 14,
  keyXYt: 15,
  pieces: 0x10, // 32 bytes
  whoPlays: 0x32,
  result: 0x33,
} as const;

/** The piece of each of the 32 slots: Red 0-15, Black 16-31, each R N B A K A B N R C C P P P P P. */
export const SLOT_PIECES: readonly PieceLetter[] = 'RNBAKABNRCCPPPPPrnbakabnrccppppp'.split('') as PieceLetter[];

/** A square byte above this is a piece off the board. */
export const OFF_BOARD = 89;

/** Length-prefixed GB18030 text fields: tag name, offset, bytes reserved (length byte included). */
export const TEXT_FIELDS: readonly { tag: string; at: number; size: number }[] = [
  { tag: 'Title', at: 0x50, size: 0x40 },
  { tag: 'Event', at: 0xd0, size: 0x40 },
  { tag: 'Date', at: 0x110, size: 0x10 },
  { tag: 'Site', at: 0x120, size: 0x10 },
  { tag: 'Red', at: 0x130, size: 0x10 },
  { tag: 'Black', at: 0x140, size: 0x10 },
  { tag: 'Annotator', at: 0x1d0, size: 0x10 },
  { tag: 'Author', at: 0x1e0, size: 0x10 },
];

/** Move records store squares with these added (before any key). */
export const FROM_BIAS = 0x18;
export const TO_BIAS = 0x20;

/** The header's raw key bytes. */
export interface RawKeys {
  keyMask: number;
  keyOr: readonly [number, number, number, number];
  keysSum: number;
  keyXY: number;
  keyXYf: number;
  keyXYt: number;
}

/** What the keys become: offsets for pieces, move squares, comment lengths, and the byte stream. */
export interface Keys {
  /** Added to every piece square; version 12 on also rotates the slots by it + 1. */
  piece: number;
  from: number;
  to: number;
  /** Added to every comment length. */
  commentLength: number;
  /** Added to the byte at file offset p (p >= 0x400) as stream[p % 32]. */
  stream: Uint8Array;
}

const STREAM_TEXT = '[(C) Copyright Mr. Dong Shiwei.]';

/** 54 k^2 + 221, times `by`, in a byte: the one mixing step the derived keys chain. */
function mix(k: number, by: number): number {
  return (((54 * k * k + 221) & 0xff) * by) & 0xff;
}

const NO_KEYS: Keys = { piece: 0, from: 0, to: 0, commentLength: 0, stream: new Uint8Array(32) };

/** The keys of a file of `version` (version 10 has none: everything is stored as is). */
export function deriveKeys(version: number, raw: RawKeys): Keys {
  if (version < 11) return NO_KEYS;
  const piece = mix(raw.keyXY, raw.keyXY);
  const from = mix(raw.keyXYf, piece);
  const to = mix(raw.keyXYt, from);
  const commentLength = ((raw.keysSum * 256 + raw.keyXY) % 32000) + 767;
  const masked = [raw.keysSum, raw.keyXY, raw.keyXYf, raw.keyXYt].map((k, i) => (k & raw.keyMask) | raw.keyOr[i]!);
  const stream = new Uint8Array(32);
  for (let i = 0; i < 32; i++) stream[i] = STREAM_TEXT.charCodeAt(i) & masked[i % 4]!;
  return { piece, from, to, commentLength, stream };
}

/** Version 12 on: the square of slot `(i + piece + 1) mod 32` is stored at position i. */
export function storedSlot(position: number, keys: Keys): number {
  return (position + keys.piece + 1) & 31;
}
