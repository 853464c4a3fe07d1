// `npm run puzzles -- [--games N] [--seed N] [--quick-depth N] [--verify-depth N] [--out FILE]`:
// mines puzzles from the engine's own games (puzzle-find.ts judges each position) into the puzzle
// file the page's practice mode plays (puzzles/puzzles.txt, its format in web/notation/puzzles.ts).
// Game i starts from opening line i of bench/openings.txt and is played by two weakened levels
// (skill 2-8, which blunder now and then: where puzzles come from), every choice seeded by the seed
// and i, so game i is always the same game. Near-duplicates (the same first move on boards that
// differ in at most four points) are dropped. The progress is kept in FILE.json: a stopped run
// resumes with the next game, and the same settings give the same file however often it stops.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine, type Engine } from '../web/engine/index.ts';
import { formatPuzzle, parsePuzzles, type Puzzle } from '../web/notation/puzzles.ts';
import { matchOpenings } from '../lib/openings-file.ts';
import { seededRandom } from '../lib/random.ts';
import { findPuzzle, type FindSettings } from './puzzle-find.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';

interface Settings extends FindSettings {
  seed: number;
}

interface Progress {
  settings: Settings;
  nextGame: number;
  positions: number;
  puzzles: number;
  seconds: number;
}

const root = new URL('../', import.meta.url);
const repo = existsSync(new URL('package.json', root)) ? root : new URL('../', root);
const { games, settings, out } = commandLine(
  {
    usage: 'npm run puzzles -- [options]',
    about:
      "Mines puzzles from the engine's own games into the puzzle file (resumable: the same command continues where a stopped run left off; the same settings give the same file).",
    options: {
      games: { type: 'string', value: 'N', default: '100', help: 'play games 0 to N-1 (more games: more puzzles)' },
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
    settings: {
      seed: wholeNumber(v.seed, '--seed'),
      quickDepth: wholeNumber(v['quick-depth'], '--quick-depth', { min: 1, max: 20 }),
      verifyDepth: wholeNumber(v['verify-depth'], '--verify-depth', { min: 2, max: 30 }),
    } satisfies Settings,
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

function isNearDuplicate(p: Puzzle, kept: Map<string, string[]>): boolean {
  const board = points(p.fen);
  for (const other of kept.get(p.moves[0]!) ?? []) {
    let differ = 0;
    for (let i = 0; i < 90 && differ <= 4; i++) if (board[i] !== other[i]) differ++;
    if (differ <= 4) return true;
  }
  return false;
}

function playGame(engine: Engine, index: number, kept: Map<string, string[]>, found: Puzzle[]): number {
  const { openings } = matchOpenings(null);
  const opening = openings[index % openings.length]!;
  const random = seededRandom(settings.seed * 1_000_003 + index);
  const levels = [2 + Math.floor(random() * 7), 2 + Math.floor(random() * 7)];
  engine.setPosition(opening.fen, opening.moves);
  let positions = 0;
  let lastPuzzle = -10;
  for (let ply = 0; ply < 160 && !engine.status().over; ply++) {
    if (ply - lastPuzzle >= 4) {
      positions++;
      const puzzle = findPuzzle(engine, settings);
      if (puzzle && !isNearDuplicate(puzzle, kept)) {
        found.push(puzzle);
        kept.set(puzzle.moves[0]!, [...(kept.get(puzzle.moves[0]!) ?? []), points(puzzle.fen)]);
        lastPuzzle = ply;
      }
    }
    const move = engine.search({ skill: levels[ply % 2]!, seed: Math.floor(random() * 2 ** 31) }).bestMove;
    if (!move) break;
    engine.play(move);
  }
  return positions;
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
const kept = new Map<string, string[]>();
for (const p of parsePuzzles(readFileSync(out, 'utf8')))
  kept.set(p.moves[0]!, [...(kept.get(p.moves[0]!) ?? []), points(p.fen)]);

const engine = await createEngine('wasm');
engine.setHashSize(16);
engine.setNetwork(new Uint8Array(readFileSync(new URL('nnue/xiangqi.nnue', repo))));
let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  console.log('\nstopping after this game (run the same command to resume)');
});
for (let index = progress.nextGame; index < games && !stopping; index++) {
  const started = performance.now();
  const found: Puzzle[] = [];
  const positions = playGame(engine, index, kept, found);
  // The game's puzzles and the progress are written together, after the game: a stop loses at most one game.
  if (found.length) appendFileSync(out, found.map((p) => formatPuzzle(p) + '\n').join(''));
  progress.nextGame = index + 1;
  progress.positions += positions;
  progress.puzzles += found.length;
  progress.seconds += (performance.now() - started) / 1000;
  writeFileSync(progressFile, JSON.stringify(progress, null, 2) + '\n');
  const rate = (progress.puzzles * 3600) / Math.max(1, progress.seconds);
  console.log(
    `game ${index}: ${positions} positions, ${found.length} puzzles; in all ${progress.puzzles} puzzles from ${progress.nextGame} games, ${rate.toFixed(0)} an hour`,
  );
}
