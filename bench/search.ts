// `npm run bench` (second part): search speed of the wasm and JS builds in one process, runs
// alternated: time to a fixed depth and nodes per second on ten published positions, and nodes
// per second from the start position. Prints tables, writes JSON.
import { readFileSync } from 'node:fs';
import { createEngine, START_FEN, type Engine } from '../web/engine/index.ts';
import { summarize, machine, writeJson, table, millions, type Summary } from './stats.ts';

const DEPTH = Number(process.env.SEARCH_DEPTH ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const START_MS = Number(process.env.START_MS ?? 3000);
const wasmUrl = new URL('./engine.wasm', import.meta.url);
const jsUrl = new URL('./engine.js', import.meta.url);
const suite = JSON.parse(readFileSync(new URL('../../shared/data/perft_public.json', import.meta.url), 'utf8')) as { fen: string }[];
const positions = suite.slice(0, 10).map((p) => p.fen);

const engines: Record<string, Engine> = {
  wasm: await createEngine('wasm', { wasmUrl, jsUrl }),
  js: await createEngine('js', { wasmUrl, jsUrl }),
};

interface Run { seconds: number; nodes: number }
const suiteRuns: Record<string, Run[]> = { wasm: [], js: [] };
const startRuns: Record<string, Run[]> = { wasm: [], js: [] };

function searchSuite(engine: Engine): Run {
  let seconds = 0;
  let nodes = 0;
  for (const fen of positions) {
    engine.setPosition(fen);
    engine.clearHash();
    const result = engine.search({ depth: DEPTH });
    seconds += result.time / 1000;
    nodes += result.nodes;
  }
  return { seconds, nodes };
}

function searchStart(engine: Engine): Run {
  engine.setPosition(START_FEN);
  engine.clearHash();
  const result = engine.search({ movetime: START_MS });
  return { seconds: result.time / 1000, nodes: result.nodes };
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const name of Object.keys(engines)) {
    const run = searchSuite(engines[name]!);
    suiteRuns[name]!.push(run);
    const start = searchStart(engines[name]!);
    startRuns[name]!.push(start);
    process.stderr.write(`round ${round} ${name}: suite ${run.seconds.toFixed(2)} s, start ${millions(start.nodes / start.seconds)} nps\n`);
  }
}

const summary = (runs: Run[], f: (r: Run) => number): Summary => summarize(runs.map(f));
const result = Object.fromEntries(Object.keys(engines).map((name) => [name, {
  suiteSeconds: summary(suiteRuns[name]!, (r) => r.seconds),
  suiteNps: summary(suiteRuns[name]!, (r) => r.nodes / r.seconds),
  startNps: summary(startRuns[name]!, (r) => r.nodes / r.seconds),
}]));

console.log(`search: depth ${DEPTH} on ${positions.length} published positions (time to depth, nodes/s), and ${START_MS} ms from the start (nodes/s); ${ROUNDS} rounds, median [min-max]`);
const range = (s: Summary, f: (n: number) => string) => `${f(s.median)} [${f(s.min)}-${f(s.max)}]`;
const secs = (n: number) => n.toFixed(2) + ' s';
console.log(table(
  ['build', 'time to depth', 'nps (suite)', 'nps (start)'],
  Object.entries(result).map(([name, r]) => [name, range(r.suiteSeconds, secs), range(r.suiteNps, millions), range(r.startNps, millions)]),
));
const ratios = {
  'wasm/js time to depth': result.js!.suiteSeconds.median / result.wasm!.suiteSeconds.median,
  'wasm/js nps': result.wasm!.startNps.median / result.js!.startNps.median,
};
console.log(Object.entries(ratios).map(([k, v]) => `${k}: ${v.toFixed(2)}x`).join('   '));
console.log(`wrote ${writeJson('search.json', { machine: machine(), depth: DEPTH, positions, rounds: ROUNDS, startMs: START_MS, result, ratios })}`);
