// Game trees shared by the XQF and DhtmlXQ tests: variations at several depths, comments in
// Chinese, a set-up with Black to move.

import type { MoveNode } from '../../web/notation/index.ts';

export const node = (move: string, children: MoveNode[] = [], comment: string | null = null): MoveNode => ({
  move,
  comment,
  children,
});

/** The standard start with alternatives at the first and second ply, and one inside a variation. */
export const TREE: MoveNode[] = [
  node(
    'h2e2',
    [
      node('h9g7', [node('h0g2', [node('i9h9', [], '出车')])]),
      node('b9c7', [node('b0c2'), node('h0g2', [node('h9g7')], '变中之变')], '变着：左马'),
    ],
    '当头炮',
  ),
  node('c3c4', [node('g6g5')]),
  node('b2e2'),
];

/** Black to move in an endgame set-up. */
export const BLACK_SETUP = '3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1';
export const BLACK_TREE: MoveNode[] = [node('d9d8', [node('e1d2', [node('d8d9')])])];
