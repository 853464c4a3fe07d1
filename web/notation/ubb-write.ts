// Writing DhtmlXQ (UBB) text that readUbb and the Xiangqi websites read: the main line in
// [DhtmlXQ_movelist], each other line as [DhtmlXQ_move_<parent>_<ply>_<id>] numbered breadth
// first (so a line's parent always has a smaller id), comments per line and ply.

import { START_FEN } from '../engine/start-fen.ts';
import type { MoveNode, TreeGame } from './game-tree.ts';
import { RESULT_TEXT, STRUCTURE, TAG_NAMES, escapeText, squareDigits } from './ubb-format.ts';
import { SLOT_PIECES } from './xqf-format.ts';

const TAG_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(TAG_NAMES).map(([ubb, pgn]) => [pgn, ubb]),
);

/** The game as a `[DhtmlXQ]...[/DhtmlXQ]` block. Throws a RangeError for a position it cannot hold. */
export function writeUbb(game: Pick<TreeGame, 'fen' | 'children' | 'comment' | 'tags' | 'result'>): string {
  const lines: string[] = ['[DhtmlXQ]'];
  const tag = (name: string, value: string): void => {
    lines.push(`[DhtmlXQ_${name}]${value}[/DhtmlXQ_${name}]`);
  };
  for (const [name, value] of Object.entries(game.tags)) {
    const ubb = TAG_OF[name] ?? (/^[a-z][a-z0-9]*$/.test(name) && !STRUCTURE.test(name) ? name : null);
    if (ubb && value) tag(ubb, escapeText(value));
  }
  tag('result', RESULT_TEXT[game.result]);
  const [placement] = game.fen.trim().split(/\s+/);
  tag('binit', binit(placement ?? ''));
  // binit cannot say who moves; the FEN (read first by readUbb and by vschess) can.
  if (game.fen.trim() !== START_FEN) tag('fen', game.fen.trim());

  interface Pending {
    list: readonly MoveNode[];
    index: number;
    parent: number;
    ply: number;
    id: number;
  }
  const queue: Pending[] = [{ list: game.children, index: 0, parent: 0, ply: 1, id: 0 }];
  let nextId = 1;
  const comments: [string, string][] = [];
  if (game.comment) comments.push(['comment0', game.comment]);
  for (let q = 0; q < queue.length; q++) {
    const line = queue[q]!;
    let moves = '';
    let list = line.list;
    let index = line.index;
    for (let ply = line.ply; list[index]; ply++) {
      const node = list[index]!;
      // Where the line takes the first choice, the other choices become lines of their own.
      if (index === 0) {
        for (let alt = 1; alt < list.length; alt++)
          queue.push({ list, index: alt, parent: line.id, ply, id: nextId++ });
      }
      moves += squareDigits(node.move.slice(0, 2)) + squareDigits(node.move.slice(2, 4));
      if (node.comment) comments.push([line.id === 0 ? `comment${ply}` : `comment${line.id}_${ply}`, node.comment]);
      list = node.children;
      index = 0;
    }
    if (line.id === 0) tag('movelist', moves);
    else tag(`move_${line.parent}_${line.ply}_${line.id}`, moves);
  }
  for (const [name, text] of comments) tag(name, escapeText(text));
  lines.push('[/DhtmlXQ]');
  return lines.join('\n');
}

/** 32 digit pairs in the XQF slot order, 99 for a piece not on the board. */
function binit(placement: string): string {
  const squares = new Array<string>(32).fill('99');
  const rows = placement.split('/');
  if (rows.length !== 10) throw new RangeError(`"${placement}" is not a Xiangqi FEN placement (10 ranks)`);
  rows.forEach((row, y) => {
    let x = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) {
        x += Number(ch);
        continue;
      }
      const slot = SLOT_PIECES.findIndex((p, i) => p === ch && squares[i] === '99');
      if (slot < 0) throw new RangeError(`DhtmlXQ has no room for another "${ch}"`);
      squares[slot] = `${x}${y}`;
      x++;
    }
  });
  return squares.join('');
}
