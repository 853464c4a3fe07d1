// `npm run book`: writes book/xiangqi.book, the opening book the UCI engine and the board play from
// (layout: web/engine/book.ts). Positions are taken breadth first from the start position, the first
// moves of the named systems (opening-gen.ts), the built-in lines (lib/openings.ts) and the match
// tool's lines (bench/openings.txt), and then from the book's own moves. Each position is analysed
// by this engine at a fixed depth with MultiPV and an empty hash; the moves within a window of the
// best are stored, weighted by how far below the best they score, and followed. Fixed depth, an empty
// hash and cleared history per search make a run reproducible: same options, same engine, same file,
// whatever the number of threads (each ply's positions are analysed in parallel, then taken in order).
//
// The defaults are the committed book's settings (`npm run book` rebuilds it byte for byte); the
// options are listed by `npm run book -- --help`.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createEngine, START_FEN } from '../web/engine/index.ts';
import { bookKey, encodeBook, encodeMove, mirrorMove, positionKey, type BookRecord } from '../web/engine/book.ts';
import type { BookChoice } from './book-analysis.ts';
import type { BookTask } from './book-worker.ts';
import { SYSTEMS } from './opening-gen.ts';
import { commandLine, numberOption, wholeNumber } from '../lib/cli.ts';
import { builtInOpenings } from '../lib/openings.ts';
import { repoRoot } from './stats.ts';

const settings = commandLine(
  {
    usage: 'npm run book -- [options]',
    about:
      'Writes the opening book (book/xiangqi.book): positions breadth first from the start, the named systems, the built-in lines and bench/openings.txt, each analysed at a fixed depth with MultiPV; the moves within a window of the best are stored, weighted, and followed. The defaults rebuild the committed book byte for byte.',
    options: {
      depth: { type: 'string', value: 'N', default: '11', help: 'the analysis depth' },
      multipv: { type: 'string', value: 'N', default: '3', help: 'lines analysed per position' },
      window: {
        type: 'string',
        value: 'CP',
        default: '8',
        help: 'moves within this many centipawns of the best are stored',
      },
      'max-moves': { type: 'string', value: 'N', default: '2', help: 'moves stored per position at most' },
      positions: {
        type: 'string',
        value: 'N',
        default: '0',
        help: 'stop after this many positions (0: until the records fill --max-bytes)',
      },
      'max-bytes': { type: 'string', value: 'N', default: '262144', help: 'the largest book' },
      minutes: { type: 'string', value: 'M', default: '60', help: 'stop early with what is analysed' },
      jobs: {
        type: 'string',
        value: 'N',
        default: String(availableParallelism()),
        help: 'threads (default one a core)',
      },
      out: {
        type: 'string',
        value: 'FILE',
        default: new URL('book/xiangqi.book', repoRoot()).pathname,
        help: 'where to write the book',
      },
    },
  },
  (v) => ({
    depth: wholeNumber(v.depth, '--depth', { min: 1 }),
    multipv: wholeNumber(v.multipv, '--multipv', { min: 1 }),
    window: wholeNumber(v.window, '--window'),
    maxMoves: wholeNumber(v['max-moves'], '--max-moves', { min: 1 }),
    positions: wholeNumber(v.positions, '--positions'),
    maxBytes: wholeNumber(v['max-bytes'], '--max-bytes', { min: 12 }),
    minutes: numberOption(v.minutes, '--minutes', (n) => n > 0, 'a positive number', 60),
    jobs: wholeNumber(v.jobs, '--jobs', { min: 1 }),
    out: v.out,
  }),
);
const maxRecords = Math.floor((settings.maxBytes - 12) / 8);

const buildDir = new URL('./', import.meta.url);
const wasmUrl = new URL('engine.wasm', buildDir);
const jsUrl = new URL('engine.js', buildDir);
// The main thread only walks the tree: legality, keys and mirror tests.
const engine = await createEngine('wasm', { wasmUrl, jsUrl });

/** Every line the book starts from, as ICCS moves from the start position. */
function seedLines(): string[][] {
  const lines: string[][] = [[]];
  for (const s of SYSTEMS) lines.push([s.move]);
  for (const o of builtInOpenings()) if (o.fen === START_FEN) lines.push(o.moves);
  const text = readFileSync(new URL('bench/openings.txt', repoRoot()), 'utf8');
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon >= 0)
      lines.push(
        line
          .slice(colon + 1)
          .trim()
          .split(/\s+/)
          .filter(Boolean),
      );
  }
  return lines;
}

const started = Date.now();
const overTime = (): boolean => Date.now() - started > settings.minutes * 60_000;

const workers = await Promise.all(
  Array.from(
    { length: settings.jobs },
    () =>
      new Promise<Worker>((resolve, reject) => {
        const worker = new Worker(new URL('./bench-book-worker.js', import.meta.url), {
          workerData: { wasmUrl: wasmUrl.href, jsUrl: jsUrl.href, settings },
        });
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      }),
  ),
);

let analysed = 0;
/** Analyses the tasks on all threads; a result is missing only where the time limit stopped it. */
function analyseAll(tasks: BookTask[], ply: number): Promise<(BookChoice[] | undefined)[]> {
  const results = new Array<BookChoice[] | undefined>(tasks.length);
  let next = 0;
  return new Promise((resolve, reject) => {
    let busy = 0;
    const feed = (worker: Worker): void => {
      if (next >= tasks.length || overTime()) {
        if (busy === 0) resolve(results);
        return;
      }
      busy++;
      worker.postMessage(tasks[next++]);
    };
    for (const worker of workers) {
      worker.removeAllListeners('message').removeAllListeners('error');
      worker.on('message', (reply: { id: number; choices: BookChoice[] }) => {
        busy--;
        results[reply.id] = reply.choices;
        if (++analysed % 1000 === 0) {
          process.stderr.write(
            `${analysed} positions analysed, ply ${ply}, ${((Date.now() - started) / 60000).toFixed(1)} min\n`,
          );
        }
        feed(worker);
      });
      worker.on('error', reject);
    }
    if (tasks.length === 0) resolve(results);
    for (const worker of workers) feed(worker);
  });
}

const seen = new Set<number>();
const records: BookRecord[] = [];
let positions = 0;
let searches = 0;
// Breadth first by ply: the seeds' positions join the queue at their own ply.
const byPly: string[][][] = [];
for (const line of seedLines())
  for (let ply = 0; ply <= line.length; ply++) (byPly[ply] ??= []).push(line.slice(0, ply));
let stopped = '';
outer: for (let ply = 0; ply < byPly.length; ply++) {
  const tasks: (BookTask & { key: number; mirrored: boolean })[] = [];
  for (const moves of byPly[ply]!) {
    try {
      engine.setPosition(START_FEN, moves);
    } catch {
      continue; // a seed line the rules refuse is skipped
    }
    if (engine.status().over) continue;
    const { key, mirrored } = bookKey(engine.board(), engine.turn());
    if (seen.has(key)) continue;
    seen.add(key);
    const board = engine.board();
    const symmetric = positionKey(board, engine.turn()) === positionKey(board, engine.turn(), true);
    tasks.push({ id: 0, moves, symmetric, key, mirrored });
  }
  // Analysed in slices of at most as many positions as could still fit (each keeps at least one move),
  // so a ply that would overflow the book is not searched in full.
  for (let from = 0; from < tasks.length;) {
    const room = Math.min(
      maxRecords - records.length,
      settings.positions > 0 ? settings.positions - positions : Infinity,
    );
    const slice = tasks.slice(from, from + Math.max(1, room));
    from += slice.length;
    const results = await analyseAll(
      slice.map((t, id) => ({ ...t, id })),
      ply,
    );
    for (let i = 0; i < slice.length; i++) {
      const task = slice[i]!;
      const picked = results[i];
      if (picked === undefined) {
        stopped = `the ${settings.minutes}-minute limit`;
        break outer;
      }
      searches++;
      if (picked.length === 0) continue;
      if (records.length + picked.length > maxRecords) {
        stopped = `${settings.maxBytes} bytes`;
        break outer;
      }
      const best = picked[0]!.score;
      for (const p of picked) {
        // Weight halves every 20 cp below the best (the best weighs 1000).
        const weight = Math.max(1, Math.round(1000 * 2 ** (-(best - p.score) / 20)));
        records.push({ key: task.key, move: encodeMove(task.mirrored ? mirrorMove(p.move) : p.move), weight });
        (byPly[ply + 1] ??= []).push([...task.moves, p.move]);
      }
      positions++;
      if (settings.positions > 0 && positions >= settings.positions) {
        stopped = `${settings.positions} positions`;
        break outer;
      }
    }
  }
}
await Promise.all(workers.map((w) => w.terminate()));
const bytes = encodeBook(records);
mkdirSync(dirname(settings.out), { recursive: true });
writeFileSync(settings.out, bytes);
const minutes = (Date.now() - started) / 60000;
console.log(
  `${settings.out}: ${positions} positions, ${records.length} moves, ${bytes.length} bytes; depth ${settings.depth}, MultiPV ${settings.multipv}, ` +
    `window ${settings.window} cp, at most ${settings.maxMoves} moves a position; ${searches} searches in ${minutes.toFixed(1)} min on ${settings.jobs} threads` +
    (stopped ? `; stopped at ${stopped}` : ''),
);
