// The computer's named levels, each at a rating on the scale of the engine's ladder (README "Levels and
// their ratings": Fairy-Stockfish 11.1 at full strength and 500 ms a move = 2300). The engine plays a
// rating at the strength its table puts there (web/engine/strength.ts), at the time a move the ratings
// hold at. The older levels 1-10 (by time) stay for players who chose one before.
import { RATED_MOVETIME_MS, type SearchLimits } from '../engine/index.ts';
import { levelLimits } from './engine-player.ts';
import type { MessageKey } from './i18n.ts';

export interface RatedLevel {
  elo: number;
  /** Its name (strings-en.ts / strings-zh.ts). */
  name: MessageKey;
}

export const RATED_LEVELS: readonly RatedLevel[] = [
  { elo: 800, name: 'rated800' },
  { elo: 1000, name: 'rated1000' },
  { elo: 1200, name: 'rated1200' },
  { elo: 1400, name: 'rated1400' },
  { elo: 1600, name: 'rated1600' },
  { elo: 1800, name: 'rated1800' },
  { elo: 2000, name: 'rated2000' },
  { elo: 2200, name: 'rated2200' },
  { elo: 2400, name: 'rated2400' },
];

/** A new player's level: a club player. */
export const DEFAULT_ELO = 1600;

/** The computer's limits: its rated level (`elo` > 0), else the older level 1-10 by time. */
export function computerLimits(settings: { elo: number; level: number }): SearchLimits {
  return settings.elo > 0 ? { elo: settings.elo, movetime: RATED_MOVETIME_MS } : levelLimits(settings.level);
}
