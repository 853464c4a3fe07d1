// `npm run bench:analyse -- [--games 32] [--depth 12] [--workers 1,2]`: how fast `xiangqi-engine
// analyse` goes through a file of real games on 1 and on more worker threads. The games are the
// first of a committed match (bench/matches/), the command is the shipped one run as a user runs
// it, and each worker count's annotated PGN must be the same bytes. Prints a table; writes
// bench/results/analyse.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { commandLine, CommandLineError, wholeNumber } from '../lib/cli.ts';
import { table } from './format.ts';
import { buildInfo, machine, repoRoot, writeJson } from './stats.ts';

const DEFAULT_SOURCE = 'bench/matches/2026-12-02-03-52-31-fairy-stockfish.pgn.br';

const args = commandLine(
  {
    usage: 'npm run bench:analyse -- [options]',
    about:
      'Times `xiangqi-engine analyse` on real games with 1 worker and with more (games a minute, positions a second, the speed-up), and checks that every worker count writes the same bytes. Writes bench/results/analyse.json.',
    options: {
      games: { type: 'string', value: 'N', default: '32', help: 'games to analyse (the first of the source)' },
      depth: { type: 'string', value: 'D', default: '12', help: 'search depth of each position' },
      workers: { type: 'string', value: 'LIST', default: '1,2', help: 'worker counts to time, comma-separated' },
      source: { type: 'string', value: 'FILE', default: DEFAULT_SOURCE, help: 'games: a PGN file, or .pgn.br' },
    },
  },
  (v) => {
    const workers = v.workers.split(',').map((w) => wholeNumber(w.trim(), '--workers', { min: 1, max: 64 }));
    if (workers.length === 0) throw new CommandLineError('--workers needs at least one count');
    return {
      games: wholeNumber(v.games, '--games', { min: 1 }),
      depth: wholeNumber(v.depth, '--depth', { min: 1, max: 40 }),
      workers,
      source: v.source,
    };
  },
);

const root = fileURLToPath(repoRoot());
const bytes = readFileSync(join(root, args.source));
const text = (args.source.endsWith('.br') ? brotliDecompressSync(bytes) : bytes).toString('utf8');
const games = text.split(/\n(?=\[Game )/).slice(0, args.games);
const positions = games.reduce((n, g) => n + Number(/\[PlyCount "(\d+)"\]/.exec(g)?.[1] ?? NaN) + 1, 0);
const dir = mkdtempSync(join(tmpdir(), 'bench-analyse-'));
writeFileSync(join(dir, 'games.pgn'), games.join('\n'));
const before = machine();
const runs: { workers: number; seconds: number; gamesPerMinute: number; positionsPerSecond: number }[] = [];
const outputs: string[] = [];
try {
  for (const workers of args.workers) {
    const out = join(dir, `annotated-${workers}.pgn`);
    const start = performance.now();
    execFileSync(
      process.execPath,
      [
        join(root, 'bin/xiangqi-engine.js'),
        'analyse',
        'games.pgn',
        '--depth',
        String(args.depth),
        '--workers',
        String(workers),
        '--out',
        out,
        '--progress',
        'none',
      ],
      { cwd: dir, stdio: 'inherit' },
    );
    const seconds = (performance.now() - start) / 1000;
    runs.push({
      workers,
      seconds: Math.round(seconds * 10) / 10,
      gamesPerMinute: Math.round((games.length / seconds) * 60 * 10) / 10,
      positionsPerSecond: Math.round(positions / seconds),
    });
    outputs.push(readFileSync(out, 'utf8'));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const same = outputs.every((o) => o === outputs[0]);
const base = runs[0]!;
console.log(
  `\n${games.length} games (${positions} positions) of ${args.source}, depth ${args.depth}; load before: ${before['load']}\n`,
);
console.log(
  table(
    ['workers', 'seconds', 'games/min', 'positions/s', 'speed-up'],
    runs.map((r) => [
      String(r.workers),
      r.seconds.toFixed(1),
      r.gamesPerMinute.toFixed(1),
      String(r.positionsPerSecond),
      `${(base.seconds / r.seconds).toFixed(2)}x`,
    ]),
  ),
);
console.log(`\nthe annotated PGN is the same bytes for every worker count: ${same ? 'yes' : 'NO'}`);
const file = writeJson('analyse.json', {
  machine: { ...before, loadAfter: machine()['load'] },
  build: buildInfo(),
  source: args.source,
  games: games.length,
  positions,
  depth: args.depth,
  sameOutput: same,
  runs,
});
console.log(`wrote ${file}`);
if (!same) process.exit(1);
