// One random game played on several engines at once (the wasm and JS builds), checked at every ply:
// the builds agree on FEN, legal moves (in order) and status; the legal moves and check flag agree
// with the independent reference rules; play then undo restores everything; the FEN's placement
// matches a board the soak moves itself; and the end of the game (who wins, and why) is worked out
// here from the positions seen, the captures and the checks given, never read from status().
// Throws a SoakError describing the first disagreement. Free of vitest so bench/soak.ts can use it.
import type { Engine, GameEndReason, GameResult, GameStatus } from '../../web/engine/types.ts';
import type { Random } from '../../lib/random.ts';
import {
  applyMove,
  boardFromFen,
  chasedSquares,
  inCheck,
  insufficientMaterial,
  isRed,
  legalMoves as referenceMoves,
  squareOf,
  type Board,
} from './reference-rules.ts';
import { START_FEN } from '../../web/engine/start-fen.ts';

export { START_FEN };
const MOVE_LIMIT = 120;
/** Far beyond any real game (32 captures x 120 quiet plies); reaching it means the rules never ended one. */
const PLY_CAP = 4000;

export interface SoakOptions {
  /** Chance per ply of checking the legal-move list against the reference rules (the game end always is). */
  referenceRate: number;
  /** Chance per ply of the play/undo round trip on every engine. */
  undoRate: number;
  start?: string;
  /** Chance per ply of preferring a move after which the mover chases a piece it did not chase
   *  before (by the reference rules), so that perpetual chases come up; 0 when absent. */
  chase?: number;
}

export interface SoakGame {
  seed: number;
  plies: number;
  result: GameResult;
  reason: GameEndReason;
  referenceChecks: number;
}

export class SoakError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(`${message}\n${JSON.stringify(details, null, 1)}`);
    this.name = 'SoakError';
  }
}

interface Expected {
  result: GameResult;
  reason: GameEndReason;
}

/**
 * The end of the game by the rules, from what the soak saw:
 * 1. no legal move: the side to move loses (checkmate when in check, else stalemate);
 * 2. only kings, advisors and elephants left: a draw (`insufficient`);
 * 3. the third occurrence of a position (placement and side to move): a side that gave check with
 *    every one of its moves since the first occurrence loses, unless the other side did too (draw);
 *    any other check in that stretch draws; otherwise a side that chased one and the same piece
 *    anew with every one of its moves (`chases`, asked only then) loses, unless both did (draw);
 *    otherwise a draw by repetition;
 * 4. 120 plies without a capture: a draw.
 * The order is docs/rules.md's: mate on the 120th ply is still mate, and a repetition decides first.
 * `seen` lists the plies at which the current position stood, the current ply last.
 */
export function expectedEnd(
  legalCount: number,
  checked: boolean,
  redToMove: boolean,
  seen: readonly number[],
  gaveCheck: readonly boolean[],
  quietPlies: number,
  chases: (first: number) => { mover: boolean; other: boolean } = () => ({ mover: false, other: false }),
  insufficient = false,
): Expected | null {
  const mover: GameResult = redToMove ? '0-1' : '1-0'; // the side to move losing
  const other: GameResult = redToMove ? '1-0' : '0-1';
  if (legalCount === 0) return { result: mover, reason: checked ? 'checkmate' : 'stalemate' };
  if (insufficient) return { result: '1/2-1/2', reason: 'insufficient-material' };
  const now = gaveCheck.length;
  if (seen.length >= 3) {
    const first = seen[seen.length - 3]!;
    // Move j leads from position j to j + 1; the side to move now made the moves j with now - j even.
    let moverAlways = true;
    let otherAlways = true;
    let anyCheck = false;
    for (let j = first; j < now; j++) {
      if (gaveCheck[j]) {
        anyCheck = true;
        continue;
      }
      if ((now - j) % 2 === 0) moverAlways = false;
      else otherAlways = false;
    }
    if (moverAlways && !otherAlways) return { result: mover, reason: 'perpetual-check' };
    if (otherAlways && !moverAlways) return { result: other, reason: 'perpetual-check' };
    if (!anyCheck) {
      const chased = chases(first);
      if (chased.mover && !chased.other) return { result: mover, reason: 'perpetual-chase' };
      if (chased.other && !chased.mover) return { result: other, reason: 'perpetual-chase' };
    }
    return { result: '1/2-1/2', reason: 'repetition' };
  }
  if (quietPlies >= MOVE_LIMIT) return { result: '1/2-1/2', reason: 'move-limit' };
  return null;
}

/**
 * Who chased over the plies `first` to `boards.length - 1` (`boards[j]` stands before move j):
 * each side's pieces newly chased after each of its moves (chasedSquares after minus before, by
 * piece identity: a piece is named by the square it stood on at `first`), intersected over all of
 * that side's moves. `mover` is the side to move at the end.
 */
export function chasesInCycle(
  boards: readonly Board[],
  moves: readonly (readonly [number, number])[],
  first: number,
): { mover: boolean; other: boolean } {
  const now = moves.length;
  const idAt = new Map<number, number>();
  boards[first]!.forEach((piece, sq) => piece && idAt.set(sq, sq));
  let mover: Set<number> | null = null;
  let other: Set<number> | null = null;
  for (let j = first; j < now; j++) {
    const [from, to] = moves[j]!;
    const red = isRed(boards[j]![from]!);
    const before = new Set(chasedSquares(boards[j]!, red).map((sq) => idAt.get(sq)!));
    idAt.set(to, idAt.get(from)!);
    idAt.delete(from);
    const fresh = chasedSquares(boards[j + 1]!, red)
      .map((sq) => idAt.get(sq)!)
      .filter((id) => !before.has(id));
    const byMover = (now - j) % 2 === 0;
    const kept: Set<number> | null = byMover ? mover : other;
    const next: Set<number> = new Set(kept === null ? fresh : fresh.filter((id) => kept.has(id)));
    if (byMover) mover = next;
    else other = next;
  }
  return { mover: (mover?.size ?? 0) > 0, other: (other?.size ?? 0) > 0 };
}

/** Element by element: JSON.stringify of long lists at every ply was most of the soak's time. */
function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const sameStatus = (a: GameStatus, b: GameStatus): boolean =>
  a.turn === b.turn && a.inCheck === b.inCheck && a.over === b.over && a.result === b.result && a.reason === b.reason;

function statusMatches(status: GameStatus, expected: Expected | null): boolean {
  if (!expected) return !status.over && status.result === undefined && status.reason === undefined;
  return status.over && status.result === expected.result && status.reason === expected.reason;
}

/** How a game picks its moves: chances of taking back its own last move, and of giving check. */
interface Style {
  shuffle: number;
  check: number;
  chase: number;
}

/**
 * Uniformly random games mostly end in mate or by the move limit; shuffles (a side undoing its own
 * last move) make repetitions, and a taste for checks makes perpetual-check cycles. Each game gets
 * its own mix so every ending comes up.
 */
function pickStyle(random: Random): Style {
  return { shuffle: random.pick([0, 0, 0.05, 0.3, 0.6]), check: random.pick([0, 0.2, 0.6, 0.9]), chase: 0 };
}

/** Whether `move` on `board` makes its side chase a piece it did not chase before. */
function startsChase(board: Board, move: string): boolean {
  const from = squareOf(move.slice(0, 2));
  const red = isRed(board[from]!);
  const before = new Set(chasedSquares(board, red));
  const to = squareOf(move.slice(2));
  return chasedSquares(applyMove(board, from, to), red).some((sq) => sq !== to && !before.has(sq));
}

function chooseMove(
  random: Random,
  style: Style,
  engine: Engine,
  moves: readonly string[],
  history: readonly string[],
  board: Board,
): string {
  const last = history[history.length - 2];
  if (style.chase > 0 && random.chance(style.chase)) {
    // Taking back one's own last move if that chases anew (the shape of a perpetual chase), else
    // any of a dozen random moves that does.
    const back = last ? last.slice(2) + last.slice(0, 2) : '';
    if (moves.includes(back) && startsChase(board, back)) return back;
    for (let tries = 0; tries < 12; tries++) {
      const candidate = random.pick(moves);
      if (startsChase(board, candidate)) return candidate;
    }
  }
  if (last && random.chance(style.shuffle)) {
    const back = last.slice(2) + last.slice(0, 2);
    if (moves.includes(back)) return back;
  }
  if (random.chance(style.check)) {
    // Only a preference, so the engine's own check flag is fine here (checks are verified later);
    // a dozen random tries find a checking move when there is one often enough, at a fraction of
    // the cost of trying them all.
    for (let tries = 0; tries < 12; tries++) {
      const candidate = random.pick(moves);
      engine.play(candidate);
      const check = engine.inCheck();
      engine.undo();
      if (check) return candidate;
    }
  }
  return random.pick(moves);
}

export function playSoakGame(engines: readonly Engine[], random: Random, options: SoakOptions): SoakGame {
  const [lead, ...rest] = engines;
  if (!lead) throw new Error('no engine');
  const start = options.start ?? START_FEN;
  for (const engine of engines) engine.setPosition(start);
  const seed = random.seed;
  const fens = [lead.fen()];
  /** Plies at which each position (placement and side to move, from the soak's own board) stood. */
  const occurrences = new Map<string, number[]>();
  const keyOf = (b: readonly (string | null)[], redToMove: boolean) =>
    b.map((c) => c ?? '.').join('') + (redToMove ? 'w' : 'b');
  const gaveCheck: boolean[] = [];
  const history: string[] = [];
  let board = boardFromFen(start);
  /** The board before each move, then the current one; the moves as squares: for the chase rules. */
  const boards: Board[] = [board];
  const moveSquares: [number, number][] = [];
  let red = lead.turn() === 'red';
  let seen = [0];
  occurrences.set(keyOf(board, red), seen);
  let quiet = Number(fens[0]!.split(' ')[4] ?? 0);
  let referenceChecks = 0;
  const style = pickStyle(random);
  if (options.chase) {
    style.chase = options.chase;
    style.shuffle = Math.max(style.shuffle, 0.3);
  }
  const fail = (message: string, extra: Record<string, unknown> = {}): never => {
    throw new SoakError(message, { seed, start, moves: history.join(' '), fen: fens[fens.length - 1], ...extra });
  };

  for (let ply = 0; ; ply++) {
    if (ply > PLY_CAP) fail(`the game did not end within ${PLY_CAP} plies`);
    const fen = lead.fen();
    const moves = lead.legalMoves();
    const status = lead.status();
    const check = lead.inCheck();
    for (const [i, engine] of rest.entries()) {
      const other = { fen: engine.fen(), moves: engine.legalMoves(), status: engine.status(), check: engine.inCheck() };
      if (
        other.fen !== fen ||
        !sameList(other.moves, moves) ||
        !sameStatus(other.status, status) ||
        other.check !== check
      )
        fail(`build ${engine.backend} (#${i + 1}) disagrees`, { lead: { fen, moves, status, check }, other });
    }
    if (ply > 0) fens.push(fen); // the FEN after each move, for the unwinding at the end
    if ((fen.split(' ')[1] === 'w') !== red) fail('wrong side to move');
    const referenceCheck = inCheck(board, red);
    if (check !== referenceCheck) fail(`inCheck() is ${check}, the reference rules say ${referenceCheck}`);
    const end = expectedEnd(
      moves.length,
      referenceCheck,
      red,
      seen,
      gaveCheck,
      quiet,
      (first) => chasesInCycle(boards, moveSquares, first),
      insufficientMaterial(board),
    );
    if (end || moves.length === 0 || random.chance(options.referenceRate)) {
      // The soak's own board drives the reference rules: it must be the engine's placement.
      if (!sameList(boardFromFen(fen), board)) fail('the FEN placement is not the board the moves produce', { board });
      referenceChecks++;
      const expected = referenceMoves(board, red);
      if (!sameList([...moves].sort(), expected)) {
        fail('legal moves differ from the reference rules', {
          missing: expected.filter((m) => !moves.includes(m)),
          extra: moves.filter((m) => !expected.includes(m)),
        });
      }
    }
    if (!statusMatches(status, end)) fail('status() is not the end the rules give', { status, expected: end, quiet });
    if (end) {
      unwind(lead, fens, history, fail);
      return { seed, plies: ply, result: end.result, reason: end.reason, referenceChecks };
    }

    if (random.chance(options.undoRate)) {
      const probe = random.pick(moves);
      for (const engine of engines) {
        engine.play(probe);
        const undone = engine.undo();
        // The whole history is compared once, when the game is unwound; here its length and end.
        const after = {
          fen: engine.fen(),
          moves: engine.legalMoves(),
          status: engine.status(),
          history: engine.history(),
        };
        if (
          undone !== probe ||
          after.fen !== fen ||
          !sameList(after.moves, moves) ||
          !sameStatus(after.status, status) ||
          after.history.length !== history.length ||
          after.history.at(-1) !== history.at(-1)
        ) {
          fail(`play ${probe} then undo did not restore the position on ${engine.backend}`, { undone, after });
        }
      }
    }

    const move = chooseMove(random, style, lead, moves, history, board);
    const from = squareOf(move.slice(0, 2));
    const to = squareOf(move.slice(2));
    const moving = board[from];
    if (!moving || isRed(moving) !== red)
      fail(`the engine offered ${move}, which does not move a piece of the side to move`);
    const captured = board[to] !== null;
    for (const engine of engines) engine.play(move);
    board = applyMove(board, from, to);
    boards.push(board);
    moveSquares.push([from, to]);
    history.push(move);
    red = !red;
    quiet = captured ? 0 : quiet + 1;
    gaveCheck.push(inCheck(board, red));
    const key = keyOf(board, red);
    seen = occurrences.get(key) ?? [];
    seen.push(history.length);
    occurrences.set(key, seen);
  }
}

/** Takes the whole game back: every FEN on the way must be the one recorded on the way out. */
function unwind(
  engine: Engine,
  fens: readonly string[],
  history: readonly string[],
  fail: (m: string, x?: Record<string, unknown>) => never,
): void {
  if (!sameList(engine.history(), history)) fail('history() is not the moves played', { history: engine.history() });
  for (let i = history.length - 1; i >= 0; i--) {
    const undone = engine.undo();
    if (undone !== history[i] || engine.fen() !== fens[i])
      fail(`undo ${i + 1} did not restore`, { undone, fen: engine.fen(), expected: fens[i] });
  }
  if (engine.undo() !== null) fail('undo past the start returned a move');
}
