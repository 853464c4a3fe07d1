// `npm run selfplay -- [options]` (`--help` lists them): generates the training data (records.ts) by
// self-play on every core (with --network, both sides evaluate with that network: the data of a next
// generation). Games are numbered; game i always plays the same moves (its opening, random plies and seed follow from
// i), and they are appended to the file in order, with the progress in FILE.json, so a stopped run
// (Ctrl-C) resumes where it stopped and gives the same file as an unbroken one. With --games and
// --shard the games are split over machines and joined back (selfplay-shards.ts, tune/README.md).
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { matchOpenings } from '../lib/openings-file.ts';
import { commandLine, CommandLineError, wholeNumber } from '../lib/cli.ts';
import { RECORD_BYTES } from './records.ts';
import type { SelfPlaySettings } from './selfplay-game.ts';
import { gameNumber, gamesOfShard, joinShards, parseShard, type Progress } from './selfplay-shards.ts';
import { readNetwork } from '../web/engine/network-file.ts';

const args = commandLine(
  {
    usage: 'npm run selfplay -- [options]',
    about:
      'Generates the training data (records.ts) by self-play on every core; a stopped run resumes where it stopped (the progress is FILE.json) and gives the same file as an unbroken one. With --games and --shard the games are split over machines; --join puts the shards back together.',
    positionals: '[SHARD-FILE...] (with --join)',
    options: {
      positions: {
        type: 'string',
        value: 'N',
        help: 'stop at the first game that brings the file to N records (default 2000000)',
      },
      games: { type: 'string', value: 'G', help: 'play games 0..G-1 instead (the way to split a run into shards)' },
      shard: { type: 'string', value: 'k/N', help: 'play only the games i with i mod N = k (with --games)' },
      nodes: { type: 'string', value: 'N', default: '1000', help: 'nodes a move (at least 100)' },
      'random-plies': { type: 'string', value: 'N', default: '4', help: 'random moves after the opening' },
      seed: { type: 'string', value: 'N', default: '1', help: "the games' seed" },
      network: {
        type: 'string',
        value: 'FILE',
        help: 'both sides evaluate with this network (the data of a next generation)',
      },
      threads: {
        type: 'string',
        value: 'N',
        default: String(availableParallelism()),
        help: 'games at a time (default one a core)',
      },
      out: { type: 'string', value: 'FILE', default: 'tune/data/selfplay.bin', help: 'the records file' },
      join: { type: 'boolean', help: 'join the finished shards given into --out, in game order' },
    },
  },
  (v, positionals) => {
    if (!v.join && positionals.length > 0)
      throw new CommandLineError(`unexpected "${positionals[0]}" (shard files go with --join)`);
    if (v.games !== undefined && v.positions !== undefined)
      throw new CommandLineError('give --games or --positions, not both');
    if (v.shard !== undefined && v.games === undefined) throw new CommandLineError('--shard needs --games');
    const settings: SelfPlaySettings = {
      nodes: wholeNumber(v.nodes, '--nodes', { min: 100 }),
      randomPlies: wholeNumber(v['random-plies'], '--random-plies'),
      seed: wholeNumber(v.seed, '--seed'),
    };
    if (v.network !== undefined) settings.network = v.network;
    let shard = null;
    try {
      shard = v.shard === undefined ? null : parseShard(v.shard);
    } catch (error) {
      throw new CommandLineError((error as Error).message);
    }
    return {
      join: v.join ? positionals : null,
      out: v.out,
      target: wholeNumber(v.positions, '--positions', { min: 1, fallback: 2_000_000 }),
      games: v.games === undefined ? null : wholeNumber(v.games, '--games', { min: 1 }),
      shard,
      threads: wholeNumber(v.threads, '--threads', { min: 1 }),
      settings,
    };
  },
);

if (args.join) {
  const joined = joinShards(args.join, args.out);
  console.log(
    `joined ${args.join.length} shards: ${joined.positions} positions from ${joined.nextGame} games in ${args.out}`,
  );
  process.exit(0);
}

const { out, target, games, shard, threads, settings } = args;
const progressFile = `${out}.json`;
mkdirSync(dirname(out), { recursive: true });
let progress: Progress = {
  settings,
  games,
  shard,
  nextGame: 0,
  positions: 0,
  plies: 0,
  results: [0, 0, 0],
  gameRecords: [],
};
if (existsSync(progressFile)) {
  // Files from before gameRecords was kept lack it.
  const saved = JSON.parse(readFileSync(progressFile, 'utf8')) as Omit<Progress, 'gameRecords'> &
    Partial<Pick<Progress, 'gameRecords'>>;
  const same = (p: typeof saved) => JSON.stringify([p.settings, p.games ?? null, p.shard ?? null]);
  if (same(saved) !== same(progress)) {
    throw new Error(`${out} was made with ${same(saved)}; resume with the same settings or another --out`);
  }
  const size = existsSync(out) ? readFileSync(out).length : 0;
  if (size !== saved.positions * RECORD_BYTES)
    throw new Error(`${out} holds ${size} bytes, ${progressFile} expects ${saved.positions * RECORD_BYTES}`);
  progress = { ...saved, gameRecords: saved.gameRecords ?? [] };
  console.log(`resuming at game ${progress.nextGame}: ${progress.positions} positions so far`);
} else {
  writeFileSync(out, new Uint8Array(0));
}
/** Games this run plays in all (this shard's share with --games); Infinity: until the positions target. */
const gamesToPlay = games === null ? Infinity : gamesOfShard(games, shard);
const done = () => progress.nextGame >= gamesToPlay || (games === null && progress.positions >= target);

const { openings, source } = matchOpenings(null);
const buildDir = new URL('./', import.meta.url);
const setup = {
  wasmUrl: new URL('engine.wasm', buildDir).href,
  jsUrl: new URL('engine.js', buildDir).href,
  openings,
  settings,
  // Read here, so a bad file stops the run before any game.
  network: settings.network === undefined ? null : checkedNetwork(settings.network),
};
const what =
  games === null
    ? `target ${target} positions`
    : `games 0..${games - 1}${shard ? `, shard ${shard.index}/${shard.count}` : ''}`;
console.log(
  `self-play: ${threads} threads, ${settings.nodes} nodes a move, ${settings.network ? `network ${settings.network}` : 'hand-written evaluation'}, 0-${settings.randomPlies} random plies after ${openings.length} openings (${source}), seed ${settings.seed}; ${what} -> ${out}`,
);

/** The network file's bytes, checked (a NetworkFileError names the byte where it is wrong). */
function checkedNetwork(path: string): Uint8Array {
  const bytes = new Uint8Array(readFileSync(path));
  readNetwork(bytes);
  return bytes;
}

interface Finished {
  index: number;
  records: Uint8Array;
  positions: number;
  plies: number;
  result: number;
}
/** Finished games by their ordinal in this run's sequence. */
const finished = new Map<number, Finished>();
let nextToStart = progress.nextGame;
const started = Date.now();
const positionsAtStart = progress.positions;
let stopping = false;

function saveProgress(): void {
  writeFileSync(progressFile, `${JSON.stringify(progress, null, 1)}\n`);
}

/**
 * Appends the finished games that come next in order, up to the last one to play: games still in
 * play then are dropped, so the file depends on the settings alone, not on timing.
 */
function flush(): void {
  for (let game = finished.get(progress.nextGame); game && !done(); game = finished.get(progress.nextGame)) {
    finished.delete(progress.nextGame);
    appendFileSync(out, game.records);
    progress.positions += game.positions;
    progress.plies += game.plies;
    progress.results[game.result === 1 ? 0 : game.result === 0.5 ? 1 : 2]++;
    progress.gameRecords.push(game.positions);
    progress.nextGame++;
  }
  saveProgress();
}

function report(): void {
  const added = progress.positions - positionsAtStart;
  const seconds = (Date.now() - started) / 1000;
  const rate = added / Math.max(seconds, 1);
  const left =
    games === null
      ? (target - progress.positions) / Math.max(rate, 1e-9)
      : ((gamesToPlay - progress.nextGame) * seconds) / Math.max(progress.nextGame, 1);
  const [red, draw, black] = progress.results;
  process.stdout.write(
    `\rgames ${progress.nextGame}${games === null ? '' : `/${gamesToPlay}`}  positions ${progress.positions}  ${rate.toFixed(0)}/s  ` +
      `avg plies ${(progress.plies / Math.max(progress.nextGame, 1)).toFixed(0)}  Red ${red} = ${draw} Black ${black}  ETA ${(Math.max(0, left) / 60).toFixed(1)} min   `,
  );
}

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

if (done()) {
  console.log(`nothing to do: ${progress.nextGame} games already in ${out}`);
  process.exit(0);
}
for (let t = 0; t < threads; t++) {
  const worker = new Worker(new URL('./tune-selfplay-worker.js', import.meta.url), { workerData: setup });
  const startNext = (): void => {
    if (stopping || done() || nextToStart >= gamesToPlay) {
      void worker.terminate();
      finish();
      return;
    }
    const ordinal = nextToStart++;
    worker.postMessage({ ordinal, index: gameNumber(ordinal, shard) });
  };
  worker.on('message', (message: 'ready' | (Finished & { ordinal: number })) => {
    if (message !== 'ready') {
      finished.set(message.ordinal, message);
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
