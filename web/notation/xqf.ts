// Reading XQF, the game files of XQStudio and the classic Chinese Xiangqi programs: a 1,024-byte
// header (version, keys, the 32 piece squares, result, GB18030 text fields), then the move tree
// as 4-byte records, depth first. Versions 11 on are obfuscated with keys from the header (see
// xqf-format.ts). Every move of every line is replayed before the game is returned. A broken
// header or main line throws an XqfError; a variation with a bad move is cut there, and a file
// that ends (or whose records break) after the main line keeps what was read, each with a warning.

import { XqfError } from './errors.ts';
import { decodeGb18030 } from './gb18030.ts';
import { checkTree, mainLine, placementFen, type MoveNode, type ReadGame } from './game-tree.ts';
import type { PgnResult } from './pgn.ts';
import { squareName } from './squares.ts';
import { RuleBoard } from './rule-board.ts';
import type { PieceLetter, ReplayEngine } from './types.ts';
import { cutText, messageOf, type ReadWarning } from './warnings.ts';
import {
  AT,
  FROM_BIAS,
  HEADER_SIZE,
  MAX_VERSION,
  MIN_VERSION,
  OFF_BOARD,
  SLOT_PIECES,
  TEXT_FIELDS,
  TO_BIAS,
  deriveKeys,
  storedSlot,
  type Keys,
} from './xqf-format.ts';

const RESULTS: Record<number, PgnResult> = { 0: '*', 1: '1-0', 2: '0-1', 3: '1/2-1/2', 4: '1/2-1/2' };

/** Only files this large are accepted (the largest real games are a few hundred KB). */
const MAX_FILE = 16 * 1024 * 1024;

/**
 * The game in an XQF file. `engine` (by default a RuleBoard: the rules without an engine) checks the
 * set-up and replays every move; it is left at the end of the last line checked. Throws XqfError
 * with the byte offset, or the ply and move, when the header or the main line is broken; what was
 * cut from the variations is in the game's `warnings`.
 */
export function readXqf(data: Uint8Array, engine: ReplayEngine = new RuleBoard()): ReadGame {
  if (data.length < HEADER_SIZE + 4) {
    throw new XqfError(
      `the file has ${data.length} bytes; an XQF file has a ${HEADER_SIZE}-byte header and at least one move record`,
      data.length,
    );
  }
  if (data.length > MAX_FILE)
    throw new XqfError(`the file has ${data.length} bytes, more than the ${MAX_FILE} accepted`);
  if (data[0] !== 0x58 || data[1] !== 0x51) throw new XqfError('not an XQF file (it does not start with "XQ")', 0);
  const version = data[AT.version]!;
  if (version < MIN_VERSION || version > MAX_VERSION) {
    throw new XqfError(
      `version ${version} is not supported (versions ${MIN_VERSION} to ${MAX_VERSION} are)`,
      AT.version,
    );
  }
  const raw = {
    keyMask: data[AT.keyMask]!,
    keyOr: [data[AT.keyOr]!, data[AT.keyOr + 1]!, data[AT.keyOr + 2]!, data[AT.keyOr + 3]!] as const,
    keysSum: data[AT.keysSum]!,
    keyXY: data[AT.keyXY]!,
    keyXYf: data[AT.keyXYf]!,
    keyXYt: data[AT.keyXYt]!,
  };
  if (version >= 11 && (raw.keysSum + raw.keyXY + raw.keyXYf + raw.keyXYt) % 256 !== 0) {
    throw new XqfError('the key bytes do not sum to 0 (mod 256): the header is damaged', AT.keysSum);
  }
  const keys = deriveKeys(version, raw);
  const board = readPieces(data, version, keys);
  const tags = readTags(data);
  const resultByte = data[AT.result]!;
  const result = RESULTS[resultByte] ?? '*';
  if (result !== '*') tags['Result'] = result;

  const { comment, children, offsets, broken, lost } = readRecords(data, version, keys);

  // The side to move is the colour of the piece the first move moves ("who plays" is unreliable).
  let turn: 'w' | 'b' = data[AT.whoPlays] === 1 ? 'b' : 'w';
  const first = children[0];
  if (first) {
    const piece = board[squareIndex(first.move.slice(0, 2))];
    if (!piece)
      throw new XqfError(
        'there is no piece on the square the first move starts from',
        offsets.get(first),
        1,
        first.move,
      );
    turn = piece === piece.toUpperCase() ? 'w' : 'b';
  }
  const fen = `${placementFen(board)} ${turn} - - 0 1`;
  try {
    engine.setPosition(fen);
  } catch (error) {
    throw new XqfError(
      `the piece placement is not a valid position: ${messageOf(error)}`,
      AT.pieces,
      undefined,
      undefined,
      error,
    );
  }
  const startFen = engine.fen();
  const warnings = checkTree(engine, startFen, children, {
    broken: (node) => broken.get(node) ?? null,
    mainLine: (bad) => {
      throw new XqfError(bad.reason, offsets.get(bad.node), bad.ply, bad.node.move || undefined, bad.cause);
    },
    sideLine: (bad) => {
      const line = `variation ${bad.line}`;
      const move = bad.node.move || undefined;
      const message = new XqfError(cutText(line, bad.reason, bad.dropped), offsets.get(bad.node), bad.ply, move)
        .message;
      return { line, ply: bad.ply, move, reason: bad.reason, dropped: bad.dropped, message };
    },
  });
  if (lost) warnings.push(lost);
  return { tags, fen: startFen, result, comment, children, mainline: mainLine(children), warnings };
}

function readPieces(data: Uint8Array, version: number, keys: Keys): (PieceLetter | null)[] {
  const squares = new Array<number>(32);
  for (let i = 0; i < 32; i++) {
    const slot = version >= 12 ? storedSlot(i, keys) : i;
    squares[slot] = (data[AT.pieces + i]! - keys.piece) & 0xff;
  }
  const board = new Array<PieceLetter | null>(90).fill(null);
  for (let slot = 0; slot < 32; slot++) {
    const sq = squares[slot]!;
    if (sq > OFF_BOARD) continue;
    const index = (sq % 10) * 9 + Math.floor(sq / 10);
    if (board[index]) {
      const stored = version >= 12 ? (slot - keys.piece - 1) & 31 : slot;
      throw new XqfError(
        `two pieces on ${squareName({ file: Math.floor(sq / 10), rank: sq % 10 })} (piece slot ${slot})`,
        AT.pieces + stored,
      );
    }
    board[index] = SLOT_PIECES[slot]!;
  }
  return board;
}

function readTags(data: Uint8Array): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const field of TEXT_FIELDS) {
    // Some writers store a length larger than the field: the field's room is what counts.
    const length = Math.min(data[field.at]!, field.size - 1);
    const text = decodeGb18030(data.subarray(field.at + 1, field.at + 1 + length))
      .replace(/\0[\s\S]*$/, '')
      .trim();
    if (text) tags[field.tag] = text;
  }
  return tags;
}

interface Records {
  comment: string | null;
  children: MoveNode[];
  /** Where each node's record starts, for error messages. */
  offsets: Map<MoveNode, number>;
  /** Variation moves whose record holds no move (a square off the board), and why. */
  broken: Map<MoveNode, string>;
  /** When the records break after the main line: what was lost. */
  lost?: ReadWarning;
}

/**
 * The move tree: record 0 is the root; each record is followed by its continuation, then its
 * sibling, so the main line's records come first. A file that ends or breaks inside the main
 * line is refused; after it, the lines read so far are kept.
 */
function readRecords(data: Uint8Array, version: number, keys: Keys): Records {
  let pos = HEADER_SIZE;
  const byte = (p: number): number => (data[p]! - keys.stream[p % 32]!) & 0xff;
  const take = (count: number, what: string, record: number): number => {
    if (pos + count > data.length) {
      throw new XqfError(
        `the file ends inside ${what} of move record ${record} (it needs ${count} more bytes, ${data.length - pos} are left)`,
        pos,
      );
    }
    const at = pos;
    pos += count;
    return at;
  };
  const int32 = (p: number): number => byte(p) | (byte(p + 1) << 8) | (byte(p + 2) << 16) | (byte(p + 3) << 24);

  const offsets = new Map<MoveNode, number>();
  const broken = new Map<MoveNode, string>();
  const rootChildren: MoveNode[] = [];
  let rootComment: string | null = null;
  // Lists the coming records join: the top one is filled first (a continuation before a sibling).
  const pending: MoveNode[][] = [];
  // The lists whose first entry is on the main line, and whether its last record has been read.
  let mainList: MoveNode[] | null = rootChildren;
  let record = 0;
  try {
    do {
      const list = record === 0 ? null : pending.pop()!;
      const at = take(4, 'the 4 bytes', record);
      const flags = byte(at + 2);
      const hasNext = version < 11 ? (flags & 0xf0) !== 0 : (flags & 0x80) !== 0;
      const hasSibling = version < 11 ? (flags & 0x0f) !== 0 : (flags & 0x40) !== 0;
      const hasComment = version < 11 || (flags & 0x20) !== 0;
      let comment: string | null = null;
      if (hasComment) {
        const lengthAt = take(4, 'the comment length', record);
        const length = int32(lengthAt) - keys.commentLength;
        if (length < 0 || length > data.length - pos) {
          throw new XqfError(
            `move record ${record} gives a comment of ${length} bytes, but ${data.length - pos} are left in the file`,
            lengthAt,
          );
        }
        const textAt = take(length, 'the comment', record);
        const bytes = new Uint8Array(length);
        for (let i = 0; i < length; i++) bytes[i] = byte(textAt + i);
        comment = decodeGb18030(bytes).replace(/\0+$/, '') || null;
      }
      if (list === null) {
        // The root holds no move; its comment is the game's. A sibling of the root means nothing.
        rootComment = comment;
        if (hasNext) pending.push(rootChildren);
        else mainList = null;
      } else {
        const onMain = list === mainList && list.length === 0;
        const from = (byte(at) - FROM_BIAS - keys.from) & 0xff;
        const to = (byte(at + 1) - TO_BIAS - keys.to) & 0xff;
        const offBoard = from > OFF_BOARD || to > OFF_BOARD;
        const problem = `move record ${record} has a square byte out of the board (from ${from}, to ${to})`;
        if (offBoard && onMain) throw new XqfError(problem, at);
        const node: MoveNode = { move: offBoard ? '' : xqfSquare(from) + xqfSquare(to), comment, children: [] };
        if (offBoard) broken.set(node, problem);
        offsets.set(node, at);
        list.push(node);
        if (onMain) mainList = hasNext ? node.children : null;
        if (hasSibling) pending.push(list);
        if (hasNext) pending.push(node.children);
      }
      record++;
    } while (pending.length > 0);
  } catch (error) {
    // Past the main line, a broken record costs only the lines still to come.
    if (!(error instanceof XqfError) || mainList !== null) throw error;
    const lost: ReadWarning = {
      line: `the variations from move record ${record} on`,
      reason: error.reason,
      message: `${error.message}; the main line and the lines read before it are kept, the rest of the file is left out`,
    };
    return { comment: rootComment, children: rootChildren, offsets, broken, lost };
  }
  return { comment: rootComment, children: rootChildren, offsets, broken };
}

/** XQF square byte X*10 + Y (file from Red's left, rank from Red's side) as an ICCS square. */
function xqfSquare(value: number): string {
  return squareName({ file: Math.floor(value / 10), rank: value % 10 });
}

function squareIndex(name: string): number {
  return Number(name[1]) * 9 + (name.charCodeAt(0) - 97);
}
