// Multi-core search in Node worker threads: 1 thread (the UCI `Threads 1` path, normal build)
// against N threads (the pool on the threaded build); see threads-measure.ts for what is measured.
// Run: npm run bench:threads -- [options] (--help lists them)
// The same in Chromium: npm run bench:threads:browser. The 40-game match at equal time is
// `npm run match -- --self --engine-option Threads=2 --opponent-option Threads=1 --games 40 --concurrency 1`.
import { SearchThread, type SearchRunner, type ThreadUrls } from '../bin/search-client.ts';
import { SearchPool } from '../bin/search-pool.ts';
import { machine, writeJson } from './stats.ts';
import { measureThreads, threadsReport, THREADS_POSITIONS, type Searcher } from './threads-measure.ts';
import { THREADS_OPTIONS, threadsConfig } from './threads-args.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { HASH_MAX_MB } from '../web/engine/shared.ts';

const { config, hashMb, verbose } = commandLine(
  {
    usage: 'npm run bench:threads -- [options]',
    about:
      'One search thread against N in Node worker threads: nodes per second at a fixed time, and time to a fixed depth (threads-measure.ts). Writes bench/results/threads.json.',
    options: {
      ...THREADS_OPTIONS,
      hash: { type: 'string', value: 'MB', default: '16', help: 'the table of every search' },
      verbose: { type: 'boolean', default: false, help: 'a line per position' },
    },
  },
  (v) => ({
    config: threadsConfig(v),
    hashMb: wholeNumber(v.hash, '--hash', { min: 1, max: HASH_MAX_MB }),
    verbose: v.verbose,
  }),
);

const urls: ThreadUrls = {
  thread: new URL('./search-thread.js', import.meta.url),
  wasm: new URL('./engine.wasm', import.meta.url),
  js: new URL('./engine.js', import.meta.url),
  threadsWasm: new URL('./engine.threads.wasm', import.meta.url),
};

async function start(threads: number): Promise<SearchRunner> {
  const runner = threads === 1 ? new SearchThread('wasm', urls) : new SearchPool(threads, urls);
  await runner.whenReady();
  await runner.send({ type: 'hash', megabytes: hashMb });
  return runner;
}

function searcher(runner: SearchRunner): Searcher {
  return {
    clearHash: () => runner.send({ type: 'clear' }),
    search: (fen, moves, limits) => runner.search(fen, moves, limits, () => {}),
  };
}

const [one, many] = [await start(1), await start(config.threads)];
const info = machine();
process.stderr.write(
  `threads bench: 1 vs ${config.threads} threads, ${config.rounds} rounds, ${config.positions} positions, ` +
    `movetime ${config.movetimeMs} ms, depth ${config.depth}, hash ${hashMb} MB, load ${info.load}\n`,
);
const run = await measureThreads({ one: searcher(one), many: searcher(many) }, config, (line) => {
  if (verbose || !line.startsWith('  ')) process.stderr.write(line + '\n');
});
await Promise.all([one.terminate(), many.terminate()]);

console.log(threadsReport(run));
const file = writeJson('threads.json', {
  machine: info,
  hashMb,
  positions: THREADS_POSITIONS.slice(0, config.positions),
  ...run,
});
console.log(`saved ${file}`);
process.exit(0);
