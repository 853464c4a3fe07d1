// `npm run puzzles -- [--games N] [--threads N] [--seed N] [--quick-depth N] [--verify-depth N] [--out FILE]`:
// mines puzzles from the engine's own games (puzzle-game.ts plays them, puzzle-find.ts judges each
// position) into the puzzle file the page's practice mode plays (puzzles/puzzles.txt, its format in
// web/notation/puzzles.ts). Games are played on --threads threads and their puzzles joined in the
// games' order; near-duplicates (the same first move on boards that differ in at most four points)
// are dropped as they are joined. The progress is kept in FILE.json: a stopped run resumes with the
// next game, and the same settings give the same file however many threads and stops made it.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatPuzzle, parsePuzzles, type Puzzle } from '../web/notation/puzzles.ts';
import { matchOpenings } from '../lib/openings-file.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import type { MineSettings, MinedGame } from './puzzle-game.ts';

interface Progress {
  settings: MineSettings;
  nextGame: number;
  positions: number;
  puzzles: number;
  /** Thread-seconds spent on the games joined so far. */
  seconds: number;
}

const root = new URL('../', import.meta.url);
const repo = existsSync(new URL('package.json', root)) ? root : new URL('../', root);
const { games, threads, settings, out } = commandLine(
  {
    usage: 'npm run puzzles -- [options]',
    about:
      "Mines puzzles from the engine's own games into the puzzle file (resumable: the same command continues where a stopped run left off; the same settings give the same file).",
    options: {
      games: { type: 'string', value: 'N', default: '100', help: 'play games 0 to N-1 (more games: more puzzles)' },
      threads: { type: 'string', value: 'N', default: '1', help: 'games played at once, each on its own thread' },
      seed: { type: 'string', value: 'N', default: '1', help: "the games' seed" },
      'quick-depth': { type: 'string', value: 'D', default: '4', help: 'depth of the quick look at every position' },
      'verify-depth': { type: 'string', value: 'D', default: '10', help: 'depth of the search that confirms a puzzle' },
      out: {
        type: 'string',
        value: 'FILE',
        help: 'the puzzle file (default puzzles/puzzles.txt; its progress in FILE.json)',
      },
    },
  },
  (v) => ({
    games: wholeNumber(v.games, '--games', { min: 1 }),
    threads: wholeNumber(v.threads, '--threads', { min: 1, max: 64 }),
    settings: {
      seed: wholeNumber(v.seed, '--seed'),
      quickDepth: wholeNumber(v['quick-depth'], '--quick-depth', { min: 1, max: 20 }),
      verifyDepth: wholeNumber(v['verify-depth'], '--verify-depth', { min: 2, max: 30 }),
    } satisfies MineSettings,
    out: v.out ?? fileURLToPath(new URL('puzzles/puzzles.txt', repo)),
  }),
);
const progressFile = `${out}.json`;

const HEADER = `# Puzzles from the engine's own games: made by \`npm run puzzles\` (tune/puzzles.ts); format in
# web/notation/puzzles.ts: <board> <side>;<moves>;<theme>;<rating>
`;

/** Boards as 90 letters (or '.'), for telling near-duplicates apart. */
function points(fen: string): string {
  return fen
    .split(' ')[0]!
    .split('/')
    .map((row) => row.replace(/\d/g, (n) => '.'.repeat(Number(n))))
    .join('');
}

/** The kept puzzles' boards by their first move. */
const kept = new Map<string, string[]>();

function isNearDuplicate(p: Puzzle): boolean {
  const board = points(p.fen);
  for (const other of kept.get(p.moves[0]!) ?? []) {
    let differ = 0;
    for (let i = 0; i < 90 && differ <= 4; i++) if (board[i] !== other[i]) differ++;
    if (differ <= 4) return true;
  }
  return false;
}

function keep(p: Puzzle): void {
  kept.set(p.moves[0]!, [...(kept.get(p.moves[0]!) ?? []), points(p.fen)]);
}

mkdirSync(dirname(out), { recursive: true });
let progress: Progress = { settings, nextGame: 0, positions: 0, puzzles: 0, seconds: 0 };
if (existsSync(progressFile)) {
  progress = JSON.parse(readFileSync(progressFile, 'utf8')) as Progress;
  if (JSON.stringify(progress.settings) !== JSON.stringify(settings))
    throw new Error(
      `${out} was made with ${JSON.stringify(progress.settings)}; resume with the same settings or another --out`,
    );
}
if (!existsSync(out) || progress.nextGame === 0) writeFileSync(out, HEADER);
for (const p of parsePuzzles(readFileSync(out, 'utf8'))) keep(p);

/** Games finished on some thread but not yet joined (a game before them is still in play). */
const finished = new Map<number, MinedGame & { seconds: number }>();

/** Joins the finished games that come next, in order: their new puzzles, then the progress. */
function join(): void {
  for (let game = finished.get(progress.nextGame); game; game = finished.get(progress.nextGame)) {
    finished.delete(progress.nextGame);
    // Kept one at a time: a puzzle may repeat an earlier one of the same game.
    const fresh: Puzzle[] = [];
    for (const p of game.puzzles) {
      if (isNearDuplicate(p)) continue;
      keep(p);
      fresh.push(p);
    }
    // The game's puzzles and the progress are written together: a stop loses only games in play.
    if (fresh.length) appendFileSync(out, fresh.map((p) => formatPuzzle(p) + '\n').join(''));
    progress.nextGame++;
    progress.positions += game.positions;
    progress.puzzles += fresh.length;
    progress.seconds += game.seconds;
    writeFileSync(progressFile, JSON.stringify(progress, null, 2) + '\n');
    const rate = (progress.puzzles * 3600) / Math.max(1, progress.seconds);
    console.log(
      `game ${progress.nextGame - 1}: ${game.positions} positions, ${fresh.length} puzzles; in all ${progress.puzzles} puzzles from ${progress.nextGame} games, ${rate.toFixed(0)} a thread-hour`,
    );
  }
}

if (progress.nextGame >= games) {
  console.log(`nothing to do: ${progress.nextGame} games already mined into ${out}`);
  process.exit(0);
}
const buildDir = new URL('./', import.meta.url);
const setup = {
  wasmUrl: new URL('engine.wasm', buildDir).href,
  jsUrl: new URL('engine.js', buildDir).href,
  openings: matchOpenings(null).openings,
  settings,
  network: new Uint8Array(readFileSync(new URL('nnue/xiangqi.nnue', repo))),
};
let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  console.log('\nstopping after the games in play (run the same command to resume)');
});
let nextToStart = progress.nextGame;
let running = Math.min(threads, games - progress.nextGame);
for (let t = 0; t < running; t++) {
  const worker = new Worker(new URL('./tune-puzzles-worker.js', import.meta.url), { workerData: setup });
  let startedAt = 0;
  const startNext = (): void => {
    if (stopping || nextToStart >= games) {
      void worker.terminate();
      if (--running === 0) process.exit(0);
      return;
    }
    startedAt = performance.now();
    worker.postMessage(nextToStart++);
  };
  worker.on('message', (message: 'ready' | (MinedGame & { index: number })) => {
    if (message !== 'ready') {
      finished.set(message.index, { ...message, seconds: (performance.now() - startedAt) / 1000 });
      join();
    }
    startNext();
  });
  worker.on('error', (error) => {
    console.error(`puzzle thread failed: ${error.message}`);
    process.exit(1);
  });
}
