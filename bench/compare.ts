// `npm run bench:compare -- --baseline DIR`: this tree's builds against a baseline build of the
// engine (DIR holds its engine.wasm and engine.js, e.g. built from an older commit into /tmp), and
// native Fairy-Stockfish's `go perft` when installed, in one process, so the machine's load cancels
// out of the ratios. Measured: perft(5) from the start position, perft over the public suite, and
// searches to a fixed depth with the shipped network (nnue/xiangqi.nnue, or --network FILE; the same
// file for every build) and with the hand-written evaluation, on the first public positions or (with
// --openings FILE) on the positions a match's opening lines reach. The builds take turns within each
// round (the first one rotates), position by position. Prints the tables and writes bench/results/compare.json.
// Options: `--help`.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLine, CommandLineError, wholeNumber } from '../lib/cli.ts';
import { createEngine, type Engine } from '../web/engine/index.ts';
import { startFairyStockfish, nativePerft, type UciProcess } from './native.ts';
import { buildInfo, machine, repoRoot, writeJson, summarize, table, type Summary } from './stats.ts';
import { DEFAULT_CONFIG, perftTasks, searchFens } from './suites.ts';
import { readOpenings } from '../lib/openings-file.ts';
import type { Opening } from '../lib/openings.ts';

interface Contender {
  name: string;
  setPosition(fen: string): Promise<void>;
  perft(depth: number): Promise<number>;
  engine: Engine | null;
}

type MeasureId = 'perft-start' | 'perft-suite' | 'search-network' | 'search-hand';
interface Sample {
  seconds: number;
  work: number;
}

/** The first `count` lines of an opening file, or a command-line error saying why not. */
function openingLines(file: string, count: number): { file: string; lines: Opening[] } {
  let lines: Opening[];
  try {
    lines = readOpenings(resolve(file));
  } catch (error) {
    throw new CommandLineError(`--openings ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (lines.length < count) {
    throw new CommandLineError(`--openings ${file} has ${lines.length} lines, fewer than --positions ${count}`);
  }
  return { file, lines: lines.slice(0, count) };
}

const values = commandLine(
  {
    usage: 'npm run bench:compare -- --baseline DIR [options]',
    about:
      "Times this tree's engine builds against a baseline build (and native Fairy-Stockfish's perft when installed) in one process: perft and fixed-depth searches with the shipped network and without. Writes bench/results/compare.json.",
    options: {
      baseline: { type: 'string', value: 'DIR', help: "the baseline's engine.wasm and engine.js (required)" },
      'baseline-js': { type: 'boolean', default: false, help: "time the baseline's JS build too" },
      rounds: { type: 'string', value: 'N', default: '2', help: 'rounds, the builds taking turns in each' },
      depth: { type: 'string', value: 'N', default: String(DEFAULT_CONFIG.searchDepth), help: 'search depth' },
      positions: {
        type: 'string',
        value: 'N',
        default: String(DEFAULT_CONFIG.searchPositions),
        help: 'positions searched',
      },
      'perft-depth': {
        type: 'string',
        value: 'N',
        default: String(DEFAULT_CONFIG.startDepth),
        help: 'perft depth from the start position',
      },
      'suite-depth': {
        type: 'string',
        value: 'N',
        default: String(DEFAULT_CONFIG.suiteDepth),
        help: 'perft depth over the public suite',
      },
      openings: {
        type: 'string',
        value: 'FILE',
        help: "search the positions the first --positions lines of this opening file reach (e.g. bench/openings.txt: game positions) instead of the public suite's",
      },
      network: {
        type: 'string',
        value: 'FILE',
        help: 'the network every build searches with, instead of the shipped nnue/xiangqi.nnue (one a baseline can load, e.g. an older H 128 file)',
      },
      'no-native': { type: 'boolean', default: false, help: 'leave Fairy-Stockfish out' },
      only: { type: 'string', value: 'perft|search', help: 'perft alone, or the searches alone' },
    },
  },
  (v) => {
    if (!v.baseline)
      throw new CommandLineError('--baseline DIR is required: a folder with the baseline engine.wasm and engine.js');
    if (v.only !== undefined && v.only !== 'perft' && v.only !== 'search')
      throw new CommandLineError(`--only takes perft or search, not "${v.only}"`);
    const whole = (name: string, text: string) => wholeNumber(text, `--${name}`, { min: 1 });
    return {
      baseline: v.baseline,
      baselineJs: v['baseline-js'],
      network: v.network,
      openings: v.openings === undefined ? undefined : openingLines(v.openings, whole('positions', v.positions)),
      noNative: v['no-native'],
      only: v.only,
      rounds: whole('rounds', v.rounds),
      config: {
        ...DEFAULT_CONFIG,
        searchDepth: whole('depth', v.depth),
        searchPositions: whole('positions', v.positions),
        startDepth: whole('perft-depth', v['perft-depth']),
        suiteDepth: whole('suite-depth', v['suite-depth']),
      },
    };
  },
);
const { rounds, config } = values;
const timePerft = values.only !== 'search';
const timeSearch = values.only !== 'perft';

const root = repoRoot();
const baseDir = pathToFileURL(values.baseline.endsWith('/') ? values.baseline : `${values.baseline}/`);
const networkFile =
  values.network === undefined ? fileURLToPath(new URL('nnue/xiangqi.nnue', root)) : resolve(values.network);
const network = new Uint8Array(readFileSync(networkFile));

async function ours(name: string, backend: 'wasm' | 'js', dir: URL): Promise<Contender> {
  const engine = await createEngine(backend, {
    wasmUrl: new URL('engine.wasm', dir),
    jsUrl: new URL('engine.js', dir),
  });
  return {
    name,
    engine,
    // Synchronous here; the native engine's are not, so the contenders share an async shape.
    setPosition(fen) {
      engine.setPosition(fen);
      return Promise.resolve();
    },
    perft: (depth) => Promise.resolve(engine.perft(depth)),
  };
}

function native(engine: UciProcess): Contender {
  return {
    name: 'fairy-stockfish',
    engine: null,
    setPosition: async (fen) => {
      engine.send(`position fen ${fen}`);
      await engine.request('isready', (l) => l === 'readyok');
    },
    perft: (depth) => nativePerft(engine, null, depth),
  };
}

const buildDir = new URL('build/', root);
const contenders: Contender[] = [
  await ours('wasm', 'wasm', buildDir),
  await ours('js', 'js', buildDir),
  await ours('wasm-base', 'wasm', baseDir),
];
if (values.baselineJs) contenders.push(await ours('js-base', 'js', baseDir));
const fairy = values.noNative || !timePerft ? null : await startFairyStockfish();
if (fairy) contenders.push(native(fairy));

const samples = new Map<string, Sample[]>();
const record = (id: MeasureId, name: string, sample: Sample) => {
  const key = `${id}/${name}`;
  samples.set(key, [...(samples.get(key) ?? []), sample]);
};

const { start, suite } = perftTasks(config);
const fens = values.openings === undefined ? searchFens(config) : openingFens(values.openings.lines);

/** The positions the opening lines reach, as FENs every build can take. */
function openingFens(lines: readonly Opening[]): string[] {
  const engine = contenders[0]!.engine!;
  return lines.map((line) => {
    engine.setPosition(line.fen, line.moves);
    return engine.fen();
  });
}
const positionsSearched =
  values.openings === undefined
    ? `${fens.length} positions`
    : `${fens.length} positions of ${basename(values.openings.file)}`;

async function perft(c: Contender, fen: string, depth: number, expected: number | undefined): Promise<Sample> {
  await c.setPosition(fen);
  const t0 = performance.now();
  const leaves = await c.perft(depth);
  const seconds = (performance.now() - t0) / 1000;
  if (expected !== undefined && leaves !== expected) {
    throw new Error(`${c.name}: perft(${depth}) of ${fen} counted ${leaves} leaves, published ${expected}`);
  }
  return { seconds, work: leaves };
}

function search(engine: Engine, fen: string): Sample {
  engine.setPosition(fen);
  engine.clearHash();
  const t0 = performance.now();
  const { nodes } = engine.search({ depth: config.searchDepth });
  return { seconds: (performance.now() - t0) / 1000, work: nodes };
}

// Untimed warm-up: the JS builds' hot functions reach the optimizing tier first.
for (const c of contenders) {
  await c.setPosition(start.fen);
  await c.perft(4);
  c.engine?.setNetwork(network);
  c.engine?.search({ depth: 7 });
  c.engine?.setNetwork(null);
}

const about = machine();
process.stderr.write(`load average ${about['load']} on ${about['cores']} cores\n`);
for (let round = 1; round <= rounds; round++) {
  const order = contenders.map((_, i) => contenders[(i + round - 1) % contenders.length]!);
  if (timePerft) await timePerfts(order);
  if (timeSearch) timeSearches(order);
  process.stderr.write(`round ${round} of ${rounds} done\n`);
}
fairy?.quit();

async function timePerfts(order: Contender[]): Promise<void> {
  for (const c of order) record('perft-start', c.name, await perft(c, start.fen, start.depth, start.leaves));
  const sums = new Map(order.map((c) => [c.name, { seconds: 0, work: 0 }]));
  for (const task of suite) {
    for (const c of order) {
      const s = await perft(c, task.fen, task.depth, task.leaves);
      sums.get(c.name)!.seconds += s.seconds;
      sums.get(c.name)!.work += s.work;
    }
  }
  for (const c of order) record('perft-suite', c.name, sums.get(c.name)!);
}

function timeSearches(order: Contender[]): void {
  for (const [id, file] of [
    ['search-network', network],
    ['search-hand', null],
  ] as const) {
    const searchers = order.filter((c) => c.engine);
    for (const c of searchers) c.engine!.setNetwork(file);
    const totals = new Map(searchers.map((c) => [c.name, { seconds: 0, work: 0 }]));
    for (const fen of fens) {
      for (const c of searchers) {
        const s = search(c.engine!, fen);
        totals.get(c.name)!.seconds += s.seconds;
        totals.get(c.name)!.work += s.work;
      }
    }
    for (const c of searchers) {
      record(id, c.name, totals.get(c.name)!);
      c.engine!.setNetwork(null);
    }
  }
}

const TITLES: Record<MeasureId, string> = {
  'perft-start': `perft(${start.depth}), start position`,
  'perft-suite': `perft, ${suite.length} public positions`,
  'search-network': `search to depth ${config.searchDepth} with the network, ${positionsSearched}`,
  'search-hand': `search to depth ${config.searchDepth}, hand-written evaluation, ${positionsSearched}`,
};
const names = contenders.map((c) => c.name);
const measured = (Object.keys(TITLES) as MeasureId[]).filter((id) => names.some((n) => samples.has(`${id}/${n}`)));
const measures = measured.map((id) => {
  const rates: Record<string, Summary> = {};
  const work: Record<string, number> = {};
  const seconds: Record<string, Summary> = {};
  for (const name of names) {
    const runs = samples.get(`${id}/${name}`);
    if (!runs) continue;
    rates[name] = summarize(runs.map((s) => s.work / s.seconds));
    seconds[name] = summarize(runs.map((s) => s.seconds));
    work[name] = runs[0]!.work;
  }
  return { id, title: TITLES[id], unit: id.startsWith('perft') ? 'leaves/s' : 'nodes/s', rates, seconds, work };
});

/** a's rate over b's: ratio of the medians, and its range over the rounds (paired by round). */
function ratio(m: (typeof measures)[number], a: string, b: string) {
  const x = m.rates[a];
  const y = m.rates[b];
  if (!x || !y) return null;
  const paired = x.runs.map((r, i) => r / y.runs[i]!);
  return { median: x.median / y.median, min: Math.min(...paired), max: Math.max(...paired) };
}
const PAIRS: [string, string][] = [
  ['wasm', 'fairy-stockfish'],
  ['wasm', 'wasm-base'],
  ['wasm', 'js'],
  ['js', 'js-base'],
];
const ratios = measures.map((m) => ({
  id: m.id,
  ratios: Object.fromEntries(
    PAIRS.flatMap(([a, b]) => {
      const r = ratio(m, a, b);
      return r ? [[`${a}/${b}`, r]] : [];
    }),
  ),
}));
const sameTree = measures
  .filter((m) => m.id.startsWith('search'))
  .map((m) => ({ id: m.id, nodes: m.work, same: new Set(Object.values(m.work)).size === 1 }));

const M = (n: number) => (n / 1e6).toFixed(2);
console.log(`${rounds} rounds, median [min-max], M per second; network ${networkFile}; load ${about['load']} before`);
console.log(
  table(
    ['benchmark', ...names],
    measures.map((m) => [
      m.title,
      ...names.map((n) => (m.rates[n] ? `${M(m.rates[n].median)} [${M(m.rates[n].min)}-${M(m.rates[n].max)}]` : '-')),
    ]),
  ),
);
const columns = PAIRS.map(([a, b]) => `${a}/${b}`).filter((k) => ratios.some((r) => r.ratios[k]));
console.log('');
console.log(
  table(
    ['ratio', ...columns],
    ratios.map((r) => [
      TITLES[r.id],
      ...columns.map((k) => {
        const x = r.ratios[k];
        return x ? `${x.median.toFixed(2)}x [${x.min.toFixed(2)}-${x.max.toFixed(2)}]` : '-';
      }),
    ]),
  ),
);
for (const t of sameTree) {
  console.log(
    `${TITLES[t.id]}: ${t.same ? 'same nodes on every build' : 'DIFFERENT nodes'} ${JSON.stringify(t.nodes)}`,
  );
}
const file = writeJson('compare.json', {
  machine: { ...about, loadAfter: machine()['load'] },
  build: buildInfo(),
  baseline: values.baseline,
  network: networkFile,
  openings: values.openings?.file ?? null,
  native: fairy?.idName ?? null,
  config: { ...config, rounds },
  measures,
  ratios,
  sameTree,
});
console.log(`wrote ${file}`);
