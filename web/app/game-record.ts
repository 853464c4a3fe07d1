// A game as it is saved, imported and exported (GameRecord), and the tree of moves it becomes (MoveNode):
// building the tree from a record checks every move on the rules engine, and writing it back keeps
// comments, the player's drawing and the end the players made. The game itself is game.ts.
import type { Engine, GameEndReason, GameResult, GameStatus } from '../engine/types.ts';
import { keptShapes, type DrawnShape } from './drawn-shapes.ts';

/** A move of the tree as it is saved: its comment and what was played after it (main line first). */
export interface TreeRecord {
  move: string;
  comment?: string;
  /** The player's arrows and circles on the position after the move. */
  shapes?: DrawnShape[];
  children?: TreeRecord[];
}

/** A value read from storage or a link, shaped like T but with nothing checked yet. */
type Unchecked<T> = { readonly [K in keyof T]?: unknown };

/** Ways a game ends that the rules do not see: a player resigns, both agree, a flag falls. */
export type PlayerEndReason = 'resignation' | 'agreement' | 'timeout' | 'timeout-draw';
export type EndReason = GameEndReason | PlayerEndReason;

/** The rules' status, or the end the players made (resignation, agreement, time). */
export interface PageStatus extends Omit<GameStatus, 'reason'> {
  reason?: EndReason;
}

/** An end the players made, at a position of the line. */
export interface Ending {
  result: GameResult;
  reason: PlayerEndReason;
}

export interface GameRecord {
  startFen: string;
  /** The line being followed, from the start. */
  moves: string[];
  /** How many of `moves` are on the board. */
  cursor: number;
  /** The whole tree (the first moves tried from the start); without it, `moves` is the tree. */
  tree?: TreeRecord[];
  /** A comment on the game (before its first move). */
  comment?: string;
  /** The player's arrows and circles on the start position. */
  shapes?: DrawnShape[];
  /** How the players ended the game, after `ply` moves of `moves`. */
  ending?: Ending & { ply: number };
}

export interface MoveNode {
  /** Unique within the game, for the page's buttons. */
  readonly id: number;
  /** ICCS; empty for the root (the start position). */
  readonly move: string;
  comment: string;
  /** The player's arrows and circles on the position after the move (drawn on the board). */
  shapes: DrawnShape[];
  readonly parent: MoveNode | null;
  /** Main line first, then the variations. */
  readonly children: MoveNode[];
}

/** A new node; `id` is unique within its game. */
export type NodeMaker = (move: string, parent: MoveNode | null, comment?: string, shapes?: DrawnShape[]) => MoveNode;

/** The tree of a record, the line it follows, where its cursor stands, and the end the players made. */
export interface BuiltGame {
  root: MoveNode;
  line: MoveNode[];
  cursor: number;
  ending: (Ending & { node: MoveNode }) | null;
}

const PLAYER_END_REASONS: readonly string[] = ['resignation', 'agreement', 'timeout', 'timeout-draw'];

/**
 * The tree of `record`, every move of it checked on `rules` (left at the start position). Throws
 * (FenError, IllegalMoveError, Error) when the record does not replay.
 */
export function buildGame(rules: Engine, record: GameRecord, node: NodeMaker): BuiltGame {
  const e = rules;
  e.setPosition(record.startFen);
  const start = e.fen();
  const root = node('', null, typeof record.comment === 'string' ? record.comment : '', keptShapes(record.shapes));
  const tree = record.tree ?? linear(record.moves);
  // The tree may come from storage or a link: each of its records is checked as it is read.
  const build = (parent: MoveNode, children: readonly unknown[], depth: number): void => {
    for (const item of children) {
      const c: Unchecked<TreeRecord> = typeof item === 'object' && item !== null ? item : {};
      if (typeof c.move !== 'string' || !e.isLegal(c.move)) {
        e.setPosition(start);
        throw new Error(`move ${depth + 1} (${String(c.move)}) is not legal there`);
      }
      e.play(c.move);
      const move = e.history()[depth]!;
      const comment = typeof c.comment === 'string' ? c.comment : '';
      // The same move given twice (a variation that repeats the main move): one node, both lines.
      const shapes = keptShapes(c.shapes);
      let child = parent.children.find((s) => s.move === move);
      if (child) {
        if (comment && !child.comment.includes(comment))
          child.comment = child.comment ? `${child.comment} ${comment}` : comment;
        if (!child.shapes.length) child.shapes = shapes;
      } else {
        parent.children.push((child = node(move, parent, comment, shapes)));
      }
      build(child, Array.isArray(c.children) ? c.children : [], depth + 1);
      e.undo();
    }
  };
  build(root, tree, 0);
  // The line: `moves` followed through the tree as far as it goes, then its main line.
  let at = root;
  const line: MoveNode[] = [];
  for (const m of record.moves) {
    const next = at.children.find((c) => c.move === m.toLowerCase().replace('-', ''));
    if (!next) break;
    line.push((at = next));
  }
  while (at.children[0]) line.push((at = at.children[0]));
  const cursor = Math.max(0, Math.min(line.length, Math.floor(record.cursor) || 0));
  const end = record.ending;
  const endNode =
    end && Number.isInteger(end.ply) && end.ply >= 0 && end.ply <= line.length
      ? end.ply === 0
        ? root
        : line[end.ply - 1]!
      : null;
  const ending =
    endNode && end && ['1-0', '0-1', '1/2-1/2'].includes(end.result) && PLAYER_END_REASONS.includes(end.reason)
      ? { result: end.result, reason: end.reason, node: endNode }
      : null;
  return { root, line, cursor, ending };
}

/** The record of a game: its tree, the line followed, the cursor and the end the players made. */
export function gameRecord(start: string, game: BuiltGame): GameRecord {
  const save = (n: MoveNode): TreeRecord => {
    const r: TreeRecord = { move: n.move };
    if (n.comment) r.comment = n.comment;
    if (n.shapes.length) r.shapes = n.shapes.map((x) => ({ ...x }));
    if (n.children.length) r.children = n.children.map(save);
    return r;
  };
  const { root, line, ending } = game;
  const record: GameRecord = {
    startFen: start,
    moves: line.map((n) => n.move),
    cursor: game.cursor,
    tree: root.children.map(save),
  };
  if (root.comment) record.comment = root.comment;
  if (root.shapes.length) record.shapes = root.shapes.map((x) => ({ ...x }));
  const ply = ending ? line.indexOf(ending.node) + 1 : -1;
  if (ending && (ply > 0 || ending.node === root)) {
    record.ending = { result: ending.result, reason: ending.reason, ply: Math.max(0, ply) };
  }
  return record;
}

/** A record as storage gave it back (anything), with its fields of the wrong type dropped; null if it has no game. */
export function savedRecord(saved: unknown): GameRecord | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const raw: Unchecked<GameRecord> = saved;
  if (typeof raw.startFen !== 'string' || !Array.isArray(raw.moves)) return null;
  const moves = (raw.moves as unknown[]).map(String);
  const record: GameRecord = { startFen: raw.startFen, moves, cursor: Number(raw.cursor ?? moves.length) };
  // The tree, the shapes and the ending are checked where they are used (buildGame, keptShapes).
  if (Array.isArray(raw.tree)) record.tree = raw.tree as TreeRecord[];
  if (typeof raw.comment === 'string') record.comment = raw.comment;
  if (Array.isArray(raw.shapes)) record.shapes = raw.shapes as DrawnShape[];
  if (raw.ending && typeof raw.ending === 'object') record.ending = raw.ending as GameRecord['ending'];
  return record;
}

/** A line of moves as a tree with no variations. */
function linear(moves: readonly string[]): TreeRecord[] {
  let tree: TreeRecord[] = [];
  for (let i = moves.length - 1; i >= 0; i--) tree = [{ move: moves[i]!, children: tree }];
  return tree;
}
