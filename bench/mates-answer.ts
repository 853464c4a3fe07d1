// What a UCI engine answered to a `go` on a mate of the suite, and whether that finds the mate: its
// best move is one of the shortest first moves and its last score is `mate N` with the suite's N. Used
// by the miner (Fairy-Stockfish's answers) and by `npm run bench:mates` (any engine's).
import { RuleBoard } from '../web/notation/index.ts';
import { positionKey } from './mates-candidates.ts';
import type { Mate } from './mates-suite.ts';

export interface Answer {
  /** The best move in ICCS, or null for `bestmove (none)`. */
  best: string | null;
  /** The last exact score: moves to mate for the side to move (negative: mated), or null for centipawns. */
  mate: number | null;
  cp: number | null;
  /** The depth of the last exact score. */
  depth: number;
  /** The nodes searched when that score was first reported. */
  nodes: number;
  /** The principal variation of the last exact score, ICCS. */
  pv: string[];
}

/**
 * The answer in a search's output lines (`info ... score ...` lines, ending with `bestmove`); `toIccs`
 * turns the engine's moves into ICCS (Fairy-Stockfish counts ranks from 1). Bound scores are skipped.
 */
export function readAnswer(lines: readonly string[], toIccs: (move: string) => string = (m) => m): Answer {
  const answer: Answer = { best: null, mate: null, cp: null, depth: 0, nodes: 0, pv: [] };
  let score = '';
  for (const line of lines) {
    if (!line.startsWith('info ') || / (lower|upper)bound/.test(line)) continue;
    const m = / score (cp|mate) (-?\d+)/.exec(line);
    if (!m) continue;
    answer.mate = m[1] === 'mate' ? Number(m[2]) : null;
    answer.cp = m[1] === 'cp' ? Number(m[2]) : null;
    answer.depth = Number(/ depth (\d+)/.exec(line)?.[1] ?? 0);
    if (m[0] !== score) answer.nodes = Number(/ nodes (\d+)/.exec(line)?.[1] ?? 0);
    answer.pv = (/ pv (.*)$/.exec(line)?.[1] ?? '').split(/\s+/).filter(Boolean).map(toIccs);
    score = m[0];
  }
  const best = /^bestmove (\S+)/.exec(lines[lines.length - 1] ?? '')?.[1];
  answer.best = best && best !== '(none)' ? toIccs(best) : null;
  return answer;
}

export const OUTCOMES = ['found', 'by rule', 'longer', 'no mate', 'other move', 'unlisted', 'shorter'] as const;
/**
 * found: a listed move and `mate N`; by rule: a listed move and a mate score shorter than N whose line
 * repeats a position (the engine scores the defender's forced perpetual check as a loss at its first
 * repetition, as the rules end it, instead of playing on to the mate); longer: a mate, but longer than
 * N; no mate: a listed move without a mate score; other move: neither a listed move nor a mate score;
 * unlisted: `mate N` with a move the suite does not list; shorter: a mate shorter than N, its line no
 * repetition. The last two contradict the suite (or are the engine's mistakes): Fairy-Stockfish should
 * look again (`npm run mates:mine -- --recheck FEN`).
 */
export type Outcome = (typeof OUTCOMES)[number];

/** Whether a line from the position repeats a position (the line is cut where a move is not legal). */
export function repeatsPosition(fen: string, line: readonly string[]): boolean {
  const board = new RuleBoard(fen);
  const key = () => positionKey(board.fen());
  const seen = new Set([key()]);
  for (const move of line) {
    if (!board.isLegal(move)) return false;
    board.play(move);
    if (seen.has(key())) return true;
    seen.add(key());
  }
  return false;
}

/** How the answer measures against the mate. */
export function judge(mate: Pick<Mate, 'fen' | 'n' | 'moves'>, answer: Answer): Outcome {
  const listed = answer.best !== null && mate.moves.includes(answer.best);
  if (answer.mate === null || answer.mate <= 0) return listed ? 'no mate' : 'other move';
  if (answer.mate < mate.n) return listed && repeatsPosition(mate.fen, answer.pv) ? 'by rule' : 'shorter';
  if (answer.mate > mate.n) return 'longer';
  return listed ? 'found' : 'unlisted';
}

/** The answer in a few words: `mate 5, b2b9 (depth 12)`. */
export function describe(answer: Answer): string {
  const score = answer.mate !== null ? `mate ${answer.mate}` : answer.cp !== null ? `cp ${answer.cp}` : 'no score';
  return `${score}, ${answer.best ?? 'no move'} (depth ${answer.depth})`;
}
