// `npm run stop-latency`: how fast the UCI engine answers `stop`, and how well it keeps `movetime`,
// measured as a GUI sees it: the command line is spawned and timed from the moment a command is
// written to its stdin to the moment `bestmove` arrives on its stdout.
//   - stop: `go infinite`, a random wait (20-400 ms), then `stop`; target <= 50 ms.
//   - movetime: `go movetime T` for T in 50/100/200/500 ms; overshoot = elapsed - T, target <= 30 ms.
// Positions come from seeded random play, so the search sees openings, middlegames and endgames.
// Both backends. Then the same two measures on the engine alone, in this process (no pipes, no
// threads): how soon a search returns once its stop hook says stop, and how far a movetime search
// runs past its time. The gap between the two sets is the process, the pipes and the scheduler.
// Prints a table, writes bench/results/stop-latency.json.
//   node build/bench-stop-latency.js [--positions 40] [--seed 1]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, getPriority, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createEngine, START_FEN } from '../web/engine/index.ts';
import { UciProcess } from './native.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { Random } from '../lib/random.ts';

const STOP_TARGET_MS = 50;
const OVERSHOOT_TARGET_MS = 30;
const MOVETIMES = [50, 100, 200, 500];

const settings = commandLine(
  {
    usage: 'npm run stop-latency -- [options]',
    about:
      'How fast the UCI engine answers `stop` (target 50 ms) and how well it keeps `movetime` (overshoot target 30 ms), timed as a GUI sees it, then the engine alone in this process. Writes bench/results/stop-latency.json.',
    options: {
      positions: { type: 'string', value: 'N', default: '40', help: 'positions from seeded random play' },
      seed: { type: 'string', value: 'N', default: '1', help: 'the seed of that play and of the waits' },
    },
  },
  (v) => ({
    positions: wholeNumber(v.positions, '--positions', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed', { min: 1 }),
  }),
);
const POSITIONS = settings.positions;
const random = new Random(settings.seed);

/** Positions reached by random play from the start; over games are skipped. */
async function positions(count: number): Promise<string[]> {
  const engine = await createEngine('wasm', {
    wasmUrl: new URL('./engine.wasm', import.meta.url),
    jsUrl: new URL('./engine.js', import.meta.url),
  });
  const found: string[] = [START_FEN];
  while (found.length < count) {
    engine.setPosition(START_FEN);
    const plies = random.below(90);
    for (let i = 0; i < plies && !engine.status().over; i++) engine.play(random.pick(engine.legalMoves()));
    if (!engine.status().over) found.push(engine.fen());
  }
  return found;
}

const bin = fileURLToPath(new URL('../bin/xiangqi-engine.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `command` and resolves with the ms until `bestmove`, or rejects after `timeoutMs`. */
async function timeToBestmove(
  uci: UciProcess,
  command: string,
  timeoutMs: number,
  before?: () => Promise<void>,
): Promise<number> {
  const answer = uci.request(command, (l) => l.startsWith('bestmove'));
  if (before) await before();
  const sent = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no bestmove ${timeoutMs} ms after "${command}"`)), timeoutMs);
  });
  try {
    await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return performance.now() - sent;
}

interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
  over: number;
}

function stats(samples: number[], target: number): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const round = (x: number) => Number(x.toFixed(1));
  return {
    n: s.length,
    median: round(q(0.5)),
    p95: round(q(0.95)),
    p99: round(q(0.99)),
    max: round(s[s.length - 1]!),
    over: s.filter((x) => x > target).length,
  };
}

const fens = await positions(POSITIONS);
const report: Record<string, unknown> = {};
const rows: string[][] = [];
for (const backend of ['wasm', 'js'] as const) {
  const uci = new UciProcess(process.execPath, [bin]);
  await uci.request('uci', (l) => l === 'uciok');
  uci.send(`setoption name Backend value ${backend}`);
  // Measures the search: a book answer would come at once and say nothing about stopping.
  uci.send('setoption name OwnBook value false');
  await uci.request('isready', (l) => l === 'readyok');
  const stopLatency: number[] = [];
  const overshoot: Record<number, number[]> = Object.fromEntries(MOVETIMES.map((t) => [t, []]));
  const worst: { kind: string; fen: string; ms: number }[] = [];
  for (const fen of fens) {
    uci.send(`position fen ${fen}`);
    await uci.request('isready', (l) => l === 'readyok');
    // Stop: the clock starts when `stop` is written, after the search has run a while.
    const wait = 20 + random.below(380);
    const stopMs = await new Promise<number>((resolve, reject) => {
      const answer = uci.request('go infinite', (l) => l.startsWith('bestmove'));
      void sleep(wait).then(() => {
        const sent = performance.now();
        uci.send('stop');
        const timer = setTimeout(() => reject(new Error(`no bestmove 5 s after stop (${fen})`)), 5000);
        void answer.then(() => {
          clearTimeout(timer);
          resolve(performance.now() - sent);
        });
      });
    });
    stopLatency.push(stopMs);
    if (stopMs > STOP_TARGET_MS) worst.push({ kind: `stop after ${wait} ms`, fen, ms: Number(stopMs.toFixed(1)) });
    for (const movetime of MOVETIMES) {
      const elapsed = await timeToBestmove(uci, `go movetime ${movetime}`, movetime + 5000);
      overshoot[movetime]!.push(elapsed - movetime);
      if (elapsed - movetime > OVERSHOOT_TARGET_MS)
        worst.push({ kind: `movetime ${movetime}`, fen, ms: Number((elapsed - movetime).toFixed(1)) });
    }
  }
  uci.quit();
  const stop = stats(stopLatency, STOP_TARGET_MS);
  const over = Object.fromEntries(MOVETIMES.map((t) => [t, stats(overshoot[t]!, OVERSHOOT_TARGET_MS)]));
  const all = stats(Object.values(overshoot).flat(), OVERSHOOT_TARGET_MS);
  report[backend] = { stop, overshoot: over, overshootAll: all, misses: worst };
  const row = (what: string, s: Stats, target: number) => [
    backend,
    what,
    String(s.n),
    s.median.toFixed(1),
    s.p95.toFixed(1),
    s.p99.toFixed(1),
    s.max.toFixed(1),
    `${s.over} (> ${target})`,
  ];
  rows.push(row('stop latency', stop, STOP_TARGET_MS));
  for (const t of MOVETIMES) rows.push(row(`movetime ${t} overshoot`, over[t]!, OVERSHOOT_TARGET_MS));
}

// The engine alone: the stop hook turns true at a chosen moment; the search must notice and return.
for (const backend of ['wasm', 'js'] as const) {
  let stopAt = Number.POSITIVE_INFINITY;
  const engine = await createEngine(backend, {
    wasmUrl: new URL('./engine.wasm', import.meta.url),
    jsUrl: new URL('./engine.js', import.meta.url),
    stopRequested: () => (performance.now() >= stopAt ? 1 : 0),
  });
  const stopLatency: number[] = [];
  const overshoot: number[] = [];
  for (const fen of fens) {
    engine.setPosition(fen);
    const started = performance.now();
    stopAt = started + 20 + random.below(380);
    engine.search({ infinite: true });
    stopLatency.push(performance.now() - stopAt);
    stopAt = Number.POSITIVE_INFINITY;
    for (const movetime of MOVETIMES) {
      const t0 = performance.now();
      engine.search({ movetime });
      overshoot.push(performance.now() - t0 - movetime);
    }
  }
  const stop = stats(stopLatency, STOP_TARGET_MS);
  const over = stats(overshoot, OVERSHOOT_TARGET_MS);
  report[`${backend}-engine-only`] = { stop, overshoot: over };
  const row = (what: string, s: Stats, target: number) => [
    `${backend} (engine)`,
    what,
    String(s.n),
    s.median.toFixed(1),
    s.p95.toFixed(1),
    s.p99.toFixed(1),
    s.max.toFixed(1),
    `${s.over} (> ${target})`,
  ];
  rows.push(row('stop latency', stop, STOP_TARGET_MS), row('movetime overshoot', over, OVERSHOOT_TARGET_MS));
}

const header = ['backend', 'measure (ms)', 'n', 'median', 'p95', 'p99', 'max', 'misses'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));

const dir = new URL('../bench/results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(
  new URL('stop-latency.json', dir),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      // Other processes share the cores: the load, and this run's niceness (negative: ahead of them).
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        load: loadavg().map((n) => Number(n.toFixed(2))),
        nice: getPriority(),
      },
      targets: { stopMs: STOP_TARGET_MS, overshootMs: OVERSHOOT_TARGET_MS },
      positions: fens.length,
      ...report,
    },
    null,
    2,
  ) + '\n',
);
console.log('wrote bench/results/stop-latency.json');
