// `npm run bench`: perft leaves per second for the wasm and JS builds in one process, runs
// alternated, and native Fairy-Stockfish when installed. Prints a table, writes JSON.
import { createEngine, START_FEN, type Engine } from '../web/engine/index.ts';
import { startFairyStockfish, nativePerft } from './native.ts';
import { summarize, machine, writeJson, table, millions, type Summary } from './stats.ts';

const DEPTH = Number(process.env.PERFT_DEPTH ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const wasmUrl = new URL('./engine.wasm', import.meta.url);
const jsUrl = new URL('./engine.js', import.meta.url);

type Runner = { name: string; run: () => Promise<{ leaves: number; seconds: number }> };

function engineRunner(name: string, engine: Engine): Runner {
  return {
    name,
    run: async () => {
      engine.setPosition(START_FEN);
      const start = performance.now();
      const leaves = engine.perft(DEPTH);
      return { leaves, seconds: (performance.now() - start) / 1000 };
    },
  };
}

const runners: Runner[] = [
  engineRunner('wasm', await createEngine('wasm', { wasmUrl, jsUrl })),
  engineRunner('js', await createEngine('js', { wasmUrl, jsUrl })),
];
const native = await startFairyStockfish();
if (native) {
  runners.push({
    name: 'fairy-stockfish',
    run: async () => {
      const start = performance.now();
      const leaves = await nativePerft(native, START_FEN, DEPTH);
      return { leaves, seconds: (performance.now() - start) / 1000 };
    },
  });
}

const rates = new Map<string, number[]>(runners.map((r) => [r.name, []]));
let leavesSeen = 0;
for (let round = 1; round <= ROUNDS; round++) {
  for (const runner of runners) {
    const { leaves, seconds } = await runner.run();
    if (leavesSeen && leaves !== leavesSeen) throw new Error(`${runner.name} counted ${leaves} leaves, others ${leavesSeen}`);
    leavesSeen = leaves;
    rates.get(runner.name)!.push(leaves / seconds);
    process.stderr.write(`round ${round} ${runner.name}: ${millions(leaves / seconds)} leaves/s\n`);
  }
}
native?.quit();

const summaries: Record<string, Summary> = Object.fromEntries([...rates].map(([name, runs]) => [name, summarize(runs)]));
console.log(`perft(${DEPTH}) from the start position: ${leavesSeen} leaves, ${ROUNDS} rounds, leaves per second`);
console.log(table(
  ['build', 'median', 'min', 'max'],
  Object.entries(summaries).map(([name, s]) => [name, millions(s.median), millions(s.min), millions(s.max)]),
));
const ratio = (a: string, b: string) => (summaries[a] && summaries[b] ? summaries[a].median / summaries[b].median : null);
const ratios = { 'wasm/js': ratio('wasm', 'js'), 'wasm/native': ratio('wasm', 'fairy-stockfish') };
console.log(Object.entries(ratios).map(([k, v]) => `${k}: ${v === null ? 'n/a (not installed)' : v.toFixed(2) + 'x'}`).join('   '));
const file = writeJson('perft.json', { machine: machine(), depth: DEPTH, leaves: leavesSeen, rounds: ROUNDS, leavesPerSecond: summaries, ratios });
console.log(`wrote ${file}`);
