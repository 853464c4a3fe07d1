// Whether a position is a puzzle, and which: exactly one move wins decisively (a mate in 1-5, or a
// decisive material gain) while every other move does not, or exactly one move holds while every
// other loses (defence). A quick search picks candidates; a deeper one (MultiPV 2: the best move and
// the best of the others) confirms them; the line is the deep search's, each later move of the
// player checked to be the only good one too; the rating is the weakest rated level that finds the
// first move (web/engine/strength.ts's scale).
import type { Engine, Score, SearchInfo } from '../web/engine/index.ts';
import { mateLength, type Puzzle, type PuzzleTheme } from '../web/notation/puzzles.ts';

export interface FindSettings {
  /** Depth of the quick look at every position. */
  quickDepth: number;
  /** Depth of the confirming search. */
  verifyDepth: number;
}

const MATE = 30000;
/** A decisive material gain (centipawns from the mover's side), and the most another move may keep. */
const WINNING = 300;
const NOT_WINNING = 80;
/** Defence: the move that holds keeps at least this; every other loses at least LOSING. */
const HOLDING = -80;
const LOSING = -350;
/** The rated levels a puzzle's rating is found among, weakest first. */
export const RATING_LEVELS = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400];

/**
 * Readies an engine as the miner judges positions with it (the network, a 16 MB table): the miner,
 * the reconfirming pass and the shipped-puzzle test must all search alike.
 */
export function prepareJudge(engine: Engine, network: Uint8Array): void {
  engine.setHashSize(16);
  engine.setNetwork(network);
}

const cp = (s: Score): number => ('cp' in s ? s.cp : s.mate > 0 ? MATE - s.mate : -MATE - s.mate);

export interface TwoLines {
  best: { move: string; score: Score; pv: string[] };
  second: { move: string; score: Score } | null;
}

/** The best move and the best of the others, at `depth`. */
export function twoLines(engine: Engine, depth: number): TwoLines | null {
  const last = new Map<number, SearchInfo>();
  engine.clearHash();
  engine.search({ depth, multipv: 2 }, (info) => last.set(info.multipv, info));
  const one = last.get(1);
  if (!one || one.pv.length === 0) return null;
  const two = last.get(2);
  return {
    best: { move: one.pv[0]!, score: one.score, pv: one.pv },
    second: two && two.pv.length ? { move: two.pv[0]!, score: two.score } : null,
  };
}

/** The theme the two lines make, or null when they make no puzzle. */
export function themeOf(lines: TwoLines): PuzzleTheme | null {
  const best = lines.best.score;
  const other = lines.second ? cp(lines.second.score) : -MATE;
  if ('mate' in best && best.mate > 0) {
    if (best.mate > 5 || other > NOT_WINNING) return null;
    return `mate${best.mate}` as PuzzleTheme;
  }
  const value = cp(best);
  if (value >= WINNING && other <= NOT_WINNING && value - other >= WINNING) return 'material';
  if (value >= HOLDING && value < WINNING && other <= LOSING) return 'defence';
  return null;
}

/** Is `move` the only good one here (the others at least 200 cp worse, and no other mate)? */
function onlyMove(engine: Engine, move: string, depth: number): boolean {
  const lines = twoLines(engine, depth);
  if (!lines || lines.best.move !== move) return false;
  if (!lines.second) return true;
  const best = cp(lines.best.score);
  const other = cp(lines.second.score);
  if ('mate' in lines.second.score && lines.second.score.mate > 0) return false;
  return best - other >= 200;
}

/** The solution line: the deep search's, cut to the player's last move that is still the only good one. */
function solutionLine(engine: Engine, pv: readonly string[], theme: PuzzleTheme, depth: number): string[] {
  const wanted = mateLength(theme) ? 2 * mateLength(theme) - 1 : Math.min(pv.length, 5);
  const line = [pv[0]!];
  let played = 0;
  engine.play(pv[0]!);
  played++;
  for (let i = 1; i + 1 < Math.min(wanted, pv.length); i += 2) {
    engine.play(pv[i]!); // the computer's answer
    played++;
    if (!onlyMove(engine, pv[i + 1]!, depth)) break;
    line.push(pv[i]!, pv[i + 1]!);
    engine.play(pv[i + 1]!);
    played++;
  }
  for (let i = 0; i < played; i++) engine.undo();
  // A mate line must end in mate; cut short, it is no mate puzzle.
  return line;
}

/** The weakest rated level (two seeds) that plays `move` here; past the strongest, 2500. */
function ratingFor(engine: Engine, move: string): number {
  let lo = 0;
  let hi = RATING_LEVELS.length; // levels [lo, hi) not yet ruled out; find the first that finds it
  const finds = (i: number) =>
    [1, 2].every((seed) => engine.search({ elo: RATING_LEVELS[i]!, seed }).bestMove === move);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (finds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo < RATING_LEVELS.length ? RATING_LEVELS[lo]! : 2500;
}

/**
 * The puzzle at the engine's position, or null. It is judged from the position alone, as the page sets
 * it up: the game before it could turn a repetition into a win (a perpetual check or chase lost by the
 * rules) that the player, shown the bare position, would not have. The engine is left as it was found.
 */
export function findPuzzle(engine: Engine, settings: FindSettings): Puzzle | null {
  if (engine.status().over || engine.inCheck()) return null;
  const quick = twoLines(engine, settings.quickDepth);
  if (!quick || !themeOf(quick)) return null;
  const history = engine.history();
  const start = engine.startFen();
  const [board, side] = engine.fen().split(' ');
  const fen = `${board} ${side} - - 0 1`;
  engine.setPosition(fen);
  try {
    return judged(engine, fen, settings);
  } finally {
    engine.setPosition(start, history);
  }
}

/** The puzzle at `fen` (the engine set up there, without history), confirmed by the deep search. */
function judged(engine: Engine, fen: string, settings: FindSettings): Puzzle | null {
  const deep = twoLines(engine, settings.verifyDepth);
  if (!deep) return null;
  const theme = themeOf(deep);
  if (!theme) return null;
  const moves = solutionLine(engine, deep.best.pv, theme, settings.verifyDepth - 2);
  if (mateLength(theme)) {
    // A mate puzzle's line is the whole mate, and ends in it.
    if (moves.length !== 2 * mateLength(theme) - 1) return null;
    engine.setPosition(fen, moves);
    const status = engine.status();
    engine.setPosition(fen);
    if (!status.over || status.result !== (fen.split(' ')[1] === 'w' ? '1-0' : '0-1')) return null;
  }
  return { fen, moves, theme, rating: ratingFor(engine, moves[0]!) };
}
