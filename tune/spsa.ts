// `npm run spsa -- [options]`: tunes the search's named constants (web/engine/search-params.ts) by
// SPSA in self-play (spsa-math.ts): each iteration plays one game pair, both colours on one opening
// of bench/openings.txt, between the engine with every tuned constant nudged up or down at random
// and the engine with the opposite nudges, at a fixed node budget (the same games on a loaded host),
// and moves the constants by the result. Every pair is appended to a log at once, so a stopped run
// resumes where it stopped. At the end it prints the tuned values and the SearchParams setting that
// plays them, which then has to pass an SPRT against the shipped values (`npm run match -- --self
// --engine-option SearchParams=...`) before it ships.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { commandLine, CommandLineError, numberOption, wholeNumber } from '../lib/cli.ts';
import { orderOpenings } from '../lib/openings.ts';
import { matchOpenings } from '../lib/openings-file.ts';
import { seededRandom } from '../lib/random.ts';
import { playGame, ourScore, type GameConfig } from '../bench/match-game.ts';
import { killAllEngines, type EngineSpec } from '../bench/match-player.ts';
import { snapshotBuild } from '../bench/match-snapshot.ts';
import { createEngine, type Engine } from '../web/engine/index.ts';
import { SEARCH_PARAMS, searchParam } from '../web/engine/search-params.ts';
import { perturb, schedule, update, type SpsaParam } from './spsa-math.ts';

const args = commandLine(
  {
    usage: 'npm run spsa -- [options]',
    about:
      "Tunes the search's named constants (web/engine/search-params.ts) by SPSA in self-play at a fixed node budget, one game pair an iteration; every pair is logged at once and a stopped run resumes from its log. Prints the tuned values and their SearchParams setting, to be verified by an SPRT against the shipped ones.",
    options: {
      iterations: { type: 'string', value: 'N', default: '2000', help: 'game pairs in the run' },
      nodes: { type: 'string', value: 'N', default: '5000', help: 'nodes a move (at least 100)' },
      params: {
        type: 'string',
        value: 'LIST',
        default: 'all',
        help: `the constants to tune, comma-separated (all: ${SEARCH_PARAMS.map((p) => p.name).join(', ')})`,
      },
      'r-end': { type: 'string', value: 'R', default: '0.002', help: "the learning rate at the run's end" },
      concurrency: {
        type: 'string',
        value: 'N',
        default: String(availableParallelism()),
        help: 'game pairs at a time (default one a core)',
      },
      seed: { type: 'string', value: 'N', default: '1', help: 'the perturbations and the openings order' },
      'max-plies': { type: 'string', value: 'N', default: '300', help: 'a game reaching N plies is drawn' },
      log: { type: 'string', value: 'FILE', default: 'tune/data/spsa.jsonl', help: 'the log (run again to resume)' },
    },
  },
  (v) => {
    const names = v.params === 'all' ? SEARCH_PARAMS.map((p) => p.name) : v.params.split(',').map((n) => n.trim());
    const params = names.map((name) => {
      const param = searchParam(name);
      if (!param) throw new CommandLineError(`--params: "${name}" is not a search parameter`);
      return param;
    });
    if (new Set(params).size !== params.length) throw new CommandLineError('--params names a constant twice');
    return {
      iterations: wholeNumber(v.iterations, '--iterations', { min: 1 }),
      nodes: wholeNumber(v.nodes, '--nodes', { min: 100 }),
      params,
      rEnd: numberOption(v['r-end'], '--r-end', (n) => n > 0 && n < 1, 'a number between 0 and 1', 0.002),
      concurrency: wholeNumber(v.concurrency, '--concurrency', { min: 1 }),
      seed: wholeNumber(v.seed, '--seed'),
      maxPlies: wholeNumber(v['max-plies'], '--max-plies', { min: 2 }),
      log: resolve(v.log),
    };
  },
);

const spsaParams: SpsaParam[] = args.params.map((p) => ({ name: p.name, min: p.min, max: p.max, cEnd: p.step }));
const plan = schedule(args.iterations, args.rEnd);
/** What a log must have been started with for this run to take it up. */
const settings = {
  iterations: args.iterations,
  nodes: args.nodes,
  params: args.params.map((p) => p.name),
  rEnd: args.rEnd,
  seed: args.seed,
  maxPlies: args.maxPlies,
};

interface Step {
  k: number;
  delta: (1 | -1)[];
  plus: number[];
  minus: number[];
  /** The plus side's points less the minus side's over the pair. */
  result: number;
  /** Theta after this step. */
  theta: number[];
}

/** The log's settings line and its steps; a line cut short by a kill is dropped. */
function readLog(): { theta: number[]; done: Set<number> } | null {
  if (!existsSync(args.log)) return null;
  const lines = readFileSync(args.log, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const head = lines.length ? (JSON.parse(lines[0]!) as { settings?: unknown }) : null;
  if (JSON.stringify(head?.settings) !== JSON.stringify(settings))
    throw new CommandLineError(
      `${args.log} is the log of another run (${JSON.stringify(head?.settings)}); give --log another file to start afresh`,
    );
  let theta = args.params.map((p) => p.default);
  const done = new Set<number>();
  for (const line of lines.slice(1)) {
    let step: Step;
    try {
      step = JSON.parse(line) as Step;
    } catch {
      continue;
    }
    done.add(step.k);
    theta = step.theta;
  }
  return { theta, done };
}

/** The iteration's perturbation: the same for the same seed and k, whenever it is played. */
function deltaFor(k: number): (1 | -1)[] {
  const random = seededRandom(args.seed * 1_000_003 + k);
  return args.params.map(() => (random() < 0.5 ? -1 : 1));
}

const setting = (values: readonly number[]): string => values.map((v, i) => `${args.params[i]!.name}=${v}`).join(' ');

const log = readLog();
let theta = log?.theta ?? args.params.map((p) => p.default);
const done = log?.done ?? new Set<number>();
if (!log) {
  mkdirSync(dirname(args.log), { recursive: true });
  writeFileSync(args.log, JSON.stringify({ settings, started: new Date().toISOString() }) + '\n');
}

const snapshot = snapshotBuild(new URL('./', import.meta.url));
process.on('exit', () => {
  killAllEngines();
  snapshot.remove();
});
process.on('SIGINT', () => process.exit(130));

const { openings } = matchOpenings(null);
const ordered = orderOpenings(openings, args.seed);
const spec = (name: string, values: readonly number[]): EngineSpec => ({
  name,
  command: process.execPath,
  args: [snapshot.uci],
  options: [
    ['Threads', '1'],
    ['Hash', '16'],
    ['OwnBook', 'false'],
    ['SearchParams', setting(values)],
  ],
});

/** Plays iteration k's pair on `rules` (an adjudicating engine of its own) and applies its result. */
async function iterate(k: number, rules: Engine): Promise<void> {
  const delta = deltaFor(k);
  const { plus, minus } = perturb(plan, spsaParams, theta, delta, k);
  const config: GameConfig = {
    ours: spec('plus', plus),
    opponent: spec('minus', minus),
    time: { kind: 'nodes', nodes: args.nodes },
    marginMs: 10_000,
    maxPlies: args.maxPlies,
  };
  const opening = ordered[(k - 1) % ordered.length]!;
  let points = 0;
  for (const ourColor of ['red', 'black'] as const) {
    const game = await playGame({ index: 2 * k - (ourColor === 'red' ? 1 : 0), opening, ourColor }, config, rules);
    if (game.reason === 'crash' || game.reason === 'illegal-move' || game.reason === 'time-forfeit')
      throw new Error(`iteration ${k}: game ended by ${game.reason}${game.detail ? ` (${game.detail})` : ''}`);
    points += ourScore(game);
  }
  const result = 2 * points - 2;
  // Applied to theta as it is now: pairs played at the same time each move it by their own result.
  theta = update(plan, spsaParams, theta, delta, k, result);
  const step: Step = { k, delta, plus, minus, result, theta };
  appendFileSync(args.log, JSON.stringify(step) + '\n');
  done.add(k);
  process.stdout.write(
    `[${done.size}/${args.iterations}] pair ${k}: ${result >= 0 ? '+' : ''}${result} | ${args.params
      .map((p, i) => `${p.name} ${theta[i]!.toFixed(1)}`)
      .join(', ')}\n`,
  );
}

const todo = Array.from({ length: args.iterations }, (_, i) => i + 1).filter((k) => !done.has(k));
if (done.size > 0) console.log(`resuming after ${done.size} pairs (${args.log})`);
console.log(
  `SPSA of ${args.params.length} constants, ${args.iterations} pairs at ${args.nodes} nodes a move, ${args.concurrency} at a time, build ${snapshot.fingerprint}`,
);
await Promise.all(
  Array.from({ length: Math.min(args.concurrency, todo.length) }, async () => {
    const rules = await createEngine('wasm', { wasmUrl: snapshot.wasmUrl, jsUrl: snapshot.jsUrl });
    for (let k = todo.shift(); k !== undefined; k = todo.shift()) await iterate(k, rules);
  }),
);

const tuned = theta.map((t) => Math.round(t));
console.log('\nconstant              shipped   tuned');
for (const [i, p] of args.params.entries())
  console.log(`${p.name.padEnd(20)} ${String(p.default).padStart(8)} ${String(tuned[i]).padStart(7)}`);
console.log(`\nSearchParams: ${setting(tuned)}`);
console.log(
  `verify it: npm run match -- --self --engine-option "SearchParams=${setting(tuned)}" --nodes ${args.nodes} --sprt elo0=0 elo1=15`,
);
writeFileSync(
  args.log.replace(/\.jsonl$/, '') + '.result.json',
  JSON.stringify(
    { settings, pairs: done.size, tuned: Object.fromEntries(args.params.map((p, i) => [p.name, tuned[i]])) },
    null,
    2,
  ) + '\n',
);
