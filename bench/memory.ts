// `npm run memory`: 1,000 consecutive searches per build must leave memory flat. Tracked every 100
// searches: the engine's linear memory (`memory.buffer.byteLength` of the wasm instance; the JS
// build's own ArrayBuffer) and the JS heap after a full collection (`process.memoryUsage().heapUsed`,
// needs --expose-gc: the script restarts itself with it when missing). Each search starts from a new
// position (random play, some with long move lists), reports every iteration, and the hash is
// cleared now and then, as a GUI would do between games. Writes bench/results/memory.json.
//   node --expose-gc build/bench-memory.js [--searches 1000] [--nodes 20000]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { CoreEngine } from '../web/engine/engine.ts';
import { loadBuild } from '../web/engine/load.ts';
import type { Backend, SearchInfo } from '../web/engine/types.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { Random } from '../lib/random.ts';
import { START_FEN } from '../web/engine/index.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  // Heap figures without a collection first are noise: run again with the flag.
  const child = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
const collect = gc;

const { SEARCHES, NODES } = commandLine(
  {
    usage: 'npm run memory -- [options]',
    about:
      "Consecutive searches per build must leave memory flat: the engine's linear memory and the JS heap after a full collection, every 100 searches. Writes bench/results/memory.json.",
    options: {
      searches: { type: 'string', value: 'N', default: '1000', help: 'searches per build' },
      nodes: { type: 'string', value: 'N', default: '20000', help: 'nodes per search' },
    },
  },
  (v) => ({
    SEARCHES: wholeNumber(v.searches, '--searches', { min: 1 }),
    NODES: wholeNumber(v.nodes, '--nodes', { min: 1 }),
  }),
);
const EVERY = 100;
const urls = { wasmUrl: new URL('./engine.wasm', import.meta.url), jsUrl: new URL('./engine.js', import.meta.url) };

interface Sample {
  searches: number;
  linearBytes: number;
  heapUsed: number;
}

function heapAfterGc(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

async function run(backend: Backend): Promise<{ samples: Sample[]; seconds: number; infos: number }> {
  // The adapter's own pieces, so the build's memory can be read (the Engine interface hides it).
  const build = await loadBuild(backend, urls);
  const engine = new CoreEngine(backend, build);
  const random = new Random(backend === 'wasm' ? 1 : 2);
  const samples: Sample[] = [];
  let infos = 0;
  const onInfo = (info: SearchInfo) => {
    infos += info.pv.length > 0 ? 1 : 0;
  };
  const sample = (searches: number) =>
    samples.push({ searches, linearBytes: build.buffer().byteLength, heapUsed: heapAfterGc() });
  const started = performance.now();
  for (let i = 0; i < SEARCHES; i++) {
    if (i % EVERY === 0) sample(i);
    const moves: string[] = [];
    engine.setPosition(START_FEN);
    // Mostly short openings; every tenth search gets a long game history (repetition detection
    // walks it, and setPosition replays it).
    const plies = i % 10 === 0 ? 200 + random.below(200) : random.below(60);
    for (let p = 0; p < plies && !engine.status().over; p++) {
      const move = random.pick(engine.legalMoves());
      engine.play(move);
      moves.push(move);
    }
    if (engine.status().over) continue;
    engine.setPosition(START_FEN, moves);
    const result = engine.search({ nodes: NODES, multipv: i % 7 === 0 ? 3 : 1 }, onInfo);
    if (!result.bestMove) throw new Error(`no best move in ${engine.fen()}`);
    if (i % 250 === 249) engine.clearHash();
  }
  sample(SEARCHES);
  return { samples, seconds: (performance.now() - started) / 1000, infos };
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
const report: Record<string, unknown> = {};
for (const backend of ['wasm', 'js'] as const) {
  const { samples, seconds, infos } = await run(backend);
  const first = samples[1] ?? samples[0]!; // after the first 100: the JIT and the hash table are warm
  const last = samples[samples.length - 1]!;
  const linearGrowth = last.linearBytes - samples[0]!.linearBytes;
  const heapGrowth = last.heapUsed - first.heapUsed;
  console.log(`\n${backend}: ${SEARCHES} searches of ${NODES} nodes in ${seconds.toFixed(1)} s (${infos} info lines)`);
  console.log('searches  linear MB  heapUsed MB');
  for (const s of samples)
    console.log(`${String(s.searches).padStart(8)}  ${mb(s.linearBytes).padStart(9)}  ${mb(s.heapUsed).padStart(11)}`);
  console.log(`linear memory growth ${mb(linearGrowth)} MB; heap growth after warm-up ${mb(heapGrowth)} MB`);
  report[backend] = {
    searches: SEARCHES,
    nodes: NODES,
    seconds: Number(seconds.toFixed(1)),
    samples,
    linearGrowth,
    heapGrowthAfterWarmup: heapGrowth,
  };
}

const dir = new URL('../bench/results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(
  new URL('memory.json', dir),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        load: loadavg().map((n) => Number(n.toFixed(2))),
        node: process.version,
      },
      ...report,
    },
    null,
    2,
  ) + '\n',
);
console.log('wrote bench/results/memory.json');
