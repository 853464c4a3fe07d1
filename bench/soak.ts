// `npm run soak`: 10,000 seeded random games played on the wasm and JS builds side by side, every
// ply checked (see bench/lib/soak.ts: builds agree, reference move rules, play/undo,
// the game's end worked out independently), then perft(3) on 200 random positions against native
// Fairy-Stockfish when it is installed. Prints a summary, writes bench/results/soak.json, and exits
// with 1 on the first disagreement (its seed replays it: --seed N --games 1).
//   node build/bench-soak.js [--games 10000] [--seed 1] [--perft 200]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createEngine, type Engine } from '../web/engine/index.ts';
import { FAIRY_STOCKFISH, nativePerft, startFairyStockfish } from './native.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { Random } from '../lib/random.ts';
import { playSoakGame, SoakError, START_FEN } from './lib/soak.ts';

const { GAMES, FIRST_SEED, PERFT_POSITIONS } = commandLine(
  {
    usage: 'npm run soak -- [options]',
    about:
      'Seeded random games on the wasm and JS builds side by side, every ply checked, then perft(3) of random positions against native Fairy-Stockfish when it is installed. Writes bench/results/soak.json; exits 1 on the first disagreement (--seed N --games 1 replays it).',
    options: {
      games: { type: 'string', value: 'N', default: '10000', help: 'games to play' },
      seed: { type: 'string', value: 'N', default: '1', help: "the first game's seed (game i plays seed + i)" },
      perft: {
        type: 'string',
        value: 'N',
        default: '200',
        help: 'positions to check by perft against Fairy-Stockfish (0: none)',
      },
    },
  },
  (v) => ({
    GAMES: wholeNumber(v.games, '--games'),
    FIRST_SEED: wholeNumber(v.seed, '--seed'),
    PERFT_POSITIONS: wholeNumber(v.perft, '--perft'),
  }),
);
const urls = { wasmUrl: new URL('./engine.wasm', import.meta.url), jsUrl: new URL('./engine.js', import.meta.url) };
const wasm = await createEngine('wasm', urls);
const js = await createEngine('js', urls);

const reasons: Record<string, number> = {};
const results: Record<string, number> = {};
let plies = 0;
let longest = 0;
let referenceChecks = 0;
const started = performance.now();
for (let game = 0; game < GAMES; game++) {
  const seed = FIRST_SEED + game;
  try {
    const end = playSoakGame([wasm, js], new Random(seed), { referenceRate: 1, undoRate: 1 });
    reasons[end.reason] = (reasons[end.reason] ?? 0) + 1;
    results[end.result] = (results[end.result] ?? 0) + 1;
    plies += end.plies;
    longest = Math.max(longest, end.plies);
    referenceChecks += end.referenceChecks;
  } catch (error) {
    console.error(`game ${game + 1} (seed ${seed}) failed:`);
    console.error(error instanceof SoakError ? error.message : error);
    process.exit(1);
  }
  if ((game + 1) % 1000 === 0)
    console.log(`${game + 1} games, ${plies} plies, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const soakSeconds = (performance.now() - started) / 1000;

/** Positions from seeded random play (not the start, not over), each searched by perft(3) three ways. */
async function perftCrossCheck(
  count: number,
): Promise<{ checked: number; native: string | null; mismatches: string[] }> {
  const native = await startFairyStockfish();
  if (!native) return { checked: 0, native: null, mismatches: [] };
  const random = new Random(FIRST_SEED * 7919);
  const mismatches: string[] = [];
  let checked = 0;
  try {
    while (checked < count) {
      wasm.setPosition(START_FEN);
      const length = 8 + random.below(120);
      for (let ply = 0; ply < length && !wasm.status().over; ply++) wasm.play(random.pick(wasm.legalMoves()));
      if (wasm.status().over) continue;
      const fen = wasm.fen();
      js.setPosition(fen);
      const expected = await nativePerft(native, fen, 3);
      const ours = { wasm: wasm.perft(3), js: js.perft(3) };
      if (ours.wasm !== expected || ours.js !== expected)
        mismatches.push(`${fen}: native ${expected}, wasm ${ours.wasm}, js ${ours.js}`);
      checked++;
    }
  } finally {
    native.quit();
  }
  return { checked, native: FAIRY_STOCKFISH ?? 'fairy-stockfish', mismatches };
}

const perftStarted = performance.now();
const perft =
  PERFT_POSITIONS > 0 ? await perftCrossCheck(PERFT_POSITIONS) : { checked: 0, native: null, mismatches: [] };
const perftSeconds = (performance.now() - perftStarted) / 1000;

const engines: Engine[] = [wasm, js];
const summary = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    load: loadavg().map((n) => Number(n.toFixed(2))),
  },
  builds: engines.map((e) => e.backend),
  games: GAMES,
  firstSeed: FIRST_SEED,
  plies,
  longestGame: longest,
  referenceChecks,
  reasons,
  results,
  soakSeconds: Number(soakSeconds.toFixed(1)),
  perft: {
    depth: 3,
    positions: perft.checked,
    native: perft.native,
    mismatches: perft.mismatches,
    seconds: Number(perftSeconds.toFixed(1)),
  },
};

const rows = Object.entries(reasons)
  .sort((a, b) => b[1] - a[1])
  .map(([reason, n]) => `  ${reason.padEnd(16)} ${String(n).padStart(6)}`);
console.log(
  `\n${GAMES} games (seeds ${FIRST_SEED}..${FIRST_SEED + GAMES - 1}) on ${summary.builds.join(' + ')}: ${plies} plies, all checked, ${soakSeconds.toFixed(1)} s`,
);
console.log(rows.join('\n'));
console.log(`results: ${JSON.stringify(results)}; longest game ${longest} plies`);
console.log(
  perft.native
    ? `perft(3) on ${perft.checked} random positions vs ${perft.native}: ${perft.mismatches.length ? `${perft.mismatches.length} MISMATCHES` : 'all agree'}`
    : 'perft cross-check skipped: fairy-stockfish is not installed',
);
for (const line of perft.mismatches) console.log(`  ${line}`);

const dir = new URL('../bench/results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('soak.json', dir), JSON.stringify(summary, null, 2) + '\n');
console.log('wrote bench/results/soak.json');
process.exit(perft.mismatches.length ? 1 : 0);
