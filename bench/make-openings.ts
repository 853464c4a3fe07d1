// `npm run openings`: writes bench/openings.txt, the match tool's default opening lines.
//
// Each line starts with the first move of a named system (opening-gen.ts: central cannon, pawn,
// elephant, horse, palace cannons...), then walks on: at every ply Fairy-Stockfish searches the
// position (MultiPV, a shallow fixed depth, empty hash) and one of its moves within a window of the
// best is picked at random (seeded). A line of 6-8 plies is kept when a deeper search of its final
// position scores it within the threshold, and when no kept line reached the same position (or its
// mirror). Fixed depths, one thread and `ucinewgame` before each search make a run reproducible:
// the same seed and engine version give the same file.
//
// The options are listed by `npm run openings -- --help`.
import { writeFileSync } from 'node:fs';
import { createEngine, START_FEN } from '../web/engine/index.ts';
import { commandLine, numberOption, wholeNumber } from '../lib/cli.ts';
import { seededRandom } from '../lib/random.ts';
import { fromFairyMove, startFairyStockfish, toFairyMove, type UciProcess } from './native.ts';
import {
  lineName,
  openingLine,
  parseMultiPv,
  pickMove,
  pickSystem,
  positionKey,
  type Candidate,
} from './opening-gen.ts';
import { repoRoot } from './stats.ts';

const settings = commandLine(
  {
    usage: 'npm run openings -- [options]',
    about:
      "Writes bench/openings.txt, the match tool's default opening lines: each starts with a named system's first move and walks on by Fairy-Stockfish's moves within a window of the best (seeded); a line is kept when a deeper search scores its end within the threshold. The same seed and engine version give the same file.",
    options: {
      count: { type: 'string', value: 'N', default: '200', help: 'lines to write' },
      seed: { type: 'string', value: 'N', default: '1', help: 'the seed of the walks' },
      depth: { type: 'string', value: 'N', default: '14', help: "the depth of the check of a line's end" },
      'walk-depth': { type: 'string', value: 'N', default: '8', help: 'the depth of the search at each ply of a walk' },
      multipv: { type: 'string', value: 'N', default: '5', help: 'moves considered at each ply' },
      window: {
        type: 'string',
        value: 'CP',
        default: '40',
        help: 'moves within this many centipawns of the best may be picked',
      },
      threshold: { type: 'string', value: 'CP', default: '80', help: "the largest score of a kept line's end" },
      minutes: { type: 'string', value: 'M', default: '13', help: 'stop early with the lines found' },
      out: {
        type: 'string',
        value: 'FILE',
        default: new URL('bench/openings.txt', repoRoot()).pathname,
        help: 'where to write the lines',
      },
    },
  },
  (v) => ({
    count: wholeNumber(v.count, '--count', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed'),
    depth: wholeNumber(v.depth, '--depth', { min: 1 }),
    walkDepth: wholeNumber(v['walk-depth'], '--walk-depth', { min: 1 }),
    multipv: wholeNumber(v.multipv, '--multipv', { min: 1 }),
    window: wholeNumber(v.window, '--window'),
    threshold: wholeNumber(v.threshold, '--threshold'),
    minutes: numberOption(v.minutes, '--minutes', (n) => n > 0, 'a positive number', 13),
    out: v.out,
  }),
);

const buildDir = new URL('./', import.meta.url); // build/, beside the engine builds
const rules = await createEngine('wasm', {
  wasmUrl: new URL('engine.wasm', buildDir),
  jsUrl: new URL('engine.js', buildDir),
});
const started = await startFairyStockfish();
if (!started) throw new Error('fairy-stockfish is not installed (apt-get install fairy-stockfish)');
const fsf: UciProcess = started;
const version = fsf.idName ?? 'Fairy-Stockfish';

let multipvNow = 1;
/** Fairy-Stockfish's moves after `moves` from the start, best first, at `depth`, from an empty hash. */
async function search(moves: readonly string[], depth: number, multipv: number): Promise<Candidate[]> {
  if (multipv !== multipvNow) fsf.send(`setoption name MultiPV value ${(multipvNow = multipv)}`);
  fsf.send('ucinewgame');
  await fsf.request('isready', (l) => l === 'readyok');
  fsf.send(`position startpos${moves.length ? ` moves ${moves.map(toFairyMove).join(' ')}` : ''}`);
  return parseMultiPv(await fsf.request(`go depth ${depth}`, (l) => l.startsWith('bestmove')), fromFairyMove);
}

// Positions near the root come up in many walks: search each once.
const walkCache = new Map<string, Candidate[]>();
async function walkMoves(moves: readonly string[]): Promise<Candidate[]> {
  const key = moves.join(' ');
  let found = walkCache.get(key);
  if (!found) walkCache.set(key, (found = await search(moves, settings.walkDepth, settings.multipv)));
  return found;
}

const random = seededRandom(settings.seed);
const kept: { name: string; moves: string[]; redCp: number }[] = [];
const seen = new Set<string>();
const deadline = performance.now() + settings.minutes * 60_000;
const tally = { attempts: 0, duplicate: 0, unbalanced: 0, skipped: 0, ended: 0, deepSearches: 0 };
const begun = performance.now();

while (kept.length < settings.count && performance.now() < deadline) {
  tally.attempts++;
  const system = pickSystem(random);
  const plies = 6 + Math.floor(random() * 3);
  const moves = [system.move];
  let lastCp = 0; // the last move's score for its mover, at the walk depth
  while (moves.length < plies) {
    const choice = pickMove(await walkMoves(moves), settings.window, random);
    if (!choice) break;
    moves.push(choice.move);
    lastCp = choice.cp;
  }
  if (moves.length < plies) {
    tally.ended++;
    continue;
  }
  rules.setPosition(START_FEN, moves); // throws if Fairy-Stockfish and our rules ever disagree
  if (rules.status().over) {
    tally.ended++;
    continue;
  }
  const key = positionKey(rules.fen());
  if (seen.has(key)) {
    tally.duplicate++;
    continue;
  }
  // The shallow score of the last move already says whether the deep search could pass.
  if (Math.abs(lastCp) > settings.threshold + 60) {
    tally.skipped++;
    continue;
  }
  tally.deepSearches++;
  const [best] = await search(moves, settings.depth, 1);
  const cp = best?.cp ?? Infinity;
  if (Math.abs(cp) > settings.threshold) {
    tally.unbalanced++;
    continue;
  }
  seen.add(key);
  const redCp = moves.length % 2 === 0 ? cp : -cp; // side to move is Red after an even count
  kept.push({ name: lineName(system.name, moves), moves, redCp });
  process.stderr.write(
    `[${kept.length}/${settings.count}] ${moves.join(' ')}  ${redCp} cp  (${((performance.now() - begun) / 1000).toFixed(0)} s)\n`,
  );
}
fsf.quit();

const seconds = (performance.now() - begun) / 1000;
const header = [
  `# Opening lines for \`npm run match\` (its default): ${kept.length} lines of 6-8 plies from the start position.`,
  `# Made by \`npm run openings\` (bench/make-openings.ts) with ${version}, seed ${settings.seed}:`,
  `# the first move of a named system (bench/opening-gen.ts), then at each ply one of Fairy-Stockfish's`,
  `# MultiPV ${settings.multipv} moves at depth ${settings.walkDepth} within ${settings.window} cp of the best, at random;`,
  `# kept when a search of the final position at depth ${settings.depth} scores |eval| <= ${settings.threshold} cp, and`,
  `# when no earlier line reached the same position or its mirror. One thread, empty hash per search.`,
  `# ${tally.attempts} walks: ${kept.length} kept, ${tally.unbalanced + tally.skipped} unbalanced, ${tally.duplicate} duplicate positions, ` +
    `${tally.ended} ended early; ${(seconds / 60).toFixed(1)} min.`,
  `# Format: name: moves (ICCS, ranks 0-9), then the depth-${settings.depth} eval as a comment.`,
  '',
];
const body = kept.map((k, i) => openingLine(`${k.name} ${i + 1}`, k.moves, k.redCp, settings.depth));
writeFileSync(settings.out, [...header, ...body, ''].join('\n'));
process.stderr.write(
  `wrote ${kept.length} lines to ${settings.out} in ${(seconds / 60).toFixed(1)} min ` +
    `(${tally.attempts} walks, ${tally.deepSearches} deep searches, ${tally.unbalanced + tally.skipped} unbalanced, ${tally.duplicate} duplicates)\n`,
);
process.exit(kept.length >= 100 ? 0 : 1);
