// The game's tree of moves (game.ts) and PGN's annotated line (notation/pgn.ts) are two shapes of
// the same thing: a node's children are the main move and its alternatives, where PGN writes the
// main move with its alternatives as variations. These convert one into the other, losing nothing.
import type { PgnMove } from '../notation/index.ts';
import type { TreeRecord } from './game.ts';

/** The moves tried from a position (main first) for a PGN line and its variations. */
export function treeFromLine(line: readonly PgnMove[]): TreeRecord[] {
  const [first, ...rest] = line;
  if (!first) return [];
  const main: TreeRecord = { move: first.move };
  if (first.comment) main.comment = first.comment;
  const after = treeFromLine(rest);
  if (after.length) main.children = after;
  return [main, ...(first.variations ?? []).flatMap((v) => treeFromLine(v))];
}

/** The main line through `children` as PGN moves, every alternative a variation. */
export function lineFromTree(children: readonly TreeRecord[]): PgnMove[] {
  const line: PgnMove[] = [];
  let next = children;
  while (next[0]) {
    const [main, ...alternatives] = next as [TreeRecord, ...TreeRecord[]];
    const move: PgnMove = { move: main.move };
    if (main.comment) move.comment = main.comment;
    if (alternatives.length) move.variations = alternatives.map((a) => lineFromTree([a]));
    line.push(move);
    next = main.children ?? [];
  }
  return line;
}
