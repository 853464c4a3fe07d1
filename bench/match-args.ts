// Command-line options of `npm run match`, checked up front so a typo fails before any game starts.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { EngineSpec } from './match-player.ts';
import type { TimeControl } from './match-game.ts';
import { FAIRY_STOCKFISH } from './native.ts';
import { parseSprtWords, SprtSettingsError, type SprtSettings } from './sprt.ts';
import { parseRuleSet, type RuleSet } from '../web/engine/index.ts';

export const USAGE = `usage: npm run match -- [options]
  --games N                 games to play (default 20, or 20000 with --sprt; each opening twice,
                            colours swapped)
  --sprt [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05]
                            sequential test on game pairs (pentanomial, logistic Elo, as fishtest):
                            prints the LLR after each pair and stops when it crosses a bound
  --continue RECORD.json    with --sprt: take up a stopped run of the same test (repeatable); its
                            pairs count first and the test decides on all of them. The same bounds,
                            time control, referee and engines, and another --seed, are required
  --concurrency N           games at a time, each with its own two engine processes (default 2)
  --movetime MS             go movetime MS for every move (default 200)
  --opponent-movetime MS    the opponent's movetime instead, for time odds (with --movetime)
  --tc BASE[+INC]           a clock instead: seconds per game and increment, e.g. 10+0.1
  --nodes N                 go nodes N for every move instead: the same games on a loaded machine
                            (for search changes that do not change speed)
  --time-margin MS          grace past movetime or the clock before a loss on time (default 1000)
  --engine CMD              our engine (default: node bin/xiangqi-engine.js, run from a copy
                            of build/ taken at the start, so rebuilds during the match do not count)
  --engine-option N=V       setoption for ours (repeatable), e.g. "Backend=js"
  --opponent fairy-stockfish|CMD
                            the opponent (default: native Fairy-Stockfish, ranks translated)
  --opponent-option N=V     setoption for the opponent (repeatable), e.g. "Skill Level=3"
  --self                    the opponent is our engine too (tell them apart with the options);
                            for an older version: cp -r build /tmp/old, --opponent "node /tmp/old/uci.js";
                            with --engine, that engine against itself, e.g. for Fairy-Stockfish's
                            own time scaling: --self --engine /usr/games/fairy-stockfish
                            --movetime 200 --opponent-movetime 100
  --openings FILE           opening lines, one a line: [name: ]moves... or fen FEN [moves ...]
                            (default bench/openings.txt; the 14 built-in lines if it is missing)
  --seed N                  shuffle the openings with this seed (default: file order)
  --max-plies N             draw when the game reaches N plies (default 300)
  --rule computer|asian|chinese|check-only
                            the repetition rules the referee judges by, and both engines are told
                            (setoption Rule) where they offer the option; default: computer when the
                            opponent offers Rule, else check-only (perpetual check loses, every
                            other repetition draws: the rule Fairy-Stockfish 11.1 knows)
  --records DIR             where the match's PGN and summary go (default bench/matches/)
usage: npm run match -- --summarize FILE.json...
                            one row per saved match (e.g. a ladder of skill levels), from bench/results/`;

export interface MatchOptions {
  games: number;
  concurrency: number;
  time: TimeControl;
  marginMs: number;
  maxPlies: number;
  seed: number | null;
  openingsFile: string | null;
  /** The opponent's own time control, for time odds (null: the same as ours). */
  opponentTime: TimeControl | null;
  /** `--rule`; null: chosen once the opponent's options are known (see refereeRule). */
  rule: RuleSet | null;
  /** Where the PGN and the summary go (`--records`, else BENCH_MATCHES_DIR, else bench/matches/). */
  recordsDir: string | null;
  ours: EngineSpec;
  opponent: EngineSpec;
  /** For the results file name: the opponent and its options, e.g. `fairy-stockfish-skill-level-3`. */
  slug: string;
  /** `--sprt`: stop when the test decides (null: play all the games). */
  sprt: SprtSettings | null;
  /** `--continue`: records of stopped runs of the same SPRT, whose pairs count first. */
  continues: string[];
}

/** Game limit of an SPRT run without --games: the test, not the limit, should end it. */
export const SPRT_MAX_GAMES = 20000;

/** Takes `--sprt` and the `key=value` words after it out of argv (parseArgs allows no positionals). */
export function extractSprt(argv: readonly string[]): { rest: string[]; sprt: SprtSettings | null } {
  const at = argv.indexOf('--sprt');
  if (at < 0) {
    if (argv.some((a) => a.startsWith('--sprt=')))
      throw new UsageError('write --sprt elo0=0 elo1=5 ..., with a space after --sprt');
    return { rest: [...argv], sprt: null };
  }
  let end = at + 1;
  while (end < argv.length && !argv[end]!.startsWith('--')) end++;
  try {
    const sprt = parseSprtWords(argv.slice(at + 1, end));
    const rest = [...argv.slice(0, at), ...argv.slice(end)];
    if (rest.includes('--sprt')) throw new UsageError('--sprt given twice');
    return { rest, sprt };
  } catch (error) {
    if (error instanceof SprtSettingsError) throw new UsageError(error.message);
    throw error;
  }
}

export class UsageError extends Error {}

export const DEFAULT_ENGINE = fileURLToPath(new URL('../bin/xiangqi-engine.js', import.meta.url));

/** Splits a command line on spaces, keeping "quoted parts" together (no other shell syntax). */
export function splitCommand(command: string): string[] {
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  if (words.length === 0) throw new UsageError('empty engine command');
  return words;
}

export function parseOption(text: string, flag: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} wants NAME=VALUE, not "${text}"`);
  return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

function whole(text: string | undefined, flag: string, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`${flag} wants a whole number >= ${min}, not "${text}"`);
  return Number(text);
}

/** `--tc 10+0.1`: seconds per game plus seconds per move. */
export function parseClock(text: string): TimeControl {
  const match = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text);
  if (!match || Number(match[1]) <= 0)
    throw new UsageError(`--tc wants BASE[+INC] in seconds, e.g. 10+0.1, not "${text}"`);
  return {
    kind: 'clock',
    baseMs: Math.round(Number(match[1]) * 1000),
    incMs: Math.round(Number(match[2] ?? 0) * 1000),
  };
}

function spec(name: string, command: string[], options: [string, string][]): EngineSpec {
  const label = options.length ? `${name} [${options.map(([n, v]) => `${n}=${v}`).join(', ')}]` : name;
  return { name: label, command: command[0]!, args: command.slice(1), options };
}

/** A readable name for an engine command: the script or program, without `node` or an extension. */
const runsUnderNode = (command: string[]): boolean => /(^|\/)node(\.exe)?$/.test(command[0]!);

function commandName(command: string[]): string {
  const program = runsUnderNode(command) && command[1] ? command[1] : command[0]!;
  return basename(program).replace(/\.(m?js|exe)$/, '');
}

/**
 * Our side's name: xiangqi-wasm for this engine (any build of it runs under node), else the
 * program's, e.g. fairy-stockfish when it plays itself to measure its own time scaling.
 */
function ourName(command: string[], given: boolean): string {
  return given && !runsUnderNode(command) ? commandName(command) : 'xiangqi-wasm';
}

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function parseMatchArgs(argv: string[]): MatchOptions {
  const { rest, sprt } = extractSprt(argv);
  const { values } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: false,
    options: {
      games: { type: 'string' },
      concurrency: { type: 'string' },
      movetime: { type: 'string' },
      'opponent-movetime': { type: 'string' },
      rule: { type: 'string' },
      records: { type: 'string' },
      tc: { type: 'string' },
      nodes: { type: 'string' },
      'time-margin': { type: 'string' },
      engine: { type: 'string' },
      'engine-option': { type: 'string', multiple: true },
      opponent: { type: 'string' },
      'opponent-option': { type: 'string', multiple: true },
      self: { type: 'boolean' },
      openings: { type: 'string' },
      seed: { type: 'string' },
      'max-plies': { type: 'string' },
      continue: { type: 'string', multiple: true },
    },
  });
  if (values.continue && !sprt) throw new UsageError('--continue takes up a stopped SPRT: give --sprt too');
  if ([values.tc, values.movetime, values.nodes].filter((v) => v !== undefined).length > 1) {
    throw new UsageError('give one of --movetime, --tc and --nodes');
  }
  if (values.self && values.opponent !== undefined)
    throw new UsageError('--self plays our engine against itself: leave out --opponent');
  if (values['opponent-movetime'] !== undefined && (values.tc !== undefined || values.nodes !== undefined)) {
    throw new UsageError('--opponent-movetime gives time odds with --movetime, not with --tc or --nodes');
  }
  let rule: RuleSet | null = null;
  if (values.rule !== undefined) {
    try {
      rule = parseRuleSet(values.rule);
    } catch (error) {
      throw new UsageError(`--rule: ${(error as Error).message}`);
    }
  }

  const ourCommand = values.engine === undefined ? [process.execPath, DEFAULT_ENGINE] : splitCommand(values.engine);
  const ourOptions = (values['engine-option'] ?? []).map((o) => parseOption(o, '--engine-option'));
  const theirOptions = (values['opponent-option'] ?? []).map((o) => parseOption(o, '--opponent-option'));
  let theirCommand: string[];
  let theirName: string;
  if (values.self) {
    [theirCommand, theirName] = [ourCommand, 'self'];
  } else if ((values.opponent ?? 'fairy-stockfish') === 'fairy-stockfish') {
    if (!FAIRY_STOCKFISH)
      throw new UsageError(
        'fairy-stockfish is not installed (apt-get install fairy-stockfish), or give --opponent CMD',
      );
    [theirCommand, theirName] = [[FAIRY_STOCKFISH], 'fairy-stockfish'];
  } else {
    theirCommand = splitCommand(values.opponent!);
    theirName = commandName(theirCommand);
  }

  return {
    games: whole(values.games, '--games', sprt ? SPRT_MAX_GAMES : 20),
    concurrency: whole(values.concurrency, '--concurrency', 2),
    time:
      values.tc !== undefined
        ? parseClock(values.tc)
        : values.nodes !== undefined
          ? { kind: 'nodes', nodes: whole(values.nodes, '--nodes', 0) }
          : { kind: 'movetime', ms: whole(values.movetime, '--movetime', 200) },
    opponentTime:
      values['opponent-movetime'] === undefined
        ? null
        : { kind: 'movetime', ms: whole(values['opponent-movetime'], '--opponent-movetime', 0) },
    rule,
    recordsDir: values.records ?? null,
    marginMs: whole(values['time-margin'], '--time-margin', 1000, 0),
    maxPlies: whole(values['max-plies'], '--max-plies', 300),
    seed: values.seed === undefined ? null : whole(values.seed, '--seed', 0, 0),
    openingsFile: values.openings ?? null,
    ours: spec(ourName(ourCommand, values.engine !== undefined), ourCommand, ourOptions),
    opponent: spec(theirName, theirCommand, theirOptions),
    slug: slugify([theirName, ...theirOptions.flat()].join(' ')),
    sprt,
    continues: values.continue ?? [],
  };
}

/**
 * The rules the referee judges by: as asked, else the computer rule when the opponent can be told
 * it (it offers `Rule`), else check-only, the one rule every engine here knows.
 */
export function refereeRule(asked: RuleSet | null, opponentOffersRule: boolean): RuleSet {
  return asked ?? (opponentOffersRule ? 'computer' : 'check-only');
}

/** The engine told the rule (setoption Rule) where it offers the option and was not told another. */
export function toldRule(spec: EngineSpec, offersRule: boolean, rule: RuleSet): EngineSpec {
  if (!offersRule) return spec;
  const given = spec.options.find(([name]) => name.toLowerCase() === 'rule');
  if (given && given[1].toLowerCase() !== rule) {
    throw new UsageError(
      `${spec.name} is set to Rule=${given[1]}, but the referee judges by ${rule}: give the same to --rule`,
    );
  }
  return given ? spec : { ...spec, options: [...spec.options, ['Rule', rule]] };
}

/** The time control as the report says it (both sides' when they differ). */
export function timeText(options: Pick<MatchOptions, 'time' | 'opponentTime'>): string {
  const text = (time: TimeControl) => {
    if (time.kind === 'nodes') return `${time.nodes} nodes a move`;
    return time.kind === 'movetime' ? `movetime ${time.ms} ms` : `clock ${time.baseMs / 1000}+${time.incMs / 1000} s`;
  };
  return options.opponentTime ? `${text(options.time)} against ${text(options.opponentTime)}` : text(options.time);
}
