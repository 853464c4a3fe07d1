// Reading DhtmlXQ, the "UBB" text Xiangqi websites and forums paste (东萍象棋): [DhtmlXQ_binit] with
// the 32 piece positions, [DhtmlXQ_movelist] with four digits a ply, variations as
// [DhtmlXQ_move_<parent>_<ply>_<id>] (a line that leaves line <parent> at ply <ply>), comments as
// [DhtmlXQ_comment<ply>] (main line) and [DhtmlXQ_comment<id>_<ply>], and header tags. Every move
// of every line is replayed before the game is returned. A problem in the header tags or the main
// line throws a UbbError; a variation that is broken (a bad move, digits that are no move, a line it
// leaves that is missing) is cut or left out, with a warning that names its tag.

import { START_FEN } from '../engine/start-fen.ts';
import { UbbError } from './errors.ts';
import { checkTree, mainLine, placementFen, type MoveNode, type ReadGame } from './game-tree.ts';
import type { PgnResult } from './pgn.ts';
import { RuleBoard } from './rule-board.ts';
import type { PieceLetter, ReplayEngine } from './types.ts';
import { cutText, messageOf, type ReadWarning } from './warnings.ts';
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

/**
 * The game in a DhtmlXQ text (the first [DhtmlXQ] block). `engine` (by default a RuleBoard: the rules
 * without an engine) replays and checks the moves. What was cut from the variations is in the
 * game's `warnings`.
 */
export function readUbb(text: string, engine: ReplayEngine = new RuleBoard()): ReadGame {
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

  const warnings: ReadWarning[] = [];
  const branches = readBranches(fields, warnings);
  const children = buildTree(branches, fields, warnings);
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
  const replayed = checkTree(engine, startFen, children, {
    mainLine: (bad) => {
      throw new UbbError(bad.reason, tagOf.get(bad.node), bad.ply, bad.node.move, bad.cause);
    },
    sideLine: (bad) => cut(tagOf.get(bad.node) ?? 'DhtmlXQ_movelist', bad.reason, bad.dropped, bad.ply, bad.node.move),
  });
  warnings.push(...replayed);
  return { tags, fen: startFen, result, comment, children, mainline: mainLine(children), warnings };
}

/** The warning for a variation cut (or, without a ply, left out whole) for `reason`. */
function cut(tag: string, reason: string, dropped: number, ply?: number, move?: string): ReadWarning {
  const message = new UbbError(cutText('the variation', reason, dropped), tag, ply, move).message;
  return { line: tag, ply, move, reason, dropped, message };
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

/** The moves of a tag, and the first four digits that are no move (with the ply), if any. */
function readMoves(
  value: string,
  start: number,
): { nodes: MoveNode[]; groups: number; bad?: { ply: number; text: string } } {
  const digits = value.replace(/\s+/g, '');
  const groups = Math.ceil(digits.length / 4);
  const nodes: MoveNode[] = [];
  for (let i = 0; i < digits.length; i += 4) {
    const text = digits.slice(i, i + 4);
    const from = /^\d{4}$/.test(text) ? digitsSquare(Number(text[0]), Number(text[1])) : null;
    const to = from ? digitsSquare(Number(text[2]), Number(text[3])) : null;
    if (!from || !to) return { nodes, groups, bad: { ply: start + i / 4, text } };
    nodes.push({ move: from + to, comment: null, children: [] });
  }
  return { nodes, groups };
}

function readBranches(fields: Map<string, string>, warnings: ReadWarning[]): Map<number, Branch> {
  const branches = new Map<number, Branch>();
  const tag = 'DhtmlXQ_movelist';
  const list = fields.get('movelist') ?? '';
  if (!/^\d*$/.test(list.replace(/\s+/g, '')) || list.replace(/\s+/g, '').length % 4 !== 0) {
    throw new UbbError('moves must be four digits each (x1 y1 x2 y2)', tag);
  }
  const main = readMoves(list, 1);
  if (main.bad) throw new UbbError(`"${main.bad.text}" is not a move on the board`, tag, main.bad.ply);
  branches.set(0, { id: 0, parent: -1, start: 1, tag, nodes: main.nodes });
  for (const [name, value] of fields) {
    const m = /^move_(\d+)_(\d+)_(\d+)$/.exec(name);
    if (!m) continue;
    const tag = `DhtmlXQ_${name}`;
    const [parent, start, id] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const read = readMoves(value, start);
    const all = read.groups;
    if (id === 0 || start === 0) {
      warnings.push(cut(tag, 'a variation needs an id and a ply from 1 on', all));
      continue;
    }
    if (branches.has(id)) {
      warnings.push(cut(tag, `variation ${id} is given twice`, all));
      continue;
    }
    if (read.bad) {
      const reason = /^\d{4}$/.test(read.bad.text)
        ? `"${read.bad.text}" is not a move on the board`
        : `"${read.bad.text}" is not a move (moves are four digits each: x1 y1 x2 y2)`;
      warnings.push(cut(tag, reason, all - read.nodes.length, read.bad.ply, read.bad.text));
    }
    branches.set(id, { id, parent, start, tag, nodes: read.nodes });
  }
  return branches;
}

/**
 * Links the lines into one tree: each variation becomes an alternative at its ply of its parent
 * line, lines taken in the order of their ids as soon as their parent line is in (the order the
 * alternatives keep). A variation that cannot be placed is left out with a warning.
 */
function buildTree(branches: Map<number, Branch>, fields: Map<string, string>, warnings: ReadWarning[]): MoveNode[] {
  const root: MoveNode[] = [];
  link(root, branches.get(0)!.nodes);
  /** The node at `ply` on line `id` (its own move, or the one it shares with its parent line). */
  const nodeAt = (id: number, ply: number): MoveNode | undefined => {
    for (let b = branches.get(id); b; b = branches.get(b.parent)) {
      if (ply >= b.start) return b.nodes[ply - b.start];
    }
    return undefined;
  };
  const byParent = new Map<number, Branch[]>();
  for (const b of branches.values()) {
    if (b.id === 0) continue;
    const list = byParent.get(b.parent) ?? [];
    list.push(b);
    byParent.set(b.parent, list);
  }
  const placed = new Set<number>([0]);
  const refused = new Set<number>();
  const ready = new MinHeap<Branch>((a, b) => a.id - b.id);
  for (const b of byParent.get(0) ?? []) ready.push(b);
  for (let b = ready.pop(); b; b = ready.pop()) {
    let list = root;
    let problem: string | null = b.nodes.length === 0 ? 'the variation has no moves' : null;
    if (!problem && b.start > 1) {
      const before = nodeAt(b.parent, b.start - 1);
      if (before) list = before.children;
      else problem = `the variation starts at ply ${b.start}, but line ${b.parent} has no move at ply ${b.start - 1}`;
    }
    if (problem) {
      warnings.push(cut(b.tag, problem, b.nodes.length));
      refused.add(b.id);
      continue;
    }
    link(list, b.nodes);
    placed.add(b.id);
    for (const child of byParent.get(b.id) ?? []) ready.push(child);
  }
  for (const b of branches.values()) {
    if (placed.has(b.id) || refused.has(b.id)) continue;
    const reason = branches.has(b.parent)
      ? `the variation leaves line ${b.parent}, which was left out (or the lines form a loop)`
      : `the variation leaves line ${b.parent}, which is not in the text`;
    warnings.push(cut(b.tag, reason, b.nodes.length));
  }
  for (const [name, value] of fields) {
    const m = /^comment(\d+)(?:_(\d+))?$/.exec(name);
    if (!m) continue;
    const [line, ply] = m[2] === undefined ? [0, Number(m[1])] : [Number(m[1]), Number(m[2])];
    if (ply === 0) continue; // the game's comment
    const node = placed.has(line) ? nodeAt(line, ply) : undefined;
    if (!node) {
      const reason = `the comment is for ply ${ply} of line ${line}, which has no such move`;
      warnings.push({
        line: `DhtmlXQ_${name}`,
        reason,
        message: new UbbError(`${reason}: it is left out`, `DhtmlXQ_${name}`).message,
      });
      continue;
    }
    node.comment = unescapeText(value) || null;
  }
  return root;
}

/** A small binary heap: the variations ready to be placed, smallest id first. */
class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => number) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if (this.before(items[i]!, items[up]!) >= 0) break;
      [items[i], items[up]] = [items[up]!, items[i]!];
      i = up;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(items[l]!, items[m]!) < 0) m = l;
        if (r < items.length && this.before(items[r]!, items[m]!) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** Appends a line's first node to `list` and chains the rest as continuations. */
function link(list: MoveNode[], nodes: MoveNode[]): void {
  if (nodes.length === 0) return;
  list.push(nodes[0]!);
  for (let i = 1; i < nodes.length; i++) nodes[i - 1]!.children.push(nodes[i]!);
}
