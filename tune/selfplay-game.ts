// One self-play game for the training data: an opening line, a few random plies so no two games
// repeat, then the engine against itself at a fixed node count (fast, and the same on any machine).
// Every quiet position met on the way is kept with the search's score; the result is filled in
// when the game ends. The same index always plays the same game.
import type { Engine } from '../web/engine/index.ts';
import type { Opening } from '../lib/openings.ts';
import { seededRandom } from '../lib/random.ts';
import { encodeRecord, RECORD_BYTES, type TrainingPosition } from './records.ts';

export interface SelfPlaySettings {
  /** Nodes a move. */
  nodes: number;
  /** Random plies after the opening line: 0 to this many. */
  randomPlies: number;
  seed: number;
  /** The network both sides evaluate with (a path, kept so a resume checks it); absent: the hand-written evaluation. */
  network?: string;
}

export interface SelfPlayGame {
  records: Uint8Array;
  positions: number;
  plies: number;
  /** For Red: 1, 0.5, 0. */
  result: number;
}

const MAX_PLIES = 400;
/** Plies after the opening before positions are kept (the opening is the opening set's, not ours). */
const SKIP_PLIES = 4;
const DECISIVE_CP = 1500;
const DECISIVE_PLIES = 6;
const DRAWN_CP = 10;
const DRAWN_PLIES = 20;
const DRAW_ADJUDICATION_FROM = 160;
const MATE_CP = 30000;

function scoreCp(score: { cp: number } | { mate: number }): number {
  return 'cp' in score ? score.cp : score.mate > 0 ? MATE_CP : -MATE_CP;
}

export function playSelfPlayGame(
  engine: Engine,
  opening: Opening,
  index: number,
  settings: SelfPlaySettings,
): SelfPlayGame {
  const random = seededRandom(settings.seed * 1_000_003 + index);
  engine.clearHash();
  engine.setPosition(opening.fen, opening.moves);
  const extra = Math.floor(random() * (settings.randomPlies + 1));
  for (let i = 0; i < extra && !engine.status().over; i++) {
    const moves = engine.legalMoves();
    engine.play(moves[Math.floor(random() * moves.length)]!);
  }

  const kept: Omit<TrainingPosition, 'result'>[] = [];
  let result = 0.5;
  let decisiveFor = 0; // +1 Red, -1 Black, 0 none
  let decisiveRun = 0;
  let drawnRun = 0;
  let plies = 0;
  for (; plies < MAX_PLIES; plies++) {
    const status = engine.status();
    if (status.over) {
      result = status.result === '1-0' ? 1 : status.result === '0-1' ? 0 : 0.5;
      break;
    }
    const search = engine.search({ nodes: settings.nodes, seed: index });
    if (search.bestMove === null) break;
    const cp = scoreCp(search.score);
    const redCp = engine.turn() === 'red' ? cp : -cp;
    const capture = engine.pieceAt(search.bestMove.slice(2, 4)) !== null;
    if (plies >= SKIP_PLIES && Math.abs(cp) < DECISIVE_CP * 2 && !capture && engine.isQuiet()) {
      kept.push({ board: engine.board(), blackToMove: engine.turn() === 'black', score: cp });
    }
    // Adjudication: a score both sides agree is decided, or a long quiet draw.
    const winner = redCp >= DECISIVE_CP ? 1 : redCp <= -DECISIVE_CP ? -1 : 0;
    decisiveRun = winner !== 0 && winner === decisiveFor ? decisiveRun + 1 : winner !== 0 ? 1 : 0;
    decisiveFor = winner;
    if (decisiveRun >= DECISIVE_PLIES) {
      result = winner > 0 ? 1 : 0;
      break;
    }
    drawnRun = Math.abs(cp) <= DRAWN_CP ? drawnRun + 1 : 0;
    if (plies >= DRAW_ADJUDICATION_FROM && drawnRun >= DRAWN_PLIES) break;
    engine.play(search.bestMove);
  }

  const records = new Uint8Array(kept.length * RECORD_BYTES);
  kept.forEach((position, i) => encodeRecord({ ...position, result }, records, i * RECORD_BYTES));
  return { records, positions: kept.length, plies, result };
}
