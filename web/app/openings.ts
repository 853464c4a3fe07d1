// The name of a game's opening, from its first moves: the page's own small table of the common
// systems, in Chinese and English. Each system is written once, for the moves as they are usually
// given (炮二平五, the right-hand cannon, is h2e2); a game played on the other wing (炮八平五, b2e2) is
// its mirror and is the same opening, so every entry is tried on the moves and on their mirror.
// Only games from the usual start are named (a set-up or handicap position has no opening name).
import { START_FEN } from '../engine/start-fen.ts';
import { mirrorMove } from '../engine/book.ts';

export interface OpeningName {
  zh: string;
  en: string;
}

interface System extends OpeningName {
  /** Red's first move. */
  first: string;
  /** Black's first reply, when the system is named by it. */
  reply?: string;
  /** Moves Red has made among its first `within` moves (any order). */
  red?: string[];
  /** Moves Black has made among its first `within` moves (any order). */
  black?: string[];
  /** How many moves of each side `red` and `black` look at (3 unless told). */
  within?: number;
}

/** Most specific first: the first entry that fits names the game. */
const SYSTEMS: readonly System[] = [
  // Central cannon (炮二平五) and Black's answers.
  { zh: '中炮对顺炮', en: 'Central cannon, same-direction cannons', first: 'h2e2', reply: 'h7e7' },
  { zh: '中炮对列炮', en: 'Central cannon, opposite-direction cannons', first: 'h2e2', reply: 'b7e7' },
  {
    zh: '中炮对反宫马',
    en: 'Central cannon vs palace horses',
    first: 'h2e2',
    black: ['h9g7', 'b7f7', 'b9c7'],
    within: 4,
  },
  {
    zh: '五七炮对屏风马',
    en: 'Five-seven cannons vs screen horses',
    first: 'h2e2',
    red: ['b2c2'],
    black: ['h9g7', 'b9c7'],
    within: 4,
  },
  {
    zh: '五六炮对屏风马',
    en: 'Five-six cannons vs screen horses',
    first: 'h2e2',
    red: ['b2d2'],
    black: ['h9g7', 'b9c7'],
    within: 4,
  },
  {
    zh: '中炮过河车对屏风马',
    en: 'Central cannon, river-crossing chariot vs screen horses',
    first: 'h2e2',
    red: ['i0h0', 'h0h6'],
    black: ['h9g7', 'b9c7'],
    within: 5,
  },
  { zh: '中炮对屏风马', en: 'Central cannon vs screen horses', first: 'h2e2', black: ['h9g7', 'b9c7'] },
  {
    zh: '中炮对单提马',
    en: 'Central cannon vs single lifted horse',
    first: 'h2e2',
    black: ['h9g7', 'b9a7'],
    within: 4,
  },
  { zh: '中炮对三步虎', en: 'Central cannon vs three-step tiger', first: 'h2e2', black: ['h9g7', 'h7i7'], within: 3 },
  { zh: '中炮对后补列炮', en: 'Central cannon vs delayed opposite cannons', first: 'h2e2', black: ['b7e7'], within: 4 },
  { zh: '中炮', en: 'Central cannon', first: 'h2e2' },
  // Elephant opening (相三进五).
  { zh: '飞相对左中炮', en: 'Elephant opening vs left central cannon', first: 'g0e2', reply: 'h7e7' },
  { zh: '飞相对右中炮', en: 'Elephant opening vs right central cannon', first: 'g0e2', reply: 'b7e7' },
  { zh: '飞相对进卒', en: 'Elephant opening vs pawn', first: 'g0e2', reply: 'c6c5' },
  { zh: '飞相对进卒', en: 'Elephant opening vs pawn', first: 'g0e2', reply: 'g6g5' },
  { zh: '飞相局', en: 'Elephant opening', first: 'g0e2' },
  // Pawn opening (兵七进一, 仙人指路).
  { zh: '仙人指路对卒底炮', en: 'Pawn opening vs cannon under the pawn', first: 'c3c4', reply: 'b7c7' },
  { zh: '仙人指路对中炮', en: 'Pawn opening vs central cannon', first: 'c3c4', reply: 'h7e7' },
  { zh: '仙人指路对中炮', en: 'Pawn opening vs central cannon', first: 'c3c4', reply: 'b7e7' },
  { zh: '对兵局', en: 'Pawn opening, opposing pawns', first: 'c3c4', reply: 'g6g5' },
  { zh: '仙人指路对飞象', en: 'Pawn opening vs elephant', first: 'c3c4', reply: 'c9e7' },
  { zh: '仙人指路对飞象', en: 'Pawn opening vs elephant', first: 'c3c4', reply: 'g9e7' },
  { zh: '仙人指路', en: 'Pawn opening', first: 'c3c4' },
  // Horse opening (马二进三, 起马局).
  { zh: '起马对挺卒', en: 'Horse opening vs pawn', first: 'h0g2', reply: 'g6g5' },
  { zh: '起马对挺卒', en: 'Horse opening vs pawn', first: 'h0g2', reply: 'c6c5' },
  { zh: '起马局', en: 'Horse opening', first: 'h0g2' },
  // The cannon on the palace's corner.
  { zh: '过宫炮', en: 'Palace-corner cannon (crossing the palace)', first: 'h2d2' },
  { zh: '士角炮', en: 'Advisor-corner cannon', first: 'h2f2' },
  { zh: '边炮局', en: 'Edge cannon', first: 'h2i2' },
  { zh: '巡河炮', en: 'River-patrolling cannon', first: 'h2h4' },
  { zh: '过河炮', en: 'River-crossing cannon', first: 'h2h6' },
  { zh: '中兵局', en: 'Central pawn opening', first: 'e3e4' },
  { zh: '边兵局', en: 'Edge pawn opening', first: 'a3a4' },
  { zh: '仕角局', en: 'Advisor opening', first: 'f0e1' },
  { zh: '边马局', en: 'Edge horse opening', first: 'h0i2' },
];

function fits(system: System, moves: readonly string[]): boolean {
  if (moves[0] !== system.first) return false;
  if (system.reply && moves[1] !== system.reply) return false;
  const within = system.within ?? 3;
  const red = moves.filter((_, i) => i % 2 === 0).slice(0, within);
  const black = moves.filter((_, i) => i % 2 === 1).slice(0, within);
  return (system.red ?? []).every((m) => red.includes(m)) && (system.black ?? []).every((m) => black.includes(m));
}

/** The opening of a game played from `startFen` with `moves` (ICCS), or null when none of the table's fits. */
export function openingName(startFen: string, moves: readonly string[]): OpeningName | null {
  if (!sameStart(startFen, START_FEN) || moves.length === 0) return null;
  const plain = moves.map((m) => m.toLowerCase().replace('-', ''));
  const mirror = plain.map(mirrorMove);
  const found = SYSTEMS.find((s) => fits(s, plain) || fits(s, mirror));
  return found ? { zh: found.zh, en: found.en } : null;
}

/** Whether two FENs are the same position with the same side to move (counters aside). */
function sameStart(a: string, b: string): boolean {
  return a.split(' ').slice(0, 2).join(' ') === b.split(' ').slice(0, 2).join(' ');
}
