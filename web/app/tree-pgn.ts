// The game's tree of moves (game.ts) and the notation module's trees are shapes of the same thing:
// PGN's annotated line (notation/pgn.ts), where a node's children are the main move and its
// alternatives written as variations, and the XQF / DhtmlXQ tree (notation/game-tree.ts), which has
// the game's own shape. These convert one into the other, losing nothing: the player's drawn shapes
// go into the comments as `[%csl]` / `[%cal]` commands (drawn-shapes.ts).
import type { MoveNode, PgnMove } from '../notation/index.ts';
import type { TreeRecord } from './game.ts';
import { commentWithShapes, splitComment } from './drawn-shapes.ts';
import type { DrawnShape } from './drawn-shapes.ts';

/** The moves tried from a position (main first) for a PGN line and its variations. */
export function treeFromLine(line: readonly PgnMove[]): TreeRecord[] {
  const [first, ...rest] = line;
  if (!first) return [];
  const main: TreeRecord = { move: first.move, ...noted(first.comment) };
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

/**
 * An XQF / DhtmlXQ tree (`TreeGame.children`) as the game's tree. Iterative: a long game is a deep
 * tree, and a recursion per move could overflow the stack on a file of hundreds of moves.
 */
export function treeFromNodes(nodes: readonly MoveNode[]): TreeRecord[] {
  const out: TreeRecord[] = [];
  const stack: { from: readonly MoveNode[]; into: TreeRecord[] }[] = [{ from: nodes, into: out }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    for (const n of item.from) {
      const r: TreeRecord = { move: n.move, ...noted(commandsOf(n.comment)) };
      if (n.children.length) stack.push({ from: n.children, into: (r.children = []) });
      item.into.push(r);
    }
  }
  return out;
}

/**
 * DhtmlXQ text cannot hold square brackets, so its writer puts full-width ones in comments (`［%csl
 * Ge7］`): the commands our own export wrote come back as commands. Text in full-width brackets that
 * is not a command stays as it is.
 */
export function commandsOf(comment: string | null): string | null {
  return comment && comment.replace(/［(%[a-z]+ [^［］]*)］/g, '[$1]');
}

/** The game's tree as an XQF / DhtmlXQ tree, the drawn shapes in the comments. Iterative too. */
export function nodesFromTree(tree: readonly TreeRecord[]): MoveNode[] {
  const out: MoveNode[] = [];
  const stack: { from: readonly TreeRecord[]; into: MoveNode[] }[] = [{ from: tree, into: out }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    for (const r of item.from) {
      const n: MoveNode = {
        move: r.move,
        comment: commentWithShapes(r.comment ?? '', r.shapes ?? []) || null,
        children: [],
      };
      if (r.children?.length) stack.push({ from: r.children, into: n.children });
      item.into.push(n);
    }
  }
  return out;
}

/** A comment as the tree keeps it: its text, and the drawn arrows and circles its commands carry. */
export function noted(comment: string | null | undefined): { comment?: string; shapes?: DrawnShape[] } {
  const { text, shapes } = splitComment(comment ?? '');
  const r: { comment?: string; shapes?: DrawnShape[] } = {};
  if (text) r.comment = text;
  if (shapes.length) r.shapes = shapes;
  return r;
}
