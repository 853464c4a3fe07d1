// A game with its variations and comments, as XQF and DhtmlXQ files hold it, and the checks both
// readers share: every move of every line replayed on the engine before a game is handed out, so
// an illegal move anywhere refuses the whole file instead of importing part of it.

import type { PgnResult } from './pgn.ts';
import type { PieceLetter, ReplayEngine } from './types.ts';

/** One move and what follows it. */
export interface MoveNode {
  /** ICCS, compact (`h2e2`). */
  move: string;
  /** The comment after the move, or null. */
  comment: string | null;
  /** The replies: `children[0]` continues this line, the others are alternatives to it. */
  children: MoveNode[];
}

/** A game record with its whole tree (what `readXqf` and `readUbb` return, and the writers take). */
export interface TreeGame {
  /** Header fields with PGN-style names (Title, Event, Date, Site, Red, Black, Annotator, Author, ...). */
  tags: Record<string, string>;
  /** The initial position (any set-up, either side to move). */
  fen: string;
  result: PgnResult;
  /** The comment before the first move (the game's comment), or null. */
  comment: string | null;
  /** The first moves: `children[0]` starts the main line, the others are alternatives to it. */
  children: MoveNode[];
  /** The main line in ICCS (first child at every step). */
  mainline: string[];
}

/** The moves of the line that always takes the first child. */
export function mainLine(children: readonly MoveNode[]): string[] {
  const line: string[] = [];
  for (let node = children[0]; node; node = node.children[0]) line.push(node.move);
  return line;
}

/** How many moves the tree holds, variations included. */
export function countMoves(children: readonly MoveNode[]): number {
  let n = 0;
  const stack = [...children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    n++;
    stack.push(...node.children);
  }
  return n;
}

/** The ranks from 9 down to 0, as FEN writes them, of a board indexed rank * 9 + file. */
export function placementFen(board: readonly (PieceLetter | null)[]): string {
  const ranks: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const piece = board[rank * 9 + file] ?? null;
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += piece;
    }
    ranks.push(row + (empty ? String(empty) : ''));
  }
  return ranks.join('/');
}

/**
 * Replays every line of the tree from `fen`, depth first and without recursion (a long game is
 * a deep tree). `refuse` is called for the first move the engine will not play, with its ply
 * (1 = the first move of the game); it must throw.
 */
export function replayTree(
  engine: ReplayEngine,
  fen: string,
  children: readonly MoveNode[],
  refuse: (node: MoveNode, ply: number, cause: unknown) => never,
): void {
  const root: string[] = [];
  const stack: { node: MoveNode; path: string[] }[] = [];
  for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, path: root });
  // The line the engine stands at; a node whose parent is that line needs no fresh replay.
  let at: string[] | null = null;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, path } = item;
    try {
      if (at !== path) engine.setPosition(fen, path);
      engine.play(node.move);
    } catch (error) {
      refuse(node, path.length + 1, error);
    }
    const next: string[] = [...path, node.move];
    at = next;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, path: next });
  }
}
