// The engine decides most moves legal without playing them (assembly/movegen.ts, prepareLegality):
// only king moves, moves in check and moves that leave or take a point where a pin, a cannon's
// screen or a horse's leg is at stake are played out. Random placements crowded onto the kings'
// files, ranks and horse points put those cases together far more often than games do; the legal
// moves, the check flag and perft(2) must match the independent reference rules in every one.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../web/engine/index.ts';
import {
  boardFromFen,
  inCheck,
  isRed,
  legalMoves,
  positionProblems,
  reach,
  squareName,
  squareOf,
  applyMove,
  type Board,
  type Cell,
} from '../../bench/lib/reference-rules.ts';
import { engineFor, Random, sorted, type BuildName } from './helpers.ts';
import { writeFen } from '../../web/notation/rule-fen.ts';
import type { PieceLetter } from '../../web/engine/types.ts';

const PALACE = ['d0', 'e0', 'f0', 'd1', 'e1', 'f1', 'd2', 'e2', 'f2'];
const ADVISOR = ['d0', 'f0', 'e1', 'd2', 'f2'];
const ELEPHANT = ['c0', 'g0', 'a2', 'e2', 'i2', 'c4', 'g4'];
const mirror = (name: string): string => name[0] + String(9 - Number(name[1]));

/** The FEN of a reference board (its cells hold FEN letters). */
const fenOf = (board: Board, red: boolean): string =>
  writeFen(board as (PieceLetter | null)[], red ? 'red' : 'black', 0, 1);

/** Points on a king's file or rank, or a horse's move or a leg away from it: where pins happen. */
function nearKing(king: number): number[] {
  const rank = Math.floor(king / 9);
  const file = king % 9;
  const out: number[] = [];
  for (let sq = 0; sq < 90; sq++) {
    const r = Math.floor(sq / 9);
    const f = sq % 9;
    const dr = Math.abs(r - rank);
    const df = Math.abs(f - file);
    if (r === rank || f === file || (dr === 1 && df === 1) || dr + df === 3) out.push(sq);
  }
  return out;
}

/** A random position that could stand in a game, or null when the draw made one that cannot. */
function randomPosition(random: Random): { board: Board; red: boolean } | null {
  const board = new Array<Cell>(90).fill(null);
  const place = (piece: string, points: number[]): void => {
    const free = points.filter((sq) => board[sq] === null);
    if (free.length) board[random.pick(free)] = piece;
  };
  const redKing = squareOf(random.pick(PALACE));
  const blackKing = squareOf(mirror(random.pick(PALACE)));
  board[redKing] = 'K';
  board[blackKing] = 'k';
  const hot = [...new Set([...nearKing(redKing), ...nearKing(blackKing)])];
  const all = Array.from({ length: 90 }, (_, i) => i);
  for (const red of [true, false]) {
    const own = (names: string[]) => names.map((n) => squareOf(red ? n : mirror(n)));
    const letter = (kind: string) => (red ? kind : kind.toLowerCase());
    for (let i = random.below(3); i > 0; i--) place(letter('A'), own(ADVISOR));
    for (let i = random.below(3); i > 0; i--) place(letter('B'), own(ELEPHANT));
    for (const kind of ['R', 'C', 'N']) {
      for (let i = random.below(3); i > 0; i--) place(letter(kind), random.chance(0.85) ? hot : all);
    }
    const pawnPoints = all.filter((sq) => {
      const rank = Math.floor(sq / 9);
      const own = red ? rank : 9 - rank;
      return own >= 5 || (own >= 3 && (sq % 9) % 2 === 0);
    });
    for (let i = random.below(6); i > 0; i--) place(letter('P'), pawnPoints);
  }
  const red = random.chance(0.5);
  return positionProblems(board, red).length === 0 ? { board, red } : null;
}

function referencePerft2(board: Board, red: boolean): number {
  let leaves = 0;
  for (const move of legalMoves(board, red)) {
    const after = applyMove(board, squareOf(move.slice(0, 2)), squareOf(move.slice(2, 4)));
    leaves += legalMoves(after, !red).length;
  }
  return leaves;
}

const positions: { fen: string; moves: string[]; checked: boolean; perft2: number }[] = [];
const random = new Random(31_031);
// Plain positions are kept now and then; those with a check or an exposing move always.
while (positions.length < 400) {
  const p = randomPosition(random);
  if (!p) continue;
  const fen = fenOf(p.board, p.red);
  const checked = inCheck(p.board, p.red);
  if (!(checked ? random.chance(0.3) : exposes(fen) || random.chance(0.1))) continue;
  positions.push({
    fen,
    moves: legalMoves(p.board, p.red),
    checked,
    perft2: referencePerft2(p.board, p.red),
  });
}

it('the random placements cover checks and moves that would expose the king', () => {
  expect(positions.filter((p) => p.checked).length).toBeGreaterThan(100);
  expect(positions.filter((p) => !p.checked && exposes(p.fen)).length).toBeGreaterThan(120);
});

/** Has the side to move, not in check, a move of a piece other than its king that is illegal? */
function exposes(fen: string): boolean {
  const board = boardFromFen(fen);
  const red = fen.split(' ')[1] === 'w';
  const legal = new Set(legalMoves(board, red));
  return board.some((piece, from) => {
    if (!piece || isRed(piece) !== red || piece.toUpperCase() === 'K') return false;
    return reach(board, from).some((to) => {
      const target = board[to];
      return !(target && isRed(target) === red) && !legal.has(squareName(from) + squareName(to));
    });
  });
}

const builds: BuildName[] = ['wasm', 'js', 'debug'];
describe.each(builds)('legality on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });
  const count = build === 'debug' ? 100 : positions.length;

  it(`matches the reference rules in ${count} crowded random placements`, () => {
    for (const p of positions.slice(0, count)) {
      engine.setPosition(p.fen);
      expect(sorted(engine.legalMoves()), p.fen).toEqual(p.moves);
      expect(engine.inCheck(), p.fen).toBe(p.checked);
      expect(engine.perft(1), p.fen).toBe(p.moves.length);
      expect(engine.perft(2), p.fen).toBe(p.perft2);
    }
  });
});
