// `npm run selfplay -- [--positions N] [--nodes N] [--threads N] [--seed N] [--network FILE] [--out FILE]`:
// generates the tuner's training data (records.ts) by self-play on every core (with --network, both
// sides evaluate with that network: the data of a next generation). Games are numbered;
// game i always plays the same moves (its opening, random plies and seed follow from i), and they
// are appended to the file in order, with the progress in FILE.json, so a stopped run (Ctrl-C)
// resumes where it stopped and gives the same file as an unbroken one.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { matchOpenings } from '../bench/match-openings.ts';
import { RECORD_BYTES } from './records.ts';
import type { SelfPlaySettings } from './selfplay-game.ts';
import { optionPairs } from './option-pairs.ts';
import { readNetwork } from '../web/engine/network-file.ts';

/** The network file's bytes, checked (a NetworkFileError names the byte where it is wrong). */
function checkedNetwork(path: string): Uint8Array {
  const bytes = new Uint8Array(readFileSync(path));
  readNetwork(bytes);
  return bytes;
}

interface Progress {
  settings: SelfPlaySettings;
  nextGame: number;
  positions: number;
  plies: number;
  /** Games won by Red, drawn, won by Black. */
  results: [number, number, number];
}

function parseArgs(argv: readonly string[]): {
  out: string;
  target: number;
  threads: number;
  settings: SelfPlaySettings;
} {
  const options = optionPairs(argv);
  const int = (name: string, fallback: number, min: number): number => {
    const text = options.get(name);
    options.delete(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}, not "${text}"`);
    return n;
  };
  const out = options.get('out') ?? 'tune/data/selfplay.bin';
  options.delete('out');
  const parsed = {
    out,
    target: int('positions', 2_000_000, 1),
    threads: int('threads', availableParallelism(), 1),
    settings: {
      nodes: int('nodes', 1000, 100),
      randomPlies: int('random-plies', 4, 0),
      seed: int('seed', 1, 0),
    } as SelfPlaySettings,
  };
  const network = options.get('network');
  options.delete('network');
  if (network !== undefined) parsed.settings.network = network;
  if (options.size > 0)
    throw new Error(
      `unknown option --${[...options.keys()][0]} (known: --positions --nodes --threads --seed --random-plies --network --out)`,
    );
  return parsed;
}

const { out, target, threads, settings } = parseArgs(process.argv.slice(2));
const progressFile = `${out}.json`;
mkdirSync(dirname(out), { recursive: true });
let progress: Progress = { settings, nextGame: 0, positions: 0, plies: 0, results: [0, 0, 0] };
if (existsSync(progressFile)) {
  progress = JSON.parse(readFileSync(progressFile, 'utf8')) as Progress;
  if (JSON.stringify(progress.settings) !== JSON.stringify(settings)) {
    throw new Error(
      `${out} was made with ${JSON.stringify(progress.settings)}; resume with the same settings or another --out`,
    );
  }
  const size = existsSync(out) ? readFileSync(out).length : 0;
  if (size !== progress.positions * RECORD_BYTES)
    throw new Error(`${out} holds ${size} bytes, ${progressFile} expects ${progress.positions * RECORD_BYTES}`);
  console.log(`resuming at game ${progress.nextGame}: ${progress.positions} positions so far`);
} else {
  writeFileSync(out, new Uint8Array(0));
}

const { openings, source } = matchOpenings(null);
const buildDir = new URL('./', import.meta.url);
const setup = {
  wasmUrl: new URL('engine.wasm', buildDir).href,
  jsUrl: new URL('engine.js', buildDir).href,
  openings,
  settings,
  // Checked here, so a bad file stops the run before any game.
  network: settings.network === undefined ? null : checkedNetwork(settings.network),
};
console.log(
  `self-play: ${threads} threads, ${settings.nodes} nodes a move, ${settings.network ? `network ${settings.network}` : 'hand-written evaluation'}, 0-${settings.randomPlies} random plies after ${openings.length} openings (${source}), seed ${settings.seed}; target ${target} positions -> ${out}`,
);

interface Finished {
  index: number;
  records: Uint8Array;
  positions: number;
  plies: number;
  result: number;
}
const finished = new Map<number, Finished>();
let nextToStart = progress.nextGame;
const started = Date.now();
const positionsAtStart = progress.positions;
let stopping = false;

function saveProgress(): void {
  writeFileSync(progressFile, `${JSON.stringify(progress, null, 1)}\n`);
}

/**
 * Appends the finished games that come next in order, up to the first one that reaches the target:
 * games still in play then are dropped, so the file depends on the settings alone, not on timing.
 */
function flush(): void {
  for (
    let game = finished.get(progress.nextGame);
    game && progress.positions < target;
    game = finished.get(progress.nextGame)
  ) {
    finished.delete(game.index);
    appendFileSync(out, game.records);
    progress.positions += game.positions;
    progress.plies += game.plies;
    progress.results[game.result === 1 ? 0 : game.result === 0.5 ? 1 : 2]++;
    progress.nextGame++;
  }
  saveProgress();
}

function report(): void {
  const done = progress.positions - positionsAtStart;
  const seconds = (Date.now() - started) / 1000;
  const rate = done / Math.max(seconds, 1);
  const eta = rate > 0 ? Math.max(0, (target - progress.positions) / rate) : 0;
  const [red, draw, black] = progress.results;
  process.stdout.write(
    `\rgames ${progress.nextGame}  positions ${progress.positions}/${target}  ${rate.toFixed(0)}/s  ` +
      `avg plies ${(progress.plies / Math.max(progress.nextGame, 1)).toFixed(0)}  Red ${red} = ${draw} Black ${black}  ETA ${(eta / 60).toFixed(1)} min   `,
  );
}

const workers: Worker[] = [];
let running = threads;
function finish(): void {
  if (--running > 0) return;
  flush();
  report();
  console.log(
    `\n${stopping ? 'stopped' : 'done'}: ${progress.positions} positions from ${progress.nextGame} games in ${out}`,
  );
  process.exit(0);
}
process.on('SIGINT', () => {
  stopping = true;
  console.log('\nstopping: finishing the games in play (Ctrl-C again to drop them)');
  process.on('SIGINT', () => {
    flush();
    process.exit(130);
  });
});

for (let t = 0; t < threads; t++) {
  const worker = new Worker(new URL('./tune-selfplay-worker.js', import.meta.url), { workerData: setup });
  workers.push(worker);
  const startNext = (): void => {
    if (stopping || progress.positions >= target) {
      void worker.terminate();
      finish();
      return;
    }
    worker.postMessage(nextToStart++);
  };
  worker.on('message', (message: 'ready' | Finished) => {
    if (message !== 'ready') {
      finished.set(message.index, message);
      flush();
      report();
    }
    startNext();
  });
  worker.on('error', (error) => {
    console.error(`\nself-play thread failed: ${error.message}`);
    process.exit(1);
  });
}
