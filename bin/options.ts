// The command-line engine's options, each declared once: its name in UCI and in UCCI (an option of one
// protocol only has one name), its type, default and range, what it does, and how the session applies
// it. The `uci` and `ucci` replies, `setoption` in both protocols (uci-options.ts) and the table in docs/uci.md
// of options (scripts/generate.js) all come from this list; adding an option is adding an entry.
import { FULL_STRENGTH, HASH_DEFAULT_MB, HASH_MAX_MB, MAX_LINES, MAX_THREADS } from '../web/engine/shared.ts';
import type { Backend, RuleSet } from '../web/engine/types.ts';
import { DEFAULT_RULE_SET, RULE_SETS } from '../web/engine/rule-sets.ts';
import { ELO_MAX, ELO_MIN } from '../web/engine/strength.ts';
import { LADDER_ANCHOR } from '../web/engine/levels.generated.ts';

/** UCI_Elo's default: a club player's rating, mid-scale. */
const UCI_ELO_DEFAULT = 1600;

/** What the options change: the session (uci.ts). A string result is an error to report. */
export interface OptionTarget {
  setHash(megabytes: number): Promise<void>;
  setThreads(threads: number): Promise<void>;
  setBackend(backend: Backend): Promise<void>;
  setMultiPv(lines: number): void;
  setRule(rule: RuleSet): Promise<void>;
  setSkill(level: number): void;
  setLimitStrength(on: boolean): void;
  setElo(elo: number): void;
  setPonder(on: boolean): void;
  setMilliseconds(on: boolean): void;
  setOwnBook(on: boolean): void;
  setTablebases(on: boolean): void;
  setEgtbPath(path: string): string | null;
  setBookFile(path: string): string | null;
  setUseNetwork(on: boolean): Promise<void>;
  setEvalFile(path: string): Promise<string | null>;
  setSearchParams(text: string): Promise<string | null>;
  newGame(): Promise<void>;
  /** The file shipped beside the engine (the default of BookFile and EvalFile), or null when it is not there. */
  shippedFile(which: 'book' | 'network'): string | null;
}

interface Named {
  /** The UCI name (null: a UCCI option only). */
  uci: string | null;
  /** The UCCI name (null: a UCI option only). */
  ucci: string | null;
  /** What it does, for the table in docs/uci.md. */
  about: string;
}

export interface SpinOption extends Named {
  type: 'spin';
  default: number;
  min: number;
  max: number;
  apply(target: OptionTarget, value: number): Promise<void> | void;
}

export interface CheckOption extends Named {
  type: 'check';
  default: boolean;
  apply(target: OptionTarget, value: boolean): Promise<void> | void;
}

export interface ComboOption<V extends string = string> extends Named {
  type: 'combo';
  default: V;
  values: readonly V[];
  apply(target: OptionTarget, value: V): Promise<void> | void;
}

/** A path (or other text); `<empty>` (or nothing) for none. */
export interface FileOption extends Named {
  type: 'string';
  /** The file shipped beside the engine that is the default (null: the default is `<empty>`). */
  shipped: 'book' | 'network' | null;
  /** The default as docs/uci.md says it. */
  defaultText: string;
  /** What it takes, as docs/uci.md says it (absent: a path, or `<empty>`). */
  valuesText?: string;
  apply(target: OptionTarget, value: string): Promise<string | null> | string | null;
}

export interface ButtonOption extends Named {
  type: 'button';
  apply(target: OptionTarget): Promise<void> | void;
}

export type EngineOption = SpinOption | CheckOption | ComboOption | FileOption | ButtonOption;

/** The options, in the order the `uci` and `ucci` replies list them. */
export const OPTIONS: readonly EngineOption[] = [
  {
    type: 'spin',
    uci: 'Hash',
    ucci: 'hashsize',
    default: HASH_DEFAULT_MB,
    min: 1,
    max: HASH_MAX_MB,
    about: 'Transposition table size in MB.',
    apply: (t, v) => t.setHash(v),
  },
  {
    type: 'spin',
    uci: 'Threads',
    ucci: 'threads',
    default: 1,
    min: 1,
    max: MAX_THREADS,
    about: 'Search threads (Lazy SMP over one shared table; the `js` backend searches with one).',
    apply: (t, v) => t.setThreads(v),
  },
  {
    type: 'spin',
    uci: 'MultiPV',
    ucci: null,
    default: 1,
    min: 1,
    max: MAX_LINES,
    about: 'Best lines reported per iteration.',
    apply: (t, v) => t.setMultiPv(v),
  },
  {
    type: 'spin',
    uci: 'Skill Level',
    ucci: null,
    default: FULL_STRENGTH,
    min: 0,
    max: FULL_STRENGTH,
    about: `Below ${FULL_STRENGTH} the engine plays weaker on purpose: it searches less deeply and overlooks moves far from the action (see docs/levels.md). Ignored while \`UCI_LimitStrength\` is on.`,
    apply: (t, v) => t.setSkill(v),
  },
  {
    type: 'check',
    uci: 'UCI_LimitStrength',
    ucci: null,
    default: false,
    about: 'Play at the rating of `UCI_Elo` instead of the `Skill Level`.',
    apply: (t, v) => t.setLimitStrength(v),
  },
  {
    type: 'spin',
    uci: 'UCI_Elo',
    ucci: null,
    default: UCI_ELO_DEFAULT,
    min: ELO_MIN,
    max: ELO_MAX,
    about: `The rating played at with \`UCI_LimitStrength\` on, on the scale of the table in docs/levels.md (${LADDER_ANCHOR.engine} at full strength, ${LADDER_ANCHOR.movetimeMs} ms a move = ${LADDER_ANCHOR.elo}); it holds at that time a move.`,
    apply: (t, v) => t.setElo(v),
  },
  {
    type: 'combo',
    uci: 'Backend',
    ucci: null,
    default: 'wasm',
    values: ['wasm', 'js'],
    about: 'The engine build that searches: WebAssembly or plain JavaScript (same moves, the JS one slower).',
    apply: (t, v: Backend) => t.setBackend(v),
  } satisfies ComboOption<Backend>,
  {
    type: 'check',
    uci: 'Ponder',
    ucci: 'ponder',
    default: false,
    about: 'Accepted for GUIs; `go ponder` works either way.',
    apply: (t, v) => t.setPonder(v),
  },
  {
    type: 'check',
    uci: 'OwnBook',
    ucci: null,
    default: true,
    about: 'Play from the opening book while the position is in it (a `go` for a move to play).',
    apply: (t, v) => t.setOwnBook(v),
  },
  {
    type: 'check',
    uci: 'Tablebases',
    ucci: 'useegtb',
    default: true,
    about:
      "Answer `go` from the endgame tables where they cover the position (one or two attacking pieces against advisors and elephants, up to a million positions a side, made on first need where that fits a quarter of the move's time or a fortieth of the clock, else by a later search): a win or loss at once with `score mate N` at the table's distance and `tbhits 1`, a draw by a search among the drawing moves. The search also probes the tables that captures reach from the position (at most three pieces off): such a capture is scored at the table's exact mate distance, counted in `tbhits`.",
    apply: (t, v) => t.setTablebases(v),
  },
  {
    type: 'string',
    uci: 'EgtbPath',
    ucci: 'egtbpaths',
    shipped: null,
    defaultText: '`<empty>`: none',
    valuesText: 'a folder, or `<empty>`',
    about:
      'A folder the endgame tables are kept in: each table the engine makes is written there (`KR-KAAEE.xqtb.gz`) and read back by later sessions instead of being made again; a table too large to make during a game (over a million positions a side) is used where the folder has it (`xiangqi-engine egtb MATERIAL... --path FOLDER` makes them).',
    apply: (t, v) => t.setEgtbPath(v === '<empty>' ? '' : v),
  },
  {
    type: 'string',
    uci: 'BookFile',
    ucci: null,
    shipped: 'book',
    defaultText: 'the shipped `book/xiangqi.book`',
    about: 'The opening book file.',
    apply: (t, v) => t.setBookFile(v),
  },
  {
    type: 'check',
    uci: 'Use NNUE',
    ucci: null,
    default: true,
    about: 'Evaluate with the network of `EvalFile`; false for the hand-written evaluation.',
    apply: (t, v) => t.setUseNetwork(v),
  },
  {
    type: 'string',
    uci: 'EvalFile',
    ucci: null,
    shipped: 'network',
    defaultText: 'the shipped `nnue/xiangqi.nnue`',
    about:
      'The network file. When the shipped one cannot be read, the first `isready` says so (`info string error: ...`) until an option chooses the evaluation.',
    apply: (t, v) => t.setEvalFile(v),
  },
  {
    type: 'combo',
    uci: 'Rule',
    ucci: 'rule',
    default: DEFAULT_RULE_SET,
    values: RULE_SETS,
    about:
      'How repetitions are judged: `computer` (Pikafish and the cloud book), `asian` (AXF), `chinese` (CXA 2020) or `check-only` (see docs/rules.md).',
    apply: (t, v: RuleSet) => t.setRule(v),
  } satisfies ComboOption<RuleSet>,
  {
    type: 'string',
    uci: 'SearchParams',
    ucci: null,
    shipped: null,
    defaultText: '`<empty>`: the shipped search',
    valuesText: '`name=value` pairs, or `<empty>`',
    about:
      "For tuners: the search's named constants, e.g. `rfp_margin=80 lmr_divisor=200` (web/engine/search-params.ts names them, with their ranges; tune/spsa.ts tunes them). Those not named keep their shipped values.",
    apply: (t, v) => t.setSearchParams(v === '<empty>' ? '' : v),
  },
  {
    type: 'check',
    uci: null,
    ucci: 'usemillisec',
    default: true,
    about: '`go time` and `increment` in milliseconds (true) or seconds.',
    apply: (t, v) => t.setMilliseconds(v),
  },
  {
    type: 'button',
    uci: null,
    ucci: 'newgame',
    about: 'A new game: the start position, and the table and history cleared.',
    apply: (t) => t.newGame(),
  },
];

function declared(name: string): EngineOption {
  const option = OPTIONS.find((o) => o.uci === name || o.ucci === name);
  if (!option) throw new Error(`no option ${name} in options.ts`);
  return option;
}

/** The default of the spin option `name` (its UCI name, or UCCI's for a UCCI option). */
export function spinDefault(name: string): number {
  const option = declared(name);
  if (option.type !== 'spin') throw new Error(`option ${name} is not a spin`);
  return option.default;
}

/** The default of the check option `name`. */
export function checkDefault(name: string): boolean {
  const option = declared(name);
  if (option.type !== 'check') throw new Error(`option ${name} is not a check`);
  return option.default;
}
