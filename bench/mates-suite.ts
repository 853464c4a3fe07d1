// The mate suite (bench/mates.txt, made by `npm run mates:mine`, bench/mates-mine.ts; measured by
// `npm run bench:mates`, bench/mates.ts): one forced mate a line, `#` lines are comments:
//
//   <FEN>;<N>;<first moves>;<quiet|forcing>;<source>
//   3k5/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 1;2;e1e8 e1d1;forcing;2026-12-02-17-33-20-uci#12@97
//
// N is the length of the shortest forced mate in moves of the side to move, as UCI's `score mate N`
// counts them (stalemate loses in Xiangqi, so a stalemating move mates too); the first moves are
// every move that mates in exactly N, in ICCS; quiet when none of them captures or gives check (the
// mate is to be found by a quiet move), else forcing; the source names the game of
// bench/matches/ the position comes from (`<record>#<game in the file>@<ply about to be played>`).
import { inCheck } from '../web/notation/rule-moves.ts';
import { FenError, RuleBoard } from '../web/notation/index.ts';
import { parseIccs } from '../web/engine/squares.ts';

export const MATE_KINDS = ['quiet', 'forcing'] as const;
export type MateKind = (typeof MATE_KINDS)[number];
export const MAX_MATE = 7;

export interface Mate {
  fen: string;
  /** Moves of the side to move until mate, UCI's count. */
  n: number;
  /** Every first move that mates in exactly n, ICCS, in the file's order. */
  moves: string[];
  kind: MateKind;
  source: string;
  /** The line of the file it was read from (1 for a line read alone). */
  line: number;
}

/** A line of the suite that is not a mate as the format wants it: where, and what is wrong. */
export class MateSuiteError extends Error {
  override name = 'MateSuiteError';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`mate suite, line ${line}: ${reason}`);
  }
}

/** What a move is, for the quiet/forcing split: a capture, a check (not capturing), or quiet. */
export function moveKind(fen: string, move: string): 'capture' | 'check' | 'quiet' {
  const board = new RuleBoard(fen);
  const { to } = parseIccs(move)!;
  if (board.board()[to]) return 'capture';
  board.play(move);
  return inCheck(board.board(), board.turn()) ? 'check' : 'quiet';
}

/** Quiet when no first move captures or checks: the mate starts with a move that forces nothing. */
export function kindOf(fen: string, moves: readonly string[]): MateKind {
  return moves.every((m) => moveKind(fen, m) === 'quiet') ? 'quiet' : 'forcing';
}

/** One line of the suite, or a MateSuiteError naming the line. The moves are checked legal. */
export function parseMate(text: string, line = 1): Mate {
  const fail = (why: string): never => {
    throw new MateSuiteError(line, `${why}: "${text.slice(0, 120)}"`);
  };
  const fields = text.trim().split(';');
  if (fields.length !== 5) fail(`wants 5 fields separated by ";", has ${fields.length}`);
  const [fen, nText, moveText, kind, source] = fields.map((f) => f.trim()) as [string, string, string, string, string];
  let board: RuleBoard;
  try {
    board = new RuleBoard(fen);
  } catch (error) {
    if (!(error instanceof FenError)) throw error;
    return fail(`the FEN is refused (${error.message})`);
  }
  const n = Number(nText);
  if (!/^\d+$/.test(nText) || n < 1 || n > MAX_MATE)
    fail(`N wants a whole number from 1 to ${MAX_MATE}, not "${nText}"`);
  const moves = moveText.split(/\s+/).filter(Boolean);
  if (moves.length === 0) fail('no first move is listed');
  if (new Set(moves).size !== moves.length) fail('a first move is listed twice');
  const illegal = moves.find((m) => !board.isLegal(m));
  if (illegal !== undefined) fail(`the first move "${illegal}" is not legal in the position`);
  if (!(MATE_KINDS as readonly string[]).includes(kind)) fail(`the kind wants quiet or forcing, not "${kind}"`);
  if (source === '') fail('the source is empty');
  return { fen, n, moves, kind: kind as MateKind, source, line };
}

/** Every mate of the suite's text (comments and blank lines skipped), each position once. */
export function parseMates(text: string): Mate[] {
  const mates: Mate[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((row, i) => {
    if (row.trim() === '' || row.startsWith('#')) return;
    const mate = parseMate(row, i + 1);
    const key = mate.fen.split(' ').slice(0, 2).join(' ');
    const first = seen.get(key);
    if (first !== undefined) throw new MateSuiteError(i + 1, `the position of line ${first} again`);
    seen.set(key, i + 1);
    mates.push(mate);
  });
  return mates;
}

/** A mate as its line in the suite. */
export function formatMate(m: Omit<Mate, 'line'>): string {
  return [m.fen, m.n, m.moves.join(' '), m.kind, m.source].join(';');
}
