// The player's choices, remembered between visits. Anything unreadable in storage falls back to the
// default, one field at a time.
import type { NotationName } from '../notation/index.ts';
import type { Color, PieceSetName } from '../board/types.ts';
import { defaultLang, type Lang } from './i18n.ts';
import { loadJson, saveJson } from './storage.ts';
import { TIME_CONTROLS } from './clock.ts';
import { HANDICAPS } from './position.ts';
import { DEFAULT_ELO, RATED_LEVELS } from './rated-levels.ts';
import { DEFAULT_RULE_SET, defaultThreads, MAX_THREADS, RULE_SETS, type RuleSet } from '../engine/index.ts';

export type Player = 'human' | 'computer';

export interface Settings {
  lang: Lang;
  notation: NotationName;
  /** The player chose the notation (else it follows the language). */
  notationChosen: boolean;
  red: Player;
  black: Player;
  /** Computer strength 1-10 by thinking time (used while `elo` is 0: players who chose it before ratings). */
  level: number;
  /** The computer's rated level (rated-levels.ts), 0 for the older level by time. */
  elo: number;
  orientation: Color;
  sound: boolean;
  music: boolean;
  analysis: boolean;
  arrows: boolean;
  /** 让子: the handicap New game starts with (position.ts HANDICAPS). */
  handicap: string;
  /** The clock (clock.ts TIME_CONTROLS id), 'none' for none. */
  timeControl: string;
  /** Analysis lines shown (MultiPV), 1-5. */
  lines: number;
  pieceSet: PieceSetName;
  coordinates: boolean;
  /** Against the computer, the player may make the next move ahead while it thinks (the board's premove). */
  premove: boolean;
  /** The computer plays from the opening book (book/xiangqi.book) while the position is in it. */
  book: boolean;
  /** The computer, the analysis and the review evaluate with the network (nnue/xiangqi.nnue). */
  network: boolean;
  /** Search threads for the computer and the analysis (more than 1 needs a cross-origin isolated page). */
  threads: number;
  /** How repetitions are judged: the game's end, the computer's and the analysis's searches. */
  rule: RuleSet;
}

export const DEFAULT_LEVEL = 5;

/** The board's piece sets the page offers (the two blank ones for blindfold play). */
export const PIECE_SETS: readonly PieceSetName[] = ['traditional', 'simplified', 'letters', 'blank', 'blank-mono'];

export function defaultSettings(): Settings {
  const lang = defaultLang();
  return {
    lang,
    notation: lang === 'zh' ? 'chinese' : 'WXF',
    notationChosen: false,
    red: 'human',
    black: 'computer',
    level: DEFAULT_LEVEL,
    elo: DEFAULT_ELO,
    orientation: 'red',
    sound: false,
    music: false,
    analysis: false,
    arrows: true,
    lines: 1,
    timeControl: 'none',
    handicap: 'none',
    pieceSet: 'traditional',
    coordinates: true,
    premove: true,
    book: true,
    network: true,
    threads: defaultThreads(),
    rule: DEFAULT_RULE_SET,
  };
}

const KEY = 'settings';

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function loadSettings(): Settings {
  const d = defaultSettings();
  const raw = loadJson(KEY);
  if (!raw || typeof raw !== 'object') return d;
  const s = raw as Record<string, unknown>;
  const level = Number(s['level']);
  const elo = Number(s['elo']);
  const ratedOrNot = [0, ...RATED_LEVELS.map((l) => l.elo)];
  const threads = Number(s['threads']);
  return {
    lang: pick(s['lang'], ['zh', 'en'] as const, d.lang),
    notation: pick(s['notation'], ['chinese', 'WXF', 'ICCS'] as const, d.notation),
    notationChosen: pick(s['notationChosen'], [true, false], d.notationChosen),
    red: pick(s['red'], ['human', 'computer'] as const, d.red),
    black: pick(s['black'], ['human', 'computer'] as const, d.black),
    level: Number.isInteger(level) && level >= 1 && level <= 10 ? level : d.level,
    // Settings saved before rated levels had a level by time: it stays until the player picks another.
    elo: ratedOrNot.includes(elo) ? elo : s['level'] !== undefined ? 0 : d.elo,
    orientation: pick(s['orientation'], ['red', 'black'] as const, d.orientation),
    sound: pick(s['sound'], [true, false], d.sound),
    music: pick(s['music'], [true, false], d.music),
    analysis: pick(s['analysis'], [true, false], d.analysis),
    arrows: pick(s['arrows'], [true, false], d.arrows),
    lines: pick(s['lines'], [1, 2, 3, 4, 5], d.lines),
    timeControl: pick(
      s['timeControl'],
      TIME_CONTROLS.map((t) => t.id),
      d.timeControl,
    ),
    handicap: pick(s['handicap'], Object.keys(HANDICAPS), d.handicap),
    pieceSet: pick(s['pieceSet'], PIECE_SETS, d.pieceSet),
    coordinates: pick(s['coordinates'], [true, false], d.coordinates),
    premove: pick(s['premove'], [true, false], d.premove),
    book: pick(s['book'], [true, false], d.book),
    network: pick(s['network'], [true, false], d.network),
    threads: Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS ? threads : d.threads,
    rule: pick(s['rule'], RULE_SETS, d.rule),
  };
}

export function saveSettings(settings: Settings): void {
  saveJson(KEY, settings);
}
