// The messages the game page's parts hear (page-state.ts sends them, in the order the parts were
// added). Each is a plain typed object, so a part narrows on `type` (and a setting on `key`) and
// reads a value of the right type, with no casts.
import type { GameAnalysis } from '../analysis/analyse-game.ts';
import type { Color } from '../engine/types.ts';
import type { Settings } from './settings.ts';
import type { Effect } from './sound.ts';

/** The position on the board changed: a move played or taken back, a jump in the tree, a new game. */
export interface PositionChange {
  type: 'position';
  /** Animate the board by the one move played. */
  animate: boolean;
  /** The sound the change calls for. */
  effect: Effect | null;
  /** The side that just moved (its clock takes the increment). */
  moved: Color | null;
}

/** One of the settings `K` changed to `value` (its type follows from `key`). */
export type SettingChangeOf<K extends keyof Settings> = {
  [P in K]: { type: 'setting'; key: P; value: Settings[P] };
}[K];
/** One setting changed. */
export type SettingChange = SettingChangeOf<keyof Settings>;

export type PageMessage =
  | PositionChange
  | SettingChange
  /** The players (who plays which side) changed; the position is the same. */
  | { type: 'players' }
  /** A new game was set up (New game, or the editor's position): before its position message. */
  | { type: 'new-game' }
  /**
   * Games read from a file or text replaced the game: before its position message. `review`: the
   * main line's analysis, for a game of the import dialog's list that "Analyse all" went over.
   */
  | { type: 'imported'; review?: GameAnalysis }
  /** The position editor opened or closed (the game waits while it is open). */
  | { type: 'editor'; open: boolean };

/** A part of the page that acts on messages. */
export interface Receiver {
  receive(message: PageMessage): void;
}
