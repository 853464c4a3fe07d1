// A game with its variations and comments, as XQF, DhtmlXQ and CBF files hold it, and the check the
// readers share: every move of every line replayed before a game is handed out. A bad move on the
// main line refuses the file; one in a variation cuts that variation there, with a warning, so the
// rest of the player's work is kept.

import type { PgnResult } from './pgn.ts';
import type { PieceLetter, ReplayEngine } from './types.ts';
import { LineCursor } from './line-cursor.ts';
import { messageOf, type ReadWarning } from './warnings.ts';

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
  /** The result tag's value: `1-0`, `0-1`, `1/2-1/2` or `*` (unknown or unfinished). */
  result: PgnResult;
  /** The comment before the first move (the game's comment), or null. */
  comment: string | null;
  /** The first moves: `children[0]` starts the main line, the others are alternatives to it. */
  children: MoveNode[];
  /** The main line in ICCS (first child at every step). */
  mainline: string[];
  /**
   * What the reader left out (side lines cut at their first bad move), in file order; readers
   * always fill it, empty when the whole record was sound. Writers ignore it.
   */
  warnings?: ReadWarning[];
}

/** A game as the readers return it: `warnings` always there (empty when the record was sound). */
export interface ReadGame extends TreeGame {
  /** What the reader left out, in file order; empty when the record was sound. */
  warnings: ReadWarning[];
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

/** A move the tree check refused: where it is, and how much goes with it. */
export interface BadMove {
  node: MoveNode;
  /** 1 = the first move of the game. */
  ply: number;
  /** The line it is on: 0 the main line, n the n-th variation in file order. */
  line: number;
  /** Why, in words. */
  reason: string;
  /** The error the position gave, when it refused the move. */
  cause?: unknown;
  /** The moves left out with it: the move and everything after it. */
  dropped: number;
}

export interface TreeCheck {
  /** Why the file itself gives this move no meaning (a square off the board), or null. */
  broken?: (node: MoveNode) => string | null;
  /** A bad move on the main line: must throw (the file is refused). */
  mainLine: (bad: BadMove) => never;
  /** A bad move in a variation: the warning to give (the move and what follows it are cut). */
  sideLine: (bad: BadMove) => ReadWarning;
}

/** The line of every node: 0 for the main line, then variations numbered in file (preorder) order. */
function lineNumbers(children: readonly MoveNode[]): Map<MoveNode, number> {
  const lines = new Map<MoveNode, number>();
  let count = 0;
  const stack: { node: MoveNode; first: boolean; parentLine: number }[] = [];
  for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, first: i === 0, parentLine: 0 });
  for (let item = stack.pop(); item; item = stack.pop()) {
    const line = item.first ? item.parentLine : ++count;
    lines.set(item.node, line);
    const kids = item.node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, first: i === 0, parentLine: line });
  }
  return lines;
}

/** A line of play as a chain back to the start, so that a deep tree shares its prefixes. */
interface Path {
  move: string;
  prev: Path | null;
  length: number;
}

function movesOf(path: Path | null): string[] {
  const moves = new Array<string>(path?.length ?? 0);
  for (let p = path; p; p = p.prev) moves[p.length - 1] = p.move;
  return moves;
}

/**
 * Replays every line of the tree from `fen`, depth first and without recursion (a long game is a
 * deep tree). The main line comes first (it is the first chain in depth-first order); a bad move
 * there goes to `check.mainLine`, which throws. A bad move in a variation is cut out of the tree
 * with what follows it, and `check.sideLine` gives the warning. Returns the warnings, in file order.
 */
export function checkTree(engine: ReplayEngine, fen: string, children: MoveNode[], check: TreeCheck): ReadWarning[] {
  const lines = lineNumbers(children);
  const warnings: ReadWarning[] = [];
  const cuts: { list: MoveNode[]; node: MoveNode }[] = [];
  const stack: { node: MoveNode; list: MoveNode[]; path: Path | null }[] = [];
  for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, list: children, path: null });
  const cursor = new LineCursor(engine, fen);
  // The line the engine stands at; a node whose parent is that line needs no move of the cursor.
  let at: Path | null = null;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, list, path } = item;
    let reason = check.broken?.(node) ?? null;
    let cause: unknown;
    if (reason === null) {
      try {
        if (at !== path) {
          cursor.goTo(movesOf(path));
          at = path;
        }
        cursor.play(node.move);
      } catch (error) {
        reason = `the move is not legal: ${messageOf(error)}`;
        cause = error;
      }
    }
    if (reason !== null) {
      const bad: BadMove = {
        node,
        ply: (path?.length ?? 0) + 1,
        line: lines.get(node) ?? 0,
        reason,
        cause,
        dropped: countMoves([node]),
      };
      if (bad.line === 0) check.mainLine(bad);
      warnings.push(check.sideLine(bad));
      cuts.push({ list, node });
      continue;
    }
    const next: Path = { move: node.move, prev: path, length: (path?.length ?? 0) + 1 };
    at = next;
    const kids = node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, list: kids, path: next });
  }
  for (const { list, node } of cuts) list.splice(list.indexOf(node), 1);
  return warnings;
}
