// A match's openings (lib/openings.ts, lib/openings-file.ts) and its schedule: each opening is played
// once with each engine as Red.
import type { GameSetup } from './match-game.ts';
import type { Opening } from '../lib/openings.ts';

export { builtInOpenings, checkOpenings, orderOpenings, parseOpeningLine, type Opening } from '../lib/openings.ts';
export { DEFAULT_OPENINGS_FILE, matchOpenings, readOpenings } from '../lib/openings-file.ts';
export { seededRandom } from '../lib/random.ts';

/** Game i (0-based) plays opening i/2 with our engine Red on even i: each opening from both sides. */
export function schedule(openings: readonly Opening[], games: number): GameSetup[] {
  return Array.from({ length: games }, (_, i) => ({
    index: i + 1,
    opening: openings[Math.floor(i / 2) % openings.length]!,
    ourColor: i % 2 === 0 ? 'red' : 'black',
  }));
}
