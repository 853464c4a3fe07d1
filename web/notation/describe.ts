// The notation-neutral core shared by WXF and Chinese notation. Both say the same four things
// about a move: which piece (by its file, or by its place in a stack of like pieces on one file),
// which way it goes (forward, back, sideways) and a number (ranks moved, or the file it lands
// on). `describeMove` turns a legal ICCS move into that description, following the conventions;
// `resolveMove` does the reverse for a parsed text, checking the text against the position and
// its legal moves, so that a text which fits no move or more than one fails with the reason.
//
// Conventions (WXF's "official Xiangqi piece names and notation", AXF 1982 / WXF 1997; and the
// Chinese rules' 前/中/后 usage), with the choices this module makes where usage varies:
// - Files are counted from each player's own right (see squares.ts).
// - A straight mover (K, R, C, P) going forward or back gives the ranks moved; a diagonal mover
//   (A, B, N) always gives the file it lands on.
// - Two like pieces on one file: front / rear instead of the file (WXF `R+.3`, Chinese 前车平三).
// - Advisors and elephants are never told apart this way: their move already says which one
//   moves (d0 and d2 both reach e1, but one goes forward and one back). Only if a hand-made
//   position made the plain form fit two moves do we fall back to front/rear.
// - Pawns, three on a file: front / middle / rear (WXF `P+`, the plain `P3` for the middle one,
//   `P-`; Chinese 前兵 / 中兵 / 后兵).
// - Pawns, four or five on a file: WXF `++`, `P+`, (`P3`), `P-`, `--`; Chinese numbers them from
//   the front, 一兵 二兵 三兵 四兵 (五兵). Several published rule texts number them this way;
//   前兵 / 后兵 are still read as the foremost / rearmost one.
// - Pawns doubled on two files: the file is given in place of the piece (WXF `3+.4`, `33.4` for
//   the middle of three, `7-.6`; Chinese 前三平四, 中三平四, 后七平六), the same idea in both.
//   前兵三平四 (position, piece and file) is also read.
// - Other pieces in larger stacks, or like non-pawns doubled on two files, cannot occur with
//   the standard material and are reported as `unsupported` when writing.

import { NotationError } from './errors.ts';
import type { Color, NotationName, PieceKind, PositionView } from './types.ts';
import {
  boardFile,
  colorOf,
  forwardSign,
  joinMove,
  kindOf,
  onBoard,
  playerFile,
  splitMove,
  pointIndex,
  squareName,
  type Square,
} from './squares.ts';
import type { Direction, MoveDescription, StackPick, MoveQuery } from './move-shape.ts';

export type { Direction, Locator, MoveDescription, StackPick, MoveQuery } from './move-shape.ts';

const STRAIGHT: ReadonlySet<PieceKind> = new Set<PieceKind>(['K', 'R', 'C', 'P']);
const NEVER_STACKED: ReadonlySet<PieceKind> = new Set<PieceKind>(['A', 'B']);

export const KIND_NAMES: Readonly<Record<PieceKind, string>> = {
  K: 'king',
  A: 'advisor',
  B: 'elephant',
  N: 'horse',
  R: 'rook',
  C: 'cannon',
  P: 'pawn',
};

function pieceName(color: Color, kind: PieceKind, plural = false): string {
  return `${color} ${KIND_NAMES[kind]}${plural ? 's' : ''}`;
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];
function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

/** Squares of the side's pieces of one kind, grouped by board file, each front to back. */
function stacksOf(pos: PositionView, color: Color, kind: PieceKind): Map<number, Square[]> {
  const board = pos.board();
  const byFile = new Map<number, Square[]>();
  for (let i = 0; i < board.length; i++) {
    const p = board[i];
    if (!p || colorOf(p) !== color || kindOf(p) !== kind) continue;
    const sq = { file: i % 9, rank: Math.floor(i / 9) };
    const list = byFile.get(sq.file) ?? [];
    list.push(sq);
    byFile.set(sq.file, list);
  }
  const sign = forwardSign(color);
  for (const list of byFile.values()) list.sort((a, b) => (b.rank - a.rank) * sign);
  return byFile;
}

function tandemFiles(stacks: Map<number, Square[]>): number[] {
  return [...stacks.entries()]
    .filter(([, l]) => l.length >= 2)
    .map(([f]) => f)
    .sort((a, b) => a - b);
}

/**
 * Checks that `move` is a legal move in `pos`, explaining why not. Returns its squares.
 */
export function checkLegal(
  pos: PositionView,
  move: string,
  notation: NotationName,
  legal: readonly string[] = pos.legalMoves(),
): { from: Square; to: Square } {
  const squares = splitMove(move);
  if (!squares) throw new NotationError(notation, move, 'syntax', 'not an ICCS move such as h2e2');
  if (legal.includes(move.toLowerCase())) return squares;
  const piece = pos.board()[pointIndex(squares.from)];
  const turn = pos.turn();
  if (!piece) {
    throw new NotationError(notation, move, 'no-piece', `there is no piece on ${squareName(squares.from)}`);
  }
  if (colorOf(piece) !== turn) {
    throw new NotationError(
      notation,
      move,
      'illegal',
      `the piece on ${squareName(squares.from)} is ${colorOf(piece)}'s, but ${turn} is to move`,
    );
  }
  throw new NotationError(
    notation,
    move,
    'illegal',
    `the ${pieceName(turn, kindOf(piece))} on ${squareName(squares.from)} cannot move to ` +
      `${squareName(squares.to)} in this position`,
  );
}

/** Describes a legal move the way WXF and Chinese notation do (see the conventions above). */
export function describeMove(pos: PositionView, iccs: string, notation: NotationName): MoveDescription {
  const move = iccs.toLowerCase();
  const legal = pos.legalMoves();
  const { from, to } = checkLegal(pos, move, notation, legal);
  const piece = pos.board()[pointIndex(from)]!;
  const color = colorOf(piece);
  const kind = kindOf(piece);
  const dr = (to.rank - from.rank) * forwardSign(color);
  const direction: Direction = dr === 0 ? '.' : dr > 0 ? '+' : '-';
  const target = direction !== '.' && STRAIGHT.has(kind) ? Math.abs(dr) : playerFile(color, to.file);
  const fromFile = playerFile(color, from.file);
  const base = { color, kind, direction, target, fromFile };

  const stacks = stacksOf(pos, color, kind);
  const stack = stacks.get(from.file)!;
  const index = stack.findIndex((s) => s.rank === from.rank);
  const fileForm: MoveDescription = { ...base, locator: { type: 'file', file: fromFile } };
  if (stack.length === 1) return fileForm;

  if (NEVER_STACKED.has(kind)) {
    // The plain form is the convention; it only fails in hand-made positions.
    if (fitsOnly(pos, legal, fileForm, move)) return fileForm;
    if (stack.length === 2 && tandemFiles(stacks).length === 1) {
      return { ...base, locator: { type: 'stack', index, count: 2 } };
    }
    throw unsupported(notation, move, `${countWord(stack.length)} ${pieceName(color, kind, true)} on one file`);
  }

  const doubled = tandemFiles(stacks);
  if (kind !== 'P') {
    if (stack.length === 2 && doubled.length === 1) return { ...base, locator: { type: 'stack', index, count: 2 } };
    throw unsupported(
      notation,
      move,
      stack.length > 2
        ? `${countWord(stack.length)} ${pieceName(color, kind, true)} on one file`
        : `${pieceName(color, kind, true)} doubled on two files`,
    );
  }
  if (stack.length > 5) throw unsupported(notation, move, `more than five ${pieceName(color, kind, true)} on one file`);
  if (doubled.length === 1) return { ...base, locator: { type: 'stack', index, count: stack.length } };
  if (stack.length > 3) {
    throw unsupported(
      notation,
      move,
      `four or more ${pieceName(color, kind, true)} on a file while another file is doubled`,
    );
  }
  return { ...base, locator: { type: 'stack', index, count: stack.length, file: fromFile } };
}

function unsupported(notation: NotationName, move: string, what: string): NotationError {
  return new NotationError(
    notation,
    move,
    'unsupported',
    `the notation has no form for ${what} (not possible with the standard pieces)`,
  );
}

/** Whether the plain file form of `d` reads back as exactly `move` among the legal moves. */
function fitsOnly(pos: PositionView, legal: readonly string[], d: MoveDescription, move: string): boolean {
  const q: MoveQuery = {
    kind: d.kind,
    pick: { type: 'file', file: d.fromFile },
    direction: d.direction,
    target: d.target,
  };
  const found = candidatesFor(pos, d.color, q);
  if (typeof found === 'string') return false;
  const moves = found
    .flatMap((from) => {
      const to = destination(from, d.color, d.kind, d.direction, d.target);
      return typeof to === 'string' ? [] : [joinMove(from, to)];
    })
    .filter((m) => legal.includes(m));
  return moves.length === 1 && moves[0] === move;
}

/** Which piece a stack pick means among `count` like pieces (0 = front), or why none. */
function stackIndex(which: StackPick, count: number, what: string): number | string {
  switch (which.type) {
    case 'front':
      return 0;
    case 'rear':
      return count - 1;
    case 'middle':
      return count % 2 === 1 ? (count - 1) / 2 : `there is no middle one of ${countWord(count)} ${what}`;
    case 'nth':
      return which.n <= count ? which.n - 1 : `there are only ${countWord(count)} ${what} on the file`;
    case 'wxf':
      if (which.sign === '++' || which.sign === '--') {
        if (count < 4) {
          return `'${which.sign}' is for four or five ${what} on a file; with ${countWord(count)} write '${which.sign[0]}'`;
        }
        return which.sign === '++' ? 0 : count - 1;
      }
      if (count <= 3) return which.sign === '+' ? 0 : count - 1;
      return which.sign === '+' ? 1 : count - 2;
  }
}

/** The pieces a query's locator can mean, or the reason it means none / too many. */
function candidatesFor(pos: PositionView, color: Color, q: MoveQuery): Square[] | string {
  const stacks = stacksOf(pos, color, q.kind);
  const plural = pieceName(color, q.kind, true);
  if (q.pick.type === 'file') {
    const stack = stacks.get(boardFile(color, q.pick.file)) ?? [];
    if (stack.length === 0) return `no ${pieceName(color, q.kind)} stands on file ${q.pick.file}`;
    if (stack.length === 1 || NEVER_STACKED.has(q.kind)) return stack;
    if (q.pick.middle && q.kind === 'P' && stack.length % 2 === 1) return [stack[(stack.length - 1) / 2]!];
    return (
      `ambiguous: ${countWord(stack.length)} ${plural} stand on file ${q.pick.file}; ` +
      `say which one (${stack.length === 2 ? 'front or rear' : 'by its place from the front'})`
    );
  }
  let file: number;
  if (q.pick.file !== undefined) {
    file = boardFile(color, q.pick.file);
    if ((stacks.get(file)?.length ?? 0) < 2) return `there are not two ${plural} on file ${q.pick.file}`;
  } else {
    const doubled = tandemFiles(stacks);
    if (doubled.length === 0) return `no two ${plural} share a file, so front/rear does not apply`;
    if (doubled.length > 1) {
      return `ambiguous: ${plural} are doubled on files ${doubled
        .map((f) => playerFile(color, f))
        .sort()
        .join(' and ')}; say which file`;
    }
    file = doubled[0]!;
  }
  const stack = stacks.get(file)!;
  const i = stackIndex(q.pick.which, stack.length, plural);
  if (typeof i === 'string') return i;
  return [stack[i]!];
}

/** Where a piece ends up for a direction and number, or why that makes no sense. */
function destination(from: Square, color: Color, kind: PieceKind, dir: Direction, target: number): Square | string {
  const fwd = forwardSign(color);
  const name = KIND_NAMES[kind];
  const a = /^[aeiou]/.test(name) ? 'an' : 'a';
  if (STRAIGHT.has(kind)) {
    if (dir === '.') {
      const file = boardFile(color, target);
      if (file === from.file) return `${a} ${name} moving sideways must leave its file ${target}`;
      return { file, rank: from.rank };
    }
    const rank = from.rank + (dir === '+' ? target : -target) * fwd;
    if (!onBoard(from.file, rank))
      return `${a} ${name} on ${squareName(from)} cannot move ${target} rank${target === 1 ? '' : 's'} ${dir === '+' ? 'forward' : 'back'}`;
    return { file: from.file, rank };
  }
  if (dir === '.') return `${a} ${name} cannot move sideways`;
  const file = boardFile(color, target);
  const df = Math.abs(file - from.file);
  let dr: number;
  if (kind === 'A' && df === 1) dr = 1;
  else if (kind === 'B' && df === 2) dr = 2;
  else if (kind === 'N' && (df === 1 || df === 2)) dr = 3 - df;
  else return `${a} ${name} on file ${playerFile(color, from.file)} cannot reach file ${target}`;
  const rank = from.rank + (dir === '+' ? dr : -dr) * fwd;
  if (!onBoard(file, rank))
    return `${a} ${name} on ${squareName(from)} cannot move ${dir === '+' ? 'forward' : 'back'} to file ${target}`;
  return { file, rank };
}

/** Finds the one legal move a parsed text describes, or throws saying why there is none. */
export function resolveMove(pos: PositionView, q: MoveQuery, notation: NotationName, input: string): string {
  const color = pos.turn();
  const found = candidatesFor(pos, color, q);
  if (typeof found === 'string') {
    throw new NotationError(notation, input, found.startsWith('ambiguous') ? 'ambiguous' : 'no-piece', found);
  }
  const legal = pos.legalMoves();
  const moves: string[] = [];
  const reasons: string[] = [];
  for (const from of found) {
    const to = destination(from, color, q.kind, q.direction, q.target);
    if (typeof to === 'string') {
      reasons.push(to);
      continue;
    }
    const move = joinMove(from, to);
    if (legal.includes(move)) moves.push(move);
    else
      reasons.push(
        `${move} (the ${pieceName(color, q.kind)} on ${squareName(from)} to ${squareName(to)}) is not a legal move here`,
      );
  }
  if (moves.length === 1) return moves[0]!;
  if (moves.length > 1) {
    throw new NotationError(notation, input, 'ambiguous', `ambiguous: fits ${moves.join(' and ')}`);
  }
  throw new NotationError(notation, input, 'illegal', reasons.join('; '));
}
