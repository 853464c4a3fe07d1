// The game's tree of moves (game.ts) and PGN's annotated line (notation/pgn.ts) are two shapes of
// the same thing: a node's children are the main move and its alternatives, where PGN writes the
// main move with its alternatives as variations. These convert one into the other, losing nothing:
// the player's drawn shapes go into the comments as `[%csl]` / `[%cal]` commands (drawn-shapes.ts).
import type { PgnMove } from '../notation/index.ts';
import type { TreeRecord } from './game.ts';
import { commentWithShapes, splitComment } from './drawn-shapes.ts';

/** The moves tried from a position (main first) for a PGN line and its variations. */
export function treeFromLine(line: readonly PgnMove[]): TreeRecord[] {
  const [first, ...rest] = line;
  if (!first) return [];
  const main: TreeRecord = { move: first.move };
  // The drawn arrows and circles ride in the comment as [%csl …] / [%cal …] commands.
  const { text, shapes } = splitComment(first.comment ?? '');
  if (text) main.comment = text;
  if (shapes.length) main.shapes = shapes;
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
    const comment = commentWithShapes(main.comment ?? '', main.shapes ?? []);
    if (comment) move.comment = comment;
    if (alternatives.length) move.variations = alternatives.map((a) => lineFromTree([a]));
    line.push(move);
    next = main.children ?? [];
  }
  return line;
}
