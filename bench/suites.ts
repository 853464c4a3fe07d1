// The benchmark suites, shared by `npm run bench` (Node) and the bench page's worker (browser):
// perft from the start position, perft over the public suite, and a fixed-depth search on ten
// public positions; then the evaluations: the hand-written one, and a network (of the engine's
// file format, random weights: its speed does not depend on them) from scratch, updated by one
// move, and in a fixed-depth search. Builds take turns within every round (the first build rotates from round to
// round), so a change in the machine's load hits all of them alike. No node: imports here.
import type { Engine } from '../web/engine/index.ts';
import { summarize, type Summary } from './format.ts';
import { PUBLIC_SUITE } from './public-suite.ts';
import { encodeNetwork } from '../web/engine/nnue-file.ts';
import { randomNetwork } from './lib/random-network.ts';

export interface BenchConfig {
  rounds: number;
  /** Perft depth from the start position. */
  startDepth: number;
  /** Deepest perft depth for the public suite; each position goes as deep as suiteMaxLeaves allows. */
  suiteDepth: number;
  suiteMaxLeaves: number;
  /** Fixed search depth, and how many public positions (from the first) are searched. */
  searchDepth: number;
  searchPositions: number;
  /** Evaluations per position and round for the evaluation benchmarks (0: leave them out). */
  evaluations: number;
  /** Hidden units of the benchmark's network. */
  networkHidden: number;
}

export const DEFAULT_CONFIG: BenchConfig = {
  rounds: 3,
  startDepth: 5,
  suiteDepth: 5,
  // Keeps the start-like middlegame (140 M leaves at depth 5) at depth 4, so one suite run costs
  // about as much as perft(5) from the start.
  suiteMaxLeaves: 60_000_000,
  searchDepth: 10,
  searchPositions: 10,
  evaluations: 100_000,
  networkHidden: 128,
};

/**
 * One engine under test. Only perft and search are timed; setting the position (and emptying the
 * hash table before a search) is not. Only our builds search: another engine's nodes are not
 * comparable.
 */
export interface Build {
  name: string;
  setPosition(fen: string, forSearch: boolean): void | Promise<void>;
  perft(depth: number): number | Promise<number>;
  // The optional abilities are function-valued fields, not methods: a build without one leaves it out.
  search?: (depth: number) => { nodes: number };
  /** Evaluations of the position's replies (fresh: from scratch); returns their sum. */
  evaluate?: (fresh: boolean, count: number) => number;
  /** The network to evaluate with (null: the hand-written evaluation). */
  setNetwork?: (file: Uint8Array | null) => void;
}

/** One of our builds behind the Engine interface; every search starts from an empty hash table. */
export function engineBuild(engine: Engine): Build {
  return {
    name: engine.backend,
    setPosition: (fen, forSearch) => {
      engine.setPosition(fen);
      if (forSearch) engine.clearHash();
    },
    perft: (depth) => engine.perft(depth),
    search: (depth) => engine.search({ depth }),
    evaluate: (fresh, count) => engine.benchmarkEvaluation(fresh, count),
    setNetwork: (file) => engine.setNetwork(file),
  };
}

/** The benchmark's network: random weights in the engine's file format, the same for every build. */
export function benchmarkNetwork(hidden: number): Uint8Array {
  return encodeNetwork(randomNetwork(hidden, 2026));
}

export type BenchmarkId =
  | 'perft-start'
  | 'perft-suite'
  | 'search-time'
  | 'search-nps'
  | 'eval-hand'
  | 'eval-network-fresh'
  | 'eval-network-update'
  | 'search-network-nps';

export interface BenchmarkResult {
  id: BenchmarkId;
  title: string;
  unit: 'leaves/s' | 'nodes/s' | 'evals/s' | 's';
  higherIsBetter: boolean;
  /** Per build: one figure per finished round, in round order. */
  builds: Record<string, Summary>;
  /** Per build: leaves or nodes of one round (the same for every build when they do the same work). */
  work: Record<string, number>;
}

export interface BenchResults {
  config: BenchConfig;
  builds: string[];
  benchmarks: BenchmarkResult[];
  /** Rounds finished by every build. */
  roundsDone: number;
}

export interface Progress {
  done: number;
  total: number;
  round: number;
  benchmark: BenchmarkId;
  build: string;
  /** This step finished the build's run of the benchmark in this round. */
  finished: boolean;
  results: BenchResults;
}

interface Task {
  fen: string;
  depth: number;
  leaves: number | undefined;
}

export function perftTasks(config: BenchConfig): { start: Task; suite: Task[] } {
  const [first, ...rest] = PUBLIC_SUITE;
  const start: Task = { fen: first!.fen, depth: config.startDepth, leaves: first!.perft[config.startDepth] };
  const suite: Task[] = [];
  for (const p of rest) {
    const depths = Object.keys(p.perft)
      .map(Number)
      .filter((d) => d <= config.suiteDepth && p.perft[d]! <= config.suiteMaxLeaves);
    if (depths.length) {
      const depth = Math.max(...depths);
      suite.push({ fen: p.fen, depth, leaves: p.perft[depth] });
    }
  }
  return { start, suite };
}

export function searchFens(config: BenchConfig): string[] {
  return PUBLIC_SUITE.slice(0, config.searchPositions).map((p) => p.fen);
}

export function describe(id: BenchmarkId, config: BenchConfig): string {
  const { suite } = perftTasks(config);
  const depths = [...new Set(suite.map((t) => t.depth))].sort().join('-');
  switch (id) {
    case 'perft-start':
      return `perft(${config.startDepth}), start position`;
    case 'perft-suite':
      return `perft, ${suite.length} public positions, depth ${depths}`;
    case 'search-time':
      return `search to depth ${config.searchDepth}, ${config.searchPositions} positions`;
    case 'search-nps':
      return `search speed, ${config.searchPositions} positions`;
    case 'eval-hand':
      return `hand-written evaluation, ${config.searchPositions} positions`;
    case 'eval-network-fresh':
      return `network (${config.networkHidden}) from scratch`;
    case 'eval-network-update':
      return `network (${config.networkHidden}) updated by a move`;
    case 'search-network-nps':
      return `search speed with the network, depth ${config.searchDepth}`;
  }
}

const TIMER_RESOLUTION = 1e-4; // seconds

/** Sums of one (round, benchmark, build): seconds and leaves or nodes. */
interface Sample {
  seconds: number;
  work: number;
}

export async function runBenchmarks(
  builds: Build[],
  config: BenchConfig,
  onProgress: (p: Progress) => void = () => {},
): Promise<BenchResults> {
  const { start, suite } = perftTasks(config);
  const fens = searchFens(config);
  const searchers = builds.filter((b) => b.search);
  const samples = new Map<string, Sample[]>(); // key `${benchmark}/${build}`
  const evaluators = config.evaluations > 0 ? builds.filter((b) => b.evaluate && b.setNetwork) : [];
  const network = evaluators.length ? benchmarkNetwork(config.networkHidden) : null;
  const total =
    config.rounds *
    (builds.length * (1 + suite.length) + searchers.length * fens.length + evaluators.length * fens.length * 4);
  let done = 0;

  let roundsDone = 0;
  const results = (): BenchResults => snapshot(builds, config, samples, roundsDone);
  const record = (bench: 'perft' | 'suite' | 'search' | EvalKind, build: string, sample: Sample) => {
    const key = `${bench}/${build}`;
    samples.set(key, [...(samples.get(key) ?? []), sample]);
  };

  const perft = async (build: Build, task: Task): Promise<Sample> => {
    await build.setPosition(task.fen, false);
    const t0 = performance.now();
    const leaves = await build.perft(task.depth);
    const seconds = (performance.now() - t0) / 1000;
    if (task.leaves !== undefined && leaves !== task.leaves) {
      throw new Error(
        `${build.name}: perft(${task.depth}) of ${task.fen} counted ${leaves} leaves, published ${task.leaves}`,
      );
    }
    return { seconds, work: leaves };
  };

  await warmUp(builds, fens[0] ?? start.fen, network);
  for (let round = 1; round <= config.rounds; round++) {
    const order = builds.map((_, i) => builds[(i + round - 1) % builds.length]!);
    const step = (benchmark: BenchmarkId, build: Build, finished = true) =>
      onProgress({ done: ++done, total, round, benchmark, build: build.name, finished, results: results() });

    for (const build of order) {
      record('perft', build.name, await perft(build, start));
      step('perft-start', build);
    }
    // Suites take turns position by position, so a burst of load from other processes (this is
    // often a shared machine) lands on every build rather than on one build's whole suite.
    const sums = new Map(order.map((b) => [b.name, { seconds: 0, work: 0 }]));
    for (const [i, task] of suite.entries()) {
      for (const build of order) {
        const s = await perft(build, task);
        const sum = sums.get(build.name)!;
        sum.seconds += s.seconds;
        sum.work += s.work;
        if (i === suite.length - 1) record('suite', build.name, sum);
        step('perft-suite', build, i === suite.length - 1);
      }
    }
    const searchOrder = order.filter((b) => b.search);
    const searchSums = new Map(searchOrder.map((b) => [b.name, { seconds: 0, work: 0 }]));
    for (const [i, fen] of fens.entries()) {
      for (const build of searchOrder) {
        await build.setPosition(fen, true);
        const t0 = performance.now();
        const { nodes } = build.search!(config.searchDepth);
        const sum = searchSums.get(build.name)!;
        sum.seconds += (performance.now() - t0) / 1000;
        sum.work += nodes;
        if (i === fens.length - 1) record('search', build.name, sum);
        step('search-time', build, i === fens.length - 1);
      }
    }
    // The evaluations, position by position with the builds taking turns, as the searches do.
    const evalOrder = order.filter((b) => evaluators.includes(b));
    for (const kind of EVAL_KINDS) {
      const evalSums = new Map(evalOrder.map((b) => [b.name, { seconds: 0, work: 0 }]));
      for (const [i, fen] of fens.entries()) {
        let expected: number | null = null;
        for (const build of evalOrder) {
          build.setNetwork!(kind === 'hand' ? null : network);
          await build.setPosition(fen, true);
          const t0 = performance.now();
          let work = config.evaluations;
          let scores = 0;
          if (kind === 'network-search') work = build.search!(config.searchDepth).nodes;
          else scores = build.evaluate!(kind === 'network-fresh', config.evaluations);
          const sum = evalSums.get(build.name)!;
          sum.seconds += (performance.now() - t0) / 1000;
          sum.work += work;
          // Equal work is not enough here: the builds must also have scored alike.
          if (expected !== null && scores !== expected) {
            throw new Error(
              `${build.name}: ${describe(EVAL_BENCHMARKS[kind], config)} of ${fen} summed ${scores}, the first build ${expected}`,
            );
          }
          expected = scores;
          if (i === fens.length - 1) record(kind, build.name, sum);
          step(EVAL_BENCHMARKS[kind], build, i === fens.length - 1);
        }
      }
      for (const build of evalOrder) build.setNetwork!(null);
    }
    roundsDone = round;
  }
  return results();
}

type EvalKind = 'hand' | 'network-fresh' | 'network-update' | 'network-search';
const EVAL_KINDS: EvalKind[] = ['hand', 'network-fresh', 'network-update', 'network-search'];
const EVAL_BENCHMARKS: Record<EvalKind, BenchmarkId> = {
  hand: 'eval-hand',
  'network-fresh': 'eval-network-fresh',
  'network-update': 'eval-network-update',
  'network-search': 'search-network-nps',
};

/** Lets the JS build's hot functions reach the optimizing tier before anything is timed. */
async function warmUp(builds: Build[], fen: string, network: Uint8Array | null): Promise<void> {
  for (const build of builds) {
    await build.setPosition(fen, true);
    await build.perft(4);
    build.search?.(7);
    if (network && build.evaluate && build.setNetwork) {
      for (const file of [null, network]) {
        build.setNetwork(file);
        build.evaluate(false, 20_000);
        build.evaluate(true, 2_000);
      }
      build.setNetwork(null);
    }
  }
}

function snapshot(
  builds: Build[],
  config: BenchConfig,
  samples: Map<string, Sample[]>,
  roundsDone: number,
): BenchResults {
  const names = builds.map((b) => b.name);
  const make = (
    id: BenchmarkId,
    source: string,
    unit: BenchmarkResult['unit'],
    value: (s: Sample) => number,
  ): BenchmarkResult => {
    const result: BenchmarkResult = {
      id,
      title: describe(id, config),
      unit,
      higherIsBetter: unit !== 's',
      builds: {},
      work: {},
    };
    for (const name of names) {
      const runs = samples.get(`${source}/${name}`);
      if (!runs?.length) continue;
      result.builds[name] = summarize(runs.map(value));
      result.work[name] = runs[0]!.work;
    }
    return result;
  };
  // Browsers coarsen performance.now() to 0.1 ms without cross-origin isolation: a tiny run (the
  // smoke test's) can time as 0, which would make its rate infinite.
  const rate = (s: Sample) => s.work / Math.max(s.seconds, TIMER_RESOLUTION);
  return {
    config,
    builds: names,
    roundsDone,
    benchmarks: [
      make('perft-start', 'perft', 'leaves/s', rate),
      make('perft-suite', 'suite', 'leaves/s', rate),
      make('search-time', 'search', 's', (s) => s.seconds),
      make('search-nps', 'search', 'nodes/s', rate),
      ...(config.evaluations > 0
        ? [
            make('eval-hand', 'hand', 'evals/s', rate),
            make('eval-network-fresh', 'network-fresh', 'evals/s', rate),
            make('eval-network-update', 'network-update', 'evals/s', rate),
            make('search-network-nps', 'network-search', 'nodes/s', rate),
          ]
        : []),
    ],
  };
}
