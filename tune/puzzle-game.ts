// One game of the puzzle miner (tune/puzzles.ts): game i starts from opening line i of the openings
// and is played by two weakened levels (skill 2-8, which blunder now and then: where puzzles come
// from), every choice seeded by the seed and i. What a game finds depends on its number and the
// settings alone, never on other games, so games can be mined on several threads (or machines) and
// joined in order into the file a single run makes.
import type { Engine } from '../web/engine/index.ts';
import type { Puzzle } from '../web/notation/puzzles.ts';
import type { Opening } from '../lib/openings.ts';
import { seededRandom } from '../lib/random.ts';
import { findPuzzle, type FindSettings } from './puzzle-find.ts';

export interface MineSettings extends FindSettings {
  seed: number;
}

export interface MinedGame {
  /** Positions judged. */
  positions: number;
  /** The puzzles found, in the order of the game (before near-duplicates are dropped). */
  puzzles: Puzzle[];
}

/** Plies a game lasts at most, and the plies after a puzzle that are not judged (its own sequel). */
const MAX_PLIES = 160;
const AFTER_PUZZLE = 4;

export function mineGame(engine: Engine, opening: Opening, index: number, settings: MineSettings): MinedGame {
  const random = seededRandom(settings.seed * 1_000_003 + index);
  const levels = [2 + Math.floor(random() * 7), 2 + Math.floor(random() * 7)];
  engine.clearHash();
  engine.setPosition(opening.fen, opening.moves);
  const puzzles: Puzzle[] = [];
  let positions = 0;
  let lastPuzzle = -AFTER_PUZZLE;
  for (let ply = 0; ply < MAX_PLIES && !engine.status().over; ply++) {
    if (ply - lastPuzzle >= AFTER_PUZZLE) {
      positions++;
      const puzzle = findPuzzle(engine, settings);
      if (puzzle) {
        puzzles.push(puzzle);
        lastPuzzle = ply;
      }
    }
    const move = engine.search({ skill: levels[ply % 2]!, seed: Math.floor(random() * 2 ** 31) }).bestMove;
    if (!move) break;
    engine.play(move);
  }
  return { positions, puzzles };
}
