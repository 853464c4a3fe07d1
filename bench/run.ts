// `npm run bench`: the suites of suites.ts for the wasm and JS builds in this one process, and
// native Fairy-Stockfish's perft when it is installed. Prints the tables, writes
// bench/results/bench.json and bench/results/bench.svg.
// Settings by environment: ROUNDS, PERFT_DEPTH, SUITE_DEPTH, SEARCH_DEPTH, SEARCH_POSITIONS, NATIVE=0.
import { loadavg } from 'node:os';
import { createEngine } from '../web/engine/index.ts';
import { startFairyStockfish, nativePerft, FAIRY_STOCKFISH } from './native.ts';
import { buildInfo, machine, repoRoot, writeJson, writeResult } from './stats.ts';
import { engineBuild, runBenchmarks, type Build } from './suites.ts';
import { configFromEnv, ENV_SETTINGS } from './env-config.ts';
import { commandLine } from '../lib/cli.ts';
import { progressLine, textReport } from './report.ts';
import { chartSvg } from './chart.ts';

commandLine(
  {
    usage: 'npm run bench',
    about: `Perft, search and evaluation suites for the wasm and JS builds in this process, and native Fairy-Stockfish's perft when it is installed; writes bench/results/bench.json and bench.svg. Settings by environment: ${ENV_SETTINGS}, NATIVE=0 (without Fairy-Stockfish).`,
    options: {},
  },
  () => null,
);
const config = configFromEnv();

const buildDir = new URL('build/', repoRoot());
const urls = { wasmUrl: new URL('engine.wasm', buildDir), jsUrl: new URL('engine.js', buildDir) };
const measured = buildInfo(); // as close as possible to loading the builds
const builds: Build[] = [engineBuild(await createEngine('wasm', urls)), engineBuild(await createEngine('js', urls))];
const native = process.env['NATIVE'] === '0' ? null : await startFairyStockfish();
let nativeVersion: string | null = null;
if (native) {
  // Sending `uci` again would reset the variant to chess: take the name from the first answer.
  nativeVersion = native.idName ?? FAIRY_STOCKFISH ?? 'fairy-stockfish';
  // An engine that dies would leave its answer pending for ever: fail the run instead.
  const died = native.exited.then((why): never => {
    throw new Error(`fairy-stockfish ended during the benchmark (${why}): ${native.stderr}`);
  });
  died.catch(() => {}); // handled where it is awaited
  builds.push({
    name: 'fairy-stockfish',
    // Waiting for readyok keeps the FEN's parsing out of the timed `go perft`.
    setPosition: async (fen) => {
      native.send(`position fen ${fen}`);
      await Promise.race([native.request('isready', (l) => l === 'readyok'), died]);
    },
    perft: (depth) => Promise.race([nativePerft(native, null, depth), died]),
  });
}

const about = machine();
process.stderr.write(
  `load average ${about['load']} on ${about['cores']} cores; ${nativeVersion ?? 'no native engine'}\n`,
);

let results;
try {
  results = await runBenchmarks(builds, config, (p) => {
    if (p.finished) process.stderr.write(progressLine(p) + '\n');
  });
} finally {
  native?.quit();
}

const loadAfter = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(
  `Node ${process.version}, ${about['cpu']} (${about['cores']} cores), load ${about['load']} before, ${loadAfter} after; engine ${measured['commit']} (${measured['engineSources']}), wasm ${measured['wasm']}, js ${measured['js']}`,
);
console.log(textReport(results));
const json = writeJson('bench.json', {
  machine: { ...about, loadAfter },
  build: measured,
  native: nativeVersion,
  config,
  results,
});
const svg = writeResult(
  'bench.svg',
  chartSvg(results, `Node ${process.version}, ${about['cpu']}, ${about['date']!.slice(0, 10)}`),
);
console.log(`wrote ${json}\nwrote ${svg}`);
