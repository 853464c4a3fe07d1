// Reading DhtmlXQ, the "UBB" text Xiangqi websites and forums paste (东萍象棋): [DhtmlXQ_binit] with
// the 32 piece positions, [DhtmlXQ_movelist] with four digits a ply, variations as
// [DhtmlXQ_move_<parent>_<ply>_<id>] (a line that leaves line <parent> at ply <ply>), comments as
// [DhtmlXQ_comment<ply>] (main line) and [DhtmlXQ_comment<id>_<ply>], and header tags. Every move
// of every line is replayed before the game is returned; a problem throws a UbbError.

import { START_FEN } from '../engine/start-fen.ts';
import { UbbError } from './errors.ts';
import { mainLine, placementFen, replayTree, type MoveNode, type TreeGame } from './game-tree.ts';
import type { PgnResult } from './pgn.ts';
import type { PieceLetter, ReplayEngine } from './types.ts';
import { STRUCTURE, TAG_NAMES, digitsSquare, readResult, unescapeText } from './ubb-format.ts';
import { SLOT_PIECES } from './xqf-format.ts';

const MAX_TEXT = 4 * 1024 * 1024;

/** A line of play: where it leaves its parent and its moves from there. */
interface Branch {
  id: number;
  parent: number;
  /** Ply of its first move (1 = the first move of the game). */
  start: number;
  tag: string;
  nodes: MoveNode[];
}

/** True when the text holds a DhtmlXQ game (so a caller can choose this reader over PGN). */
export function isUbb(text: string): boolean {
  return /\[DhtmlXQ(_[a-z0-9_]+)?\]/i.test(text);
}

/** The game in a DhtmlXQ text (the first [DhtmlXQ] block). `engine` replays and checks the moves. */
export function readUbb(text: string, engine: ReplayEngine): TreeGame {
  if (text.length > MAX_TEXT)
    throw new UbbError(`the text has ${text.length} characters, more than the ${MAX_TEXT} accepted`);
  const open = text.search(/\[DhtmlXQ\]/i);
  const close = open >= 0 ? text.slice(open).search(/\[\/DhtmlXQ\]/i) : -1;
  const block = open >= 0 ? text.slice(open, close >= 0 ? open + close : undefined) : text;
  const fields = new Map<string, string>();
  for (const m of block.matchAll(/\[DhtmlXQ_([A-Za-z0-9_]+)\]([\s\S]*?)\[\/DhtmlXQ_\1\]/g)) {
    const name = m[1]!.toLowerCase();
    if (fields.has(name)) throw new UbbError('the tag appears twice', `DhtmlXQ_${name}`);
    fields.set(name, m[2]!);
  }
  if (!fields.has('movelist') && !fields.has('binit') && !fields.has('fen')) {
    throw new UbbError('no [DhtmlXQ_movelist], [DhtmlXQ_binit] or [DhtmlXQ_fen] found: this is not a DhtmlXQ game');
  }

  const tags: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (STRUCTURE.test(name)) continue;
    const text = unescapeText(value);
    if (text)
      Object.defineProperty(tags, TAG_NAMES[name] ?? name, {
        value: text,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  let result: PgnResult = '*';
  const resultText = fields.get('result');
  if (resultText !== undefined) {
    const read = readResult(resultText);
    if (read === null)
      throw new UbbError(
        `"${resultText}" is not a result (红胜, 黑胜, 和棋, 未知, or 1-0, 0-1, 1/2-1/2, *)`,
        'DhtmlXQ_result',
      );
    result = read;
    if (result !== '*') tags['Result'] = result;
  }

  const branches = readBranches(fields);
  const children = buildTree(branches, fields);
  const commentText = fields.get('comment0') ?? fields.get('comment0_0');
  const comment = commentText !== undefined ? unescapeText(commentText) || null : null;

  const fenText = fields.get('fen');
  let fen: string;
  if (fenText !== undefined) {
    fen = fenText.trim();
  } else {
    const board = fields.has('binit') ? readBinit(fields.get('binit')!) : null;
    if (board) {
      // No side is written: it is the colour of the piece the first move moves (Red without moves).
      let turn = 'w';
      const first = children[0];
      if (first) {
        const piece = board[Number(first.move[1]) * 9 + first.move.charCodeAt(0) - 97];
        if (!piece)
          throw new UbbError(
            'there is no piece on the square the first move starts from',
            'DhtmlXQ_movelist',
            1,
            first.move,
          );
        if (piece !== piece.toUpperCase()) turn = 'b';
      }
      fen = `${placementFen(board)} ${turn} - - 0 1`;
    } else {
      fen = START_FEN;
    }
  }
  try {
    engine.setPosition(fen);
  } catch (error) {
    throw new UbbError(
      `the start position is not valid: ${messageOf(error)}`,
      fenText !== undefined ? 'DhtmlXQ_fen' : 'DhtmlXQ_binit',
      undefined,
      undefined,
      error,
    );
  }
  const startFen = engine.fen();
  const tagOf = new Map<MoveNode, string>();
  for (const b of branches.values()) for (const n of b.nodes) tagOf.set(n, b.tag);
  replayTree(engine, startFen, children, (node, ply, cause) => {
    throw new UbbError(`the move is not legal: ${messageOf(cause)}`, tagOf.get(node), ply, node.move, cause);
  });
  return { tags, fen: startFen, result, comment, children, mainline: mainLine(children) };
}

function readBinit(value: string): (PieceLetter | null)[] {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{64}$/.test(digits))
    throw new UbbError(
      `expected 64 digits (an x y pair for each of the 32 pieces), found "${value.trim()}"`,
      'DhtmlXQ_binit',
    );
  const board = new Array<PieceLetter | null>(90).fill(null);
  for (let slot = 0; slot < 32; slot++) {
    const x = Number(digits[slot * 2]);
    const y = Number(digits[slot * 2 + 1]);
    const square = digitsSquare(x, y);
    if (!square) {
      if (x === 9 && y === 9) continue;
      throw new UbbError(`piece ${slot + 1} ("${x}${y}") is neither on the board nor 99 (off it)`, 'DhtmlXQ_binit');
    }
    const index = (9 - y) * 9 + x;
    if (board[index]) throw new UbbError(`two pieces on ${square} (piece ${slot + 1})`, 'DhtmlXQ_binit');
    board[index] = SLOT_PIECES[slot]!;
  }
  return board;
}

function readMoves(value: string, tag: string, start: number): MoveNode[] {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d*$/.test(digits) || digits.length % 4 !== 0) {
    throw new UbbError('moves must be four digits each (x1 y1 x2 y2)', tag);
  }
  const nodes: MoveNode[] = [];
  for (let i = 0; i < digits.length; i += 4) {
    const from = digitsSquare(Number(digits[i]), Number(digits[i + 1]));
    const to = digitsSquare(Number(digits[i + 2]), Number(digits[i + 3]));
    if (!from || !to) throw new UbbError(`"${digits.slice(i, i + 4)}" is not a move on the board`, tag, start + i / 4);
    nodes.push({ move: from + to, comment: null, children: [] });
  }
  return nodes;
}

function readBranches(fields: Map<string, string>): Map<number, Branch> {
  const branches = new Map<number, Branch>();
  branches.set(0, {
    id: 0,
    parent: -1,
    start: 1,
    tag: 'DhtmlXQ_movelist',
    nodes: readMoves(fields.get('movelist') ?? '', 'DhtmlXQ_movelist', 1),
  });
  for (const [name, value] of fields) {
    const m = /^move_(\d+)_(\d+)_(\d+)$/.exec(name);
    if (!m) continue;
    const tag = `DhtmlXQ_${name}`;
    const [parent, start, id] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (id === 0 || start === 0) throw new UbbError('a variation needs an id and a ply from 1 on', tag);
    if (branches.has(id)) throw new UbbError(`variation ${id} is given twice`, tag);
    branches.set(id, { id, parent, start, tag, nodes: readMoves(value, tag, start) });
  }
  return branches;
}

/** Links the lines into one tree: each variation becomes an alternative at its ply of its parent line. */
function buildTree(branches: Map<number, Branch>, fields: Map<string, string>): MoveNode[] {
  const root: MoveNode[] = [];
  const main = branches.get(0)!;
  const built = new Set<number>([0]);
  link(root, main.nodes);
  /** The node at `ply` on line `id` (its own move, or the one it shares with its parent line). */
  const nodeAt = (id: number, ply: number): MoveNode | undefined => {
    for (let b = branches.get(id); b; b = branches.get(b.parent)) {
      if (ply >= b.start) return b.nodes[ply - b.start];
    }
    return undefined;
  };
  const waiting = [...branches.values()].filter((b) => b.id !== 0).sort((a, b) => a.id - b.id);
  while (waiting.length > 0) {
    const ready = waiting.findIndex((b) => built.has(b.parent));
    if (ready < 0) {
      const b = waiting[0]!;
      throw new UbbError(
        `variation ${b.id} leaves line ${b.parent}, which is not in the text (or the lines form a loop)`,
        b.tag,
      );
    }
    const b = waiting.splice(ready, 1)[0]!;
    if (b.nodes.length === 0) throw new UbbError('the variation has no moves', b.tag);
    let list = root;
    if (b.start > 1) {
      const before = nodeAt(b.parent, b.start - 1);
      if (!before)
        throw new UbbError(
          `the variation starts at ply ${b.start}, but line ${b.parent} has no move at ply ${b.start - 1}`,
          b.tag,
        );
      list = before.children;
    }
    link(list, b.nodes);
    built.add(b.id);
  }
  for (const [name, value] of fields) {
    const m = /^comment(\d+)(?:_(\d+))?$/.exec(name);
    if (!m) continue;
    const [line, ply] = m[2] === undefined ? [0, Number(m[1])] : [Number(m[1]), Number(m[2])];
    if (ply === 0) continue; // the game's comment
    const node = branches.has(line) ? nodeAt(line, ply) : undefined;
    if (!node)
      throw new UbbError(`the comment is for ply ${ply} of line ${line}, which has no such move`, `DhtmlXQ_${name}`);
    node.comment = unescapeText(value) || null;
  }
  return root;
}

/** Appends a line's first node to `list` and chains the rest as continuations. */
function link(list: MoveNode[], nodes: MoveNode[]): void {
  if (nodes.length === 0) return;
  list.push(nodes[0]!);
  for (let i = 1; i < nodes.length; i++) nodes[i - 1]!.children.push(nodes[i]!);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
