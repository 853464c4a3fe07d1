// Multi-core search in Node worker threads: 1 thread (the UCI `Threads 1` path, normal build)
// against N threads (the pool on the threaded build), alternating rounds so both see the same
// machine load. Measures nodes per second at a fixed time and the time to reach a fixed depth.
// Run: node build/bench-threads.js [--threads 2] [--rounds 3] [--movetime 2000] [--depth 11]
// The 40-game match at equal time is `npm run match -- --self --engine-option Threads=2
// --opponent-option Threads=1 --games 40 --concurrency 1`.
import { parseArgs } from 'node:util';
import { SearchThread, type SearchRunner, type ThreadUrls } from '../bin/search-client.ts';
import { SearchPool } from '../bin/search-pool.ts';
import type { SearchLimits } from '../web/engine/types.ts';
import { machine, summarize, table, writeJson } from './stats.ts';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    movetime: { type: 'string', default: '2000' },
    depth: { type: 'string', default: '11' },
  },
});
const THREADS = Number(values.threads);
const ROUNDS = Number(values.rounds);
const MOVETIME = Number(values.movetime);
const DEPTH = Number(values.depth);

const POSITIONS = [
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  'r1bakabr1/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 2 3',
  '2bakab2/9/2n1c1n2/p3p3p/2p3p2/6P2/P1P1P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 12',
  'r2akabr1/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/9/R2AKABR1 w - - 0 8',
];

const urls: ThreadUrls = {
  thread: new URL('./search-thread.js', import.meta.url),
  wasm: new URL('./engine.wasm', import.meta.url),
  js: new URL('./engine.js', import.meta.url),
  threadsWasm: new URL('./engine.threads.wasm', import.meta.url),
};

async function runner(threads: number): Promise<SearchRunner> {
  const r = threads === 1 ? new SearchThread('wasm', urls) : new SearchPool(threads, urls);
  await r.whenReady();
  return r;
}

interface Sample { nodes: number; ms: number; depth: number }

/** Searches every position once from an empty table; returns the totals. */
async function pass(r: SearchRunner, limits: SearchLimits): Promise<Sample> {
  const total = { nodes: 0, ms: 0, depth: 0 };
  for (const fen of POSITIONS) {
    await r.send({ type: 'clear' });
    const start = performance.now();
    const result = await r.search(fen, [], limits, () => {});
    total.ms += performance.now() - start;
    total.nodes += result.nodes;
    total.depth += result.depth;
  }
  return total;
}

const counts = [1, THREADS];
const runners = new Map<number, SearchRunner>();
for (const n of counts) runners.set(n, await runner(n));
const nps = new Map<number, number[]>(counts.map((n) => [n, []]));
const depthMs = new Map<number, number[]>(counts.map((n) => [n, []]));
const reached = new Map<number, number[]>(counts.map((n) => [n, []]));
const info = machine();
process.stderr.write(`threads bench: 1 vs ${THREADS} threads, ${ROUNDS} rounds, ${POSITIONS.length} positions, ` +
  `movetime ${MOVETIME} ms, depth ${DEPTH}, load ${info.load}\n`);
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? counts : [...counts].reverse();
  for (const n of order) {
    const r = runners.get(n)!;
    const timed = await pass(r, { movetime: MOVETIME });
    nps.get(n)!.push((timed.nodes * 1000) / timed.ms);
    reached.get(n)!.push(timed.depth / POSITIONS.length);
    const fixed = await pass(r, { depth: DEPTH });
    depthMs.get(n)!.push(fixed.ms);
    process.stderr.write(`round ${round + 1}, ${n} thread(s): ${(nps.get(n)!.at(-1)! / 1e6).toFixed(2)} M nodes/s, ` +
      `depth ${DEPTH} in ${fixed.ms.toFixed(0)} ms\n`);
  }
}
for (const r of runners.values()) await r.terminate();

const one = { nps: summarize(nps.get(1)!), depthMs: summarize(depthMs.get(1)!), reached: summarize(reached.get(1)!) };
const many = { nps: summarize(nps.get(THREADS)!), depthMs: summarize(depthMs.get(THREADS)!), reached: summarize(reached.get(THREADS)!) };
const npsRatio = many.nps.median / one.nps.median;
const depthRatio = one.depthMs.median / many.depthMs.median;
console.log(table(['threads', 'M nodes/s (median)', `ms to depth ${DEPTH} (${POSITIONS.length} positions)`, `depth in ${MOVETIME} ms`], [
  ['1', (one.nps.median / 1e6).toFixed(2), one.depthMs.median.toFixed(0), one.reached.median.toFixed(1)],
  [String(THREADS), (many.nps.median / 1e6).toFixed(2), many.depthMs.median.toFixed(0), many.reached.median.toFixed(1)],
]));
console.log(`nodes per second: ${npsRatio.toFixed(2)}x (target >= 1.6x); time to depth ${DEPTH}: ${depthRatio.toFixed(2)}x faster (target >= 1.3x)`);
const file = writeJson('threads.json', {
  machine: info, threads: THREADS, rounds: ROUNDS, movetimeMs: MOVETIME, depth: DEPTH, positions: POSITIONS,
  one: { nps: nps.get(1), depthMs: depthMs.get(1), reached: reached.get(1) },
  many: { nps: nps.get(THREADS), depthMs: depthMs.get(THREADS), reached: reached.get(THREADS) },
  npsRatio, depthRatio,
});
console.log(`saved ${file}`);
process.exit(0);
