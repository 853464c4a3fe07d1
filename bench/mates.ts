// `npm run bench:mates -- [options]`: how many mates of the mate suite (bench/mates.txt, mined by
// `npm run mates:mine`) an engine finds, the shortest: for each, from `ucinewgame`, a search at 1 s
// and at fixed depths; found when its best move is one of the listed shortest first moves and its
// last score is `mate N` with the suite's N (bench/mates-answer.ts). Prints found / total by N and
// by quiet or forcing first move, lists the misses, writes bench/results/mates.json.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandLine, CommandLineError, wholeNumber } from '../lib/cli.ts';
import { describe, judge, OUTCOMES, readAnswer, type Answer, type Outcome } from './mates-answer.ts';
import { MATE_KINDS, MAX_MATE, parseMates, type Mate } from './mates-suite.ts';
import { fromFairyMove, UciProcess } from './native.ts';
import { buildInfo, machine, repoRoot, table, writeJson } from './stats.ts';

const root = repoRoot();
const args = commandLine(
  {
    usage: 'npm run bench:mates -- [options]',
    about:
      'Searches every mate of the mate suite (bench/mates.txt) from an empty table, at a time a move and at fixed depths, and counts those where the engine plays a shortest first move with the score `mate N` of the shortest mate. Prints the counts by N and by quiet or forcing first move and the misses; writes bench/results/mates.json.',
    options: {
      movetime: { type: 'string', value: 'MS', default: '1000', help: 'time a mate (0: no timed run)' },
      depths: { type: 'string', value: 'LIST', default: '8,12,16', help: 'fixed depths, comma-separated ("": none)' },
      nodes: {
        type: 'string',
        value: 'LIST',
        default: '',
        help: 'fixed node counts, comma-separated: the same search on a loaded machine, for comparing builds',
      },
      sample: { type: 'string', value: 'N', help: 'only N mates, every (total/N)th of the suite (default all)' },
      engine: {
        type: 'string',
        value: 'CMD',
        help: 'the UCI engine to run, a command line (default this build: node build/uci.js); Fairy-Stockfish is set to Xiangqi',
      },
      suite: { type: 'string', value: 'FILE', default: 'bench/mates.txt', help: 'the mate suite' },
    },
  },
  (v) => {
    const depths = v.depths
      .split(',')
      .filter((d) => d.trim() !== '')
      .map((d) => wholeNumber(d.trim(), '--depths', { min: 1, max: 64 }));
    const nodes = v.nodes
      .split(',')
      .filter((n) => n.trim() !== '')
      .map((n) => wholeNumber(n.trim(), '--nodes', { min: 1 }));
    const movetime = wholeNumber(v.movetime, '--movetime');
    if (movetime === 0 && depths.length === 0 && nodes.length === 0)
      throw new CommandLineError('--movetime 0 and no --depths or --nodes: nothing to run');
    return {
      movetime,
      depths,
      nodes,
      sample: v.sample === undefined ? null : wholeNumber(v.sample, '--sample', { min: 1 }),
      engine: v.engine?.trim().split(/\s+/) ?? [process.execPath, fileURLToPath(new URL('build/uci.js', root))],
      suite: v.suite,
    };
  },
);

/** Every (total/n)th mate, from the first: the same sample each time, spread over the suite's N. */
function sample(mates: Mate[], n: number | null): Mate[] {
  if (n === null || n >= mates.length) return mates;
  return Array.from({ length: n }, (_, i) => mates[Math.floor((i * mates.length) / n)]!);
}

const mates = sample(parseMates(readFileSync(new URL(args.suite, root), 'utf8')), args.sample);
const limits = [
  ...(args.movetime > 0 ? [{ name: `${args.movetime / 1000} s`, go: `movetime ${args.movetime}` }] : []),
  ...args.depths.map((d) => ({ name: `depth ${d}`, go: `depth ${d}` })),
  ...args.nodes.map((n) => ({ name: `${n.toLocaleString('en-US')} nodes`, go: `nodes ${n}` })),
];

const engine = new UciProcess(args.engine[0]!, args.engine.slice(1));
const hello = await engine.request('uci', (l) => l === 'uciok');
engine.idName = hello.find((l) => l.startsWith('id name '))?.slice('id name '.length) ?? args.engine.join(' ');
const fairy = /fairy-stockfish/i.test(engine.idName);
if (fairy) engine.send('setoption name UCI_Variant value xiangqi');
engine.send('setoption name Threads value 1');
engine.send('setoption name Hash value 64');
// Our book would answer a book position without a search (none of these is likely to be one).
if (!fairy) engine.send('setoption name OwnBook value false');
await engine.request('isready', (l) => l === 'readyok');

interface Result {
  line: number;
  n: number;
  kind: Mate['kind'];
  outcome: Outcome;
  answer: Answer;
  ms: number;
}
const before = machine();
const runs: { limit: string; seconds: number; results: Result[] }[] = [];
for (const limit of limits) {
  const results: Result[] = [];
  const start = performance.now();
  for (const [i, mate] of mates.entries()) {
    engine.send('ucinewgame');
    engine.send(`position fen ${mate.fen}`);
    await engine.request('isready', (l) => l === 'readyok');
    const t = performance.now();
    const lines = await engine.request(`go ${limit.go}`, (l) => l.startsWith('bestmove'));
    const answer = readAnswer(lines, fairy ? fromFairyMove : undefined);
    results.push({
      line: mate.line,
      n: mate.n,
      kind: mate.kind,
      outcome: judge(mate, answer),
      answer,
      ms: performance.now() - t,
    });
    if ((i + 1) % 50 === 0) process.stderr.write(`${limit.name}: ${i + 1}/${mates.length}\n`);
  }
  runs.push({ limit: limit.name, seconds: (performance.now() - start) / 1000, results });
}
engine.quit();

const cell = (rs: Result[]) => {
  const found = rs.filter((r) => r.outcome === 'found').length;
  return rs.length ? `${found} / ${rs.length} (${((100 * found) / rs.length).toFixed(0)}%)` : '-';
};
const groups: { name: string; of: (r: Result) => boolean }[] = [
  ...Array.from({ length: MAX_MATE }, (_, i) => ({ name: `mate in ${i + 1}`, of: (r: Result) => r.n === i + 1 })),
  ...MATE_KINDS.map((kind) => ({ name: kind, of: (r: Result) => r.kind === kind })),
  { name: 'all', of: () => true },
];
console.log(
  `${engine.idName}: ${mates.length} mates of ${args.suite}; found (the shortest mate, a shortest first move)\n`,
);
console.log(
  table(
    ['mates', ...runs.map((r) => r.limit)],
    groups
      .filter((g) => runs[0]!.results.some(g.of))
      .map((g) => [g.name, ...runs.map((run) => cell(run.results.filter(g.of)))]),
  ),
);
// What a player sees first: whether a mate is shown at all, whatever its length.
for (const run of runs) {
  const shown = run.results.filter((r) => r.answer.mate !== null && r.answer.mate > 0).length;
  console.log(
    `${run.limit}: a mate score shown in ${shown} of ${run.results.length}; no mate shown (hidden) in ${run.results.length - shown}`,
  );
}
for (const run of runs) {
  const misses = run.results.filter((r) => r.outcome !== 'found');
  const counts = OUTCOMES.slice(1)
    .map((o) => [o, misses.filter((r) => r.outcome === o).length] as const)
    .filter(([, k]) => k > 0)
    .map(([o, k]) => `${k} ${o}`);
  console.log(
    `\n${run.limit} (${run.seconds.toFixed(0)} s): ${misses.length} missed${counts.length ? `: ${counts.join(', ')}` : ''}`,
  );
  for (const r of misses) {
    const mate = mates.find((m) => m.line === r.line)!;
    console.log(
      `  line ${r.line}: ${mate.fen}; mate in ${r.n} by ${mate.moves.join(' ')}; ${r.outcome}: ${describe(r.answer)}`,
    );
  }
}
const suspect = runs.flatMap((run) => run.results).filter((r) => r.outcome === 'shorter' || r.outcome === 'unlisted');
if (suspect.length) {
  console.log(
    `\n${suspect.length} answers contradict the suite (shorter or unlisted): check those lines with Fairy-Stockfish (npm run mates:mine -- --recheck FEN).`,
  );
}
const file = writeJson('mates.json', {
  machine: before,
  loadAfter: machine()['load'],
  build: buildInfo(),
  engine: engine.idName,
  suite: args.suite,
  mates: mates.length,
  runs,
});
console.log(`\nwrote ${file}`);
