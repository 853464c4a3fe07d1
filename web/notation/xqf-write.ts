// Writing XQF: version 10 as is, or an obfuscated version 11-18 with chosen key bytes. It exists
// so the reader can be tested on files whose every byte is known (no real collections can be
// shipped), and so games can be handed to programs that only read XQF. It writes what it is
// given without checking the moves (a test needs illegal files too); readXqf checks them.

import { encodeGb18030 } from './gb18030.ts';
import type { MoveNode, TreeGame } from './game-tree.ts';
import { parseSquare } from './squares.ts';
import type { PieceLetter } from './types.ts';
import {
  AT,
  FROM_BIAS,
  HEADER_SIZE,
  MAX_VERSION,
  MIN_VERSION,
  SLOT_PIECES,
  TEXT_FIELDS,
  TO_BIAS,
  deriveKeys,
  storedSlot,
} from './xqf-format.ts';

/** Options of writeXqf: the file version and, for the obfuscated versions, its keys. */
export interface WriteXqfOptions {
  /** 10 (no obfuscation, the default) to 18. */
  version?: number;
  /** Raw key bytes for versions 11 on (KeysSum is computed so the four sum to 0). */
  keys?: {
    /** The KeyXY byte (0-255): with the header's others, obfuscates the piece squares. */
    keyXY: number;
    /** The KeyXYf byte (0-255): obfuscates the moves' from squares. */
    keyXYf: number;
    /** The KeyXYt byte (0-255): obfuscates the moves' to squares. */
    keyXYt: number;
    /** The KeyMask byte (0-255). */
    keyMask?: number;
    /** The four KeyOr bytes (0-255). */
    keyOr?: readonly [number, number, number, number];
  };
}

const RESULT_BYTES: Record<string, number> = { '*': 0, '1-0': 1, '0-1': 2, '1/2-1/2': 3 };

/** The game as XQF bytes. Throws a RangeError for a position or text XQF cannot hold. */
export function writeXqf(
  game: Pick<TreeGame, 'fen' | 'children' | 'comment' | 'tags' | 'result'>,
  options: WriteXqfOptions = {},
): Uint8Array {
  const version = options.version ?? 10;
  if (!Number.isInteger(version) || version < MIN_VERSION || version > MAX_VERSION) {
    throw new RangeError(`XQF version ${version} cannot be written (${MIN_VERSION} to ${MAX_VERSION})`);
  }
  const k = options.keys ?? { keyXY: 0, keyXYf: 0, keyXYt: 0 };
  const raw = {
    keyMask: version >= 11 ? (k.keyMask ?? 0xff) : 0,
    keyOr: version >= 11 ? (k.keyOr ?? ([0, 0, 0, 0] as const)) : ([0, 0, 0, 0] as const),
    keyXY: version >= 11 ? k.keyXY & 0xff : 0,
    keyXYf: version >= 11 ? k.keyXYf & 0xff : 0,
    keyXYt: version >= 11 ? k.keyXYt & 0xff : 0,
    keysSum: 0,
  };
  if (version >= 11) raw.keysSum = (256 - ((raw.keyXY + raw.keyXYf + raw.keyXYt) % 256)) % 256;
  const keys = deriveKeys(version, raw);

  const header = new Uint8Array(HEADER_SIZE);
  header[0] = 0x58;
  header[1] = 0x51;
  header[AT.version] = version;
  header[AT.keyMask] = raw.keyMask;
  header.set(raw.keyOr, AT.keyOr);
  header[AT.keysSum] = raw.keysSum;
  header[AT.keyXY] = raw.keyXY;
  header[AT.keyXYf] = raw.keyXYf;
  header[AT.keyXYt] = raw.keyXYt;

  const [placement, side] = game.fen.trim().split(/\s+/);
  const squares = slotSquares(placement ?? '');
  for (let i = 0; i < 32; i++) {
    const slot = version >= 12 ? storedSlot(i, keys) : i;
    header[AT.pieces + i] = (squares[slot]! + keys.piece) & 0xff;
  }
  header[AT.whoPlays] = side === 'b' ? 1 : 0;
  header[AT.result] = RESULT_BYTES[game.result] ?? 0;
  for (const field of TEXT_FIELDS) {
    const value = game.tags[field.tag];
    if (!value) continue;
    const bytes = encodeGb18030(value).subarray(0, field.size - 1);
    header[field.at] = bytes.length;
    header.set(bytes, field.at + 1);
  }

  const body: number[] = [];
  const put = (plain: number): void => {
    const p = HEADER_SIZE + body.length;
    body.push((plain + keys.stream[p % 32]!) & 0xff);
  };
  const record = (from: number, to: number, hasNext: boolean, hasSibling: boolean, comment: string | null): void => {
    const text = comment ? encodeGb18030(comment) : new Uint8Array(0);
    let flags: number;
    if (version < 11) flags = (hasNext ? 0xf0 : 0) | (hasSibling ? 0x0f : 0);
    else flags = (hasNext ? 0x80 : 0) | (hasSibling ? 0x40 : 0) | (text.length ? 0x20 : 0);
    put((from + FROM_BIAS + keys.from) & 0xff);
    put((to + TO_BIAS + keys.to) & 0xff);
    put(flags);
    put(0);
    if (version < 11 || text.length) {
      const length = (text.length + (version < 11 ? 0 : keys.commentLength)) >>> 0;
      for (let i = 0; i < 4; i++) put((length >>> (8 * i)) & 0xff);
      for (const b of text) put(b);
    }
  };

  record(0, 0, game.children.length > 0, false, game.comment);
  // Depth first: a node, its continuation subtree, then its next sibling.
  const stack: { node: MoveNode; hasSibling: boolean }[] = [];
  const pushList = (list: readonly MoveNode[]): void => {
    for (let i = list.length - 1; i >= 0; i--) stack.push({ node: list[i]!, hasSibling: i < list.length - 1 });
  };
  pushList(game.children);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node } = item;
    record(
      xqfSquare(node.move.slice(0, 2)),
      xqfSquare(node.move.slice(2, 4)),
      node.children.length > 0,
      item.hasSibling,
      node.comment,
    );
    pushList(node.children);
  }
  const out = new Uint8Array(HEADER_SIZE + body.length);
  out.set(header);
  out.set(body, HEADER_SIZE);
  return out;
}

/** The 32 slot squares of a FEN placement (0xff for a piece not on the board). */
function slotSquares(placement: string): number[] {
  const squares = new Array<number>(32).fill(0xff);
  const rows = placement.split('/');
  if (rows.length !== 10) throw new RangeError(`"${placement}" is not a Xiangqi FEN placement (10 ranks)`);
  rows.forEach((row, r) => {
    const rank = 9 - r;
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const letter = ch as PieceLetter;
      const slot = SLOT_PIECES.findIndex((p, i) => p === letter && squares[i] === 0xff);
      if (slot < 0)
        throw new RangeError(`XQF has no room for another "${ch}" (the position has more than the set holds)`);
      squares[slot] = file * 10 + rank;
      file++;
    }
  });
  return squares;
}

function xqfSquare(name: string): number {
  const sq = parseSquare(name);
  if (!sq) throw new RangeError(`"${name}" is not a square`);
  return sq.file * 10 + sq.rank;
}
