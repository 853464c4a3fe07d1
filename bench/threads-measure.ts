// Multi-core search, 1 thread against N, measured the same way in Node (bench/threads.ts: worker
// threads) and in the browser (web/bench-threads.html: module workers): nodes per second at a fixed
// time, and the time to reach a fixed depth from an empty table. The two setups take turns within
// every round so that both see the same machine load; figures are medians over the rounds.
import { summarize, table, type Summary } from './format.ts';
import { builtInOpenings } from '../lib/openings.ts';
import type { SearchLimits, SearchResult } from '../web/engine/types.ts';

const MIDDLEGAMES = [
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  'r1bakabr1/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 2 3',
  '2bakab2/9/2n1c1n2/p3p3p/2p3p2/6P2/P1P1P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 12',
  'r2akabr1/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/9/R2AKABR1 w - - 0 8',
];

export interface ThreadsPosition {
  fen: string;
  moves: string[];
}

/** Time to depth varies a lot from one position to the next with several threads: many positions. */
export const THREADS_POSITIONS: ThreadsPosition[] = [
  ...MIDDLEGAMES.map((fen) => ({ fen, moves: [] })),
  ...builtInOpenings().map(({ fen, moves }) => ({ fen, moves })),
];

export interface ThreadsConfig {
  threads: number;
  rounds: number;
  movetimeMs: number;
  depth: number;
  /** How many of THREADS_POSITIONS, from the first. */
  positions: number;
}

export const DEFAULT_THREADS_CONFIG: ThreadsConfig = {
  threads: 2,
  rounds: 3,
  movetimeMs: 500,
  depth: 12,
  positions: THREADS_POSITIONS.length,
};

/** One search setup (one thread or several) as the measurement drives it. */
export interface Searcher {
  clearHash(): Promise<void>;
  search(fen: string, moves: string[], limits: SearchLimits): Promise<SearchResult>;
}

export interface ThreadsSeries {
  nps: number[];
  depthMs: number[];
  reached: number[];
}

export interface ThreadsRun {
  config: ThreadsConfig;
  one: ThreadsSeries;
  many: ThreadsSeries;
  /** Medians of many over one: nodes per second, and time to depth (above 1: N threads faster). */
  npsRatio: number;
  depthRatio: number;
}

interface Pass {
  nodes: number;
  ms: number;
  depth: number;
}

/** Searches every position once from an empty table; returns the totals. */
async function pass(
  searcher: Searcher,
  positions: ThreadsPosition[],
  limits: SearchLimits,
  now: () => number,
  onLine: (line: string) => void,
): Promise<Pass> {
  const total = { nodes: 0, ms: 0, depth: 0 };
  for (const { fen, moves } of positions) {
    await searcher.clearHash();
    const start = now();
    const result = await searcher.search(fen, moves, limits);
    const ms = now() - start;
    total.ms += ms;
    total.nodes += result.nodes;
    total.depth += result.depth;
    onLine(
      `  ${[fen.split(' ')[0], ...moves].join(' ')}: depth ${result.depth}, ${result.bestMove}, ${result.nodes} nodes, ${ms.toFixed(0)} ms`,
    );
  }
  return total;
}

export async function measureThreads(
  searchers: { one: Searcher; many: Searcher },
  config: ThreadsConfig,
  onLine: (line: string) => void = () => {},
  now: () => number = () => performance.now(),
): Promise<ThreadsRun> {
  const positions = THREADS_POSITIONS.slice(0, config.positions);
  const series = { one: empty(), many: empty() };
  for (let round = 0; round < config.rounds; round++) {
    const order: ('one' | 'many')[] = round % 2 === 0 ? ['one', 'many'] : ['many', 'one'];
    for (const which of order) {
      const into = series[which];
      const timed = await pass(searchers[which], positions, { movetime: config.movetimeMs }, now, onLine);
      into.nps.push((timed.nodes * 1000) / timed.ms);
      into.reached.push(timed.depth / positions.length);
      const fixed = await pass(searchers[which], positions, { depth: config.depth }, now, onLine);
      into.depthMs.push(fixed.ms);
      const threads = which === 'one' ? 1 : config.threads;
      onLine(
        `round ${round + 1}, ${threads} thread(s): ${(into.nps.at(-1)! / 1e6).toFixed(2)} M nodes/s, ` +
          `depth ${config.depth} in ${fixed.ms.toFixed(0)} ms`,
      );
    }
  }
  const median = (runs: number[]) => summarize(runs).median;
  return {
    config,
    one: series.one,
    many: series.many,
    npsRatio: median(series.many.nps) / median(series.one.nps),
    depthRatio: median(series.one.depthMs) / median(series.many.depthMs),
  };
}

function empty(): ThreadsSeries {
  return { nps: [], depthMs: [], reached: [] };
}

/** The table and the ratios against the targets, as text. */
export function threadsReport(run: ThreadsRun): string {
  const { config } = run;
  const row = (threads: number, s: ThreadsSeries) => {
    const [nps, depthMs, reached]: Summary[] = [summarize(s.nps), summarize(s.depthMs), summarize(s.reached)];
    return [String(threads), (nps.median / 1e6).toFixed(2), depthMs.median.toFixed(0), reached.median.toFixed(1)];
  };
  return [
    table(
      [
        'threads',
        'M nodes/s (median)',
        `ms to depth ${config.depth} (${config.positions} positions)`,
        `depth in ${config.movetimeMs} ms`,
      ],
      [row(1, run.one), row(config.threads, run.many)],
    ),
    `nodes per second: ${run.npsRatio.toFixed(2)}x (target >= 1.6x); ` +
      `time to depth ${config.depth}: ${run.depthRatio.toFixed(2)}x faster (target >= 1.3x)`,
  ].join('\n');
}
