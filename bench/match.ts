// `npm run match -- ...`: our UCI engine against another UCI engine (native Fairy-Stockfish by
// default), each opening played from both colours, games adjudicated by our adapter's rules.
// Prints W/D/L, score and Elo; writes every game to bench/results/match-<opponent>-<date>.json.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadavg } from 'node:os';
import { createEngine, type Engine } from '../web/engine/index.ts';
import { messageOf } from '../web/engine/errors.ts';
import {
  DEFAULT_ENGINE,
  parseMatchArgs,
  refereeRule,
  timeText,
  toldRule,
  USAGE,
  UsageError,
  type MatchOptions,
} from './match-args.ts';
import { pool } from './match-pool.ts';
import { playGame, ourScore, type GameConfig, type GameRecord } from './match-game.ts';
import { checkOpenings, orderOpenings } from '../lib/openings.ts';
import { matchOpenings } from '../lib/openings-file.ts';
import { schedule } from './match-openings.ts';
import { probeEngine as probe, killAllEngines, type EngineSpec } from './match-player.ts';
import {
  byReason,
  eloEstimate,
  finishedPairs,
  formatElo,
  gamesIn,
  ladderTable,
  progressLine,
  resultTables,
  scoreOf,
  searchSummary,
  searchTable,
  sumStats,
  tally,
  type SavedMatch,
} from './match-report.ts';
import { describeSettings, sprtBounds, sprtLine, sprtState, type SprtState } from './sprt.ts';
import { snapshotBuild, type BuildSnapshot } from './match-snapshot.ts';
import { machine, writeJson } from './stats.ts';
import { matchesDir, writeMatchRecords } from './match-records.ts';
import { earlierRuns, type EarlierRun } from './sprt-continue.ts';

// The bundle lives in build/, beside the engine builds; a match plays a private copy of them,
// taken when the match starts (not for --help or --summarize).
let copy: BuildSnapshot | null = null;
const snapshot = (): BuildSnapshot => (copy ??= snapshotBuild());
const rulesEngine = (): Promise<Engine> =>
  createEngine('wasm', { wasmUrl: snapshot().wasmUrl, jsUrl: snapshot().jsUrl });

/** Replays the games when they are written as PGN (the writer checks every move). */
let recordsEngine: Engine | null = null;

/** Where the match's openings came from: a file, or 'built-in'. */
let openingsSource = 'built-in';
/** `--continue`: the stopped runs of the same SPRT whose pairs come before this run's. */
let earlier: EarlierRun[] = [];

/** Set while games are being played: reports the games finished so far if the match is cut short. */
let reportSoFar: ((why: string) => void) | null = null;

/** The default engine command runs build/ through bin/; point it at the snapshot instead. */
function frozen(spec: EngineSpec): EngineSpec {
  return spec.args[0] === DEFAULT_ENGINE ? { ...spec, args: [snapshot().uci, ...spec.args.slice(1)] } : spec;
}

/** An engine's UCI id, and our engine's bench signature, which tells its builds apart. */
const named = (engine: { id: string; bench: number | null }): string =>
  engine.bench === null ? engine.id : `${engine.id} (bench ${engine.bench})`;

async function run(given: MatchOptions): Promise<void> {
  const options = { ...given, ours: frozen(given.ours), opponent: frozen(given.opponent) };
  const { openings, source } = matchOpenings(options.openingsFile);
  openingsSource = source;
  checkOpenings(openings, await rulesEngine());
  const setups = schedule(orderOpenings(openings, options.seed), options.games);
  if (options.games > openings.length * 2) {
    process.stderr.write(
      `note: ${options.sprt ? `up to ${options.games}` : options.games} games repeat the ${openings.length} openings (${source})\n`,
    );
  }

  const probed = { ours: await probe(options.ours), opponent: await probe(options.opponent) };
  const ids = { ours: probed.ours.id, opponent: probed.opponent.id };
  const rule = refereeRule(options.rule, probed.opponent.offersRule);
  process.stderr.write(`games are judged by the ${rule} rules\n`);
  options.ours = toldRule(options.ours, probed.ours.offersRule, rule);
  options.opponent = toldRule(options.opponent, probed.opponent.offersRule, rule);
  if (!probed.opponent.offersRule && rule !== 'check-only') {
    process.stderr.write(
      `note: ${ids.opponent} offers no Rule option; games are judged by the ${rule} rules, which it may not know\n`,
    );
  }
  const loadBefore = loadavg();
  process.stderr.write(
    `${named(probed.ours)} vs ${named(probed.opponent)}: ${options.ours.name} vs ${options.opponent.name}, ` +
      `${options.sprt ? `${describeSettings(options.sprt)}, at most ` : ''}${options.games} games, ${openings.length} openings, ${timeText(options)}, concurrency ${options.concurrency}, build ${snapshot().fingerprint}, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
  );

  options.rule = rule;
  if (options.sprt) {
    const engines = {
      ours: { name: options.ours.name, id: ids.ours, bench: probed.ours.bench },
      opponent: { name: options.opponent.name, id: ids.opponent, bench: probed.opponent.bench },
    };
    earlier = earlierRuns(options.continues, { ...options, sprt: options.sprt, rule, ...engines });
    for (const run of earlier) process.stderr.write(`continues ${run.record}: ${run.pairs.length} pairs\n`);
  }
  recordsEngine = await rulesEngine();
  const config: GameConfig = {
    ours: options.ours,
    opponent: options.opponent,
    time: options.time,
    opponentTime: options.opponentTime ?? undefined,
    rule,
    marginMs: options.marginMs,
    maxPlies: options.maxPlies,
  };
  const finished: GameRecord[] = [];
  const started = performance.now();
  const facts = (stopped?: string): RunFacts => ({
    loadBefore,
    loadAfter: loadavg(),
    seconds: (performance.now() - started) / 1000,
    stopped,
  });
  reportSoFar = (why) => {
    if (finished.length)
      report(
        options,
        probed,
        [...finished].sort((a, b) => a.index - b.index),
        facts(why),
      );
  };
  // With --sprt: our scores in the finished pairs, and the games as they stood when the test decided.
  const pairs: [number, number][] = earlier.flatMap((r) => r.pairs);
  const partner = new Map<number, GameRecord>();
  // Set by the game callbacks; typed by assertion so that TypeScript does not narrow it to null here.
  let decided = null as GameRecord[] | null;
  let onDecision = () => {};
  const decision = new Promise<void>((resolve) => (onDecision = resolve));
  let begun = 0;
  const games = pool(
    setups,
    options.concurrency,
    async (setup) => {
      begun++;
      const game = await playGame(setup, config, await rulesEngine());
      if (decided) return game; // finished after the test decided: not counted
      finished.push(game);
      process.stderr.write(progressLine(game, finished.length, setups.length, finished) + '\n');
      if (!options.sprt) return game;
      const pair = Math.floor((game.index - 1) / 2);
      const other = partner.get(pair);
      if (!other) {
        partner.set(pair, game);
        return game;
      }
      partner.delete(pair);
      pairs.push(other.index < game.index ? [ourScore(other), ourScore(game)] : [ourScore(game), ourScore(other)]);
      const state = sprtState(options.sprt, pairs);
      process.stderr.write(sprtLine(state) + '\n');
      if (state.decision) {
        decided = [...finished];
        onDecision();
      }
      return game;
    },
    () => decided !== null,
  );
  // A decision ends the match at once: games still being played are dropped (their engines are
  // killed on exit), so the report covers exactly the games the test saw, plus any unpaired ones.
  await Promise.race([games, decision]);
  reportSoFar = null;
  const dropped = decided ? begun - decided.length : 0;
  report(
    options,
    probed,
    (decided ?? finished).sort((a, b) => a.index - b.index),
    facts(),
    dropped,
  );
}

/** The SPRT's state over the finished pairs of these games. */
function sprtSummary(options: MatchOptions, games: readonly GameRecord[]): SprtState | null {
  return options.sprt ? sprtState(options.sprt, [...earlier.flatMap((r) => r.pairs), ...finishedPairs(games)]) : null;
}

function sprtVerdict(state: SprtState): string {
  const games = `${state.pairs} pairs (${state.pairs * 2} games)`;
  if (state.decision === 'H1') return `H1 accepted after ${games}: elo1 is the likelier`;
  if (state.decision === 'H0') return `H0 accepted after ${games}: elo0 is the likelier`;
  return `no decision after ${games}`;
}

interface RunFacts {
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  /** Why the match ended early, when it did (the report then covers the games finished). */
  stopped?: string | undefined;
}

function report(
  options: MatchOptions,
  probed: Record<'ours' | 'opponent', { id: string; bench: number | null }>,
  games: GameRecord[],
  facts: RunFacts,
  dropped = 0,
): void {
  const t = tally(games);
  const sprt = sprtSummary(options, games);
  // Only a fixed-length match gives an Elo with an error: stopping at a bound biases the estimate.
  const elo = sprt ? null : eloEstimate(t);
  const search = {
    ours: searchSummary(sumStats(games, 'ours')),
    opponent: searchSummary(sumStats(games, 'opponent')),
  };
  const rule = options.rule ?? 'computer';
  if (facts.stopped) console.log(`STOPPED EARLY (${facts.stopped}): ${gamesIn(t)} of ${options.games} games finished`);
  console.log(
    `${options.ours.name} vs ${options.opponent.name}: ${gamesIn(t)} games, ${timeText(options)}, rule ${rule}, ` +
      `max ${options.maxPlies} plies, concurrency ${options.concurrency}, build ${snapshot().fingerprint}, ${(facts.seconds / 60).toFixed(1)} min, ` +
      `load ${facts.loadBefore[0]!.toFixed(2)} -> ${facts.loadAfter[0]!.toFixed(2)}`,
  );
  console.log(
    `ours: +${t.wins} =${t.draws} -${t.losses}, score ${(scoreOf(t) * 100).toFixed(1)}%` +
      (elo ? `, Elo ${formatElo(elo)} (95%), LOS ${(elo.los * 100).toFixed(1)}%` : ''),
  );
  if (sprt) {
    const unpaired = gamesIn(t) - finishedPairs(games).length * 2; // this run's games; earlier runs' pairs count too
    console.log(
      `${describeSettings(options.sprt!)}: ${sprtVerdict(sprt)}` +
        `${unpaired ? `; ${unpaired} game(s) without their pair not counted` : ''}${dropped ? `; ${dropped} game(s) in progress dropped` : ''}`,
    );
    console.log(sprtLine(sprt));
  }
  console.log(`openings: ${openingsSource}`);
  console.log('');
  console.log(resultTables(games, elo !== null));
  console.log('');
  console.log(
    searchTable(
      [
        [options.ours.name, search.ours],
        [options.opponent.name, search.opponent],
      ],
      options.time.kind === 'movetime',
    ),
  );
  const started = new Date(Date.now() - facts.seconds * 1000);
  const stamp = started.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const settings = {
    games: options.games,
    concurrency: options.concurrency,
    time: options.time,
    opponentTime: options.opponentTime,
    rule,
    marginMs: options.marginMs,
    maxPlies: options.maxPlies,
    seed: options.seed,
    openings: openingsSource,
    seconds: facts.seconds,
    buildFingerprint: snapshot().fingerprint,
    stopped: facts.stopped ?? null,
    sprt: options.sprt
      ? {
          ...options.sprt,
          ...sprtBounds(options.sprt),
          model: 'logistic Elo, pentanomial GSPRT (fishtest LLR_logistic)',
        }
      : null,
  };
  const summary = {
    machine: { ...machine(), loadBefore: facts.loadBefore, loadAfter: facts.loadAfter },
    settings,
    engines: {
      ours: { ...options.ours, id: probed.ours.id, bench: probed.ours.bench },
      opponent: { ...options.opponent, id: probed.opponent.id, bench: probed.opponent.bench },
    },
    summary: {
      // JSON has no Infinity: an open end of the interval (or a sweep's Elo) is written as null.
      ...t,
      score: scoreOf(t),
      ...(elo
        ? {
            elo: elo.elo,
            eloLow95: elo.low,
            eloHigh95: elo.high,
            eloMargin95: elo.margin,
            los: elo.los,
          }
        : {}),
      byColor: {
        red: tally(games.filter((g) => g.ourColor === 'red')),
        black: tally(games.filter((g) => g.ourColor === 'black')),
      },
      byReason: byReason(games),
      sprt: sprt
        ? {
            ...sprt,
            result: sprtVerdict(sprt),
            droppedGames: dropped,
            continues: earlier.map((r) => ({ record: basename(r.record), pairs: r.pairs.length })),
          }
        : null,
    },
    search,
  };
  const file = writeJson(`match-${options.slug}-${stamp}.json`, { ...summary, games });
  console.log(`wrote ${file}`);
  const records = writeMatchRecords(
    matchesDir(options.recordsDir),
    `${stamp}-${options.slug}`,
    games,
    { event: `${options.ours.name} vs ${options.opponent.name}`, date: started, timeControl: timeText(options), rule },
    recordsEngine!,
    {
      ...summary,
      games: games.map((g) => ({
        round: g.index,
        opening: g.opening,
        ours: g.ourColor,
        result: g.result,
        reason: g.reason,
        plies: g.moves.length,
      })),
    },
  );
  console.log(`wrote ${records.pgn} and ${records.summary}`);
}

/** `--summarize FILE...`: reads saved matches back and prints one row each, in the order given. */
function summarize(files: string[]): number {
  if (files.length === 0) {
    console.error(`--summarize wants match JSON files\n\n${USAGE}`);
    return 2;
  }
  const matches = files.map((file) => ({
    ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<SavedMatch, 'file'>),
    file,
  }));
  console.log(ladderTable(matches));
  return 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv[0] === '--summarize') return summarize(argv.slice(1));
  let options: MatchOptions;
  try {
    options = parseMatchArgs(argv);
  } catch (error) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed flags.
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  await run(options);
  return 0;
}

// Engines must not outlive the runner, whatever ends it.
process.on('exit', () => {
  killAllEngines();
  copy?.remove();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killAllEngines();
    reportSoFar?.(signal);
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    killAllEngines();
    process.exit(code);
  },
  (error: unknown) => {
    killAllEngines();
    reportSoFar?.(`error: ${messageOf(error)}`);
    console.error('match failed:', error);
    process.exit(1);
  },
);
